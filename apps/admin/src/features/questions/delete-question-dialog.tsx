import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@tieline/ui';
import { SURVEY_MSG } from '@tieline/validation';
import { DialogActions } from '../../components/dialog-actions';

type Props = {
  name: string;
  /** Why the question cannot go (the server's 409, or the same rule run here first); null asks to confirm. */
  refusal: string | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** The delete-question dialog (spec §2), or "Cannot Delete Question" while others pipe from it (§5). */
export function DeleteQuestionDialog({ name, refusal, pending, onConfirm, onClose }: Props) {
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-[400px]">
        <DialogHeader>
          <DialogTitle>{refusal ? SURVEY_MSG.cannotDeleteQuestionTitle : 'Delete Question'}</DialogTitle>
          <DialogDescription>{refusal ?? `Are you sure you want to delete ${name}?`}</DialogDescription>
        </DialogHeader>
        {refusal ? (
          <DialogFooter>
            <Button onClick={onClose}>OK</Button>
          </DialogFooter>
        ) : (
          <DialogActions
            onCancel={onClose}
            cancelDisabled={pending}
            submitLabel="Delete"
            variant="destructive"
            busy={pending}
            onSubmit={onConfirm}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
