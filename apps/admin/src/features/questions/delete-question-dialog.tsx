import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@tieline/ui';
import { SURVEY_MSG } from '@tieline/validation';
import { TypedDeleteDialog } from '../../components/typed-delete-dialog';

type Props = {
  name: string;
  /** Why the question cannot go (the server's 409, or the same rule run here first); null asks to confirm. */
  refusal: string | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * The delete-question dialog (spec §2): the word Delete typed first, as every destructive action asks;
 * or "Cannot Delete Question" while others pipe from it (§5).
 */
export function DeleteQuestionDialog({ name, refusal, pending, onConfirm, onClose }: Props) {
  const onOpenChange = (open: boolean) => (open ? null : onClose());
  if (!refusal) {
    return (
      <TypedDeleteDialog
        open
        onOpenChange={onOpenChange}
        title="Delete Question"
        confirmLabel="Delete"
        busy={pending}
        onConfirm={onConfirm}
      >
        {`Are you sure you want to delete ${name}?`}
      </TypedDeleteDialog>
    );
  }
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[400px]">
        <DialogHeader>
          <DialogTitle>{SURVEY_MSG.cannotDeleteQuestionTitle}</DialogTitle>
          <DialogDescription>{refusal}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={onClose}>OK</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
