import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
} from '@tieline/ui';
import { useState } from 'react';

type DeleteSurveyDialogProps = {
  name: string | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Spec §5: Delete stays disabled until the user types "Delete" (any case). */
export function DeleteSurveyDialog({ name, pending, onConfirm, onClose }: DeleteSurveyDialogProps) {
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim().toLowerCase() === 'delete';
  const close = () => {
    setTyped('');
    onClose();
  };
  return (
    <Dialog
      open={name !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete survey</DialogTitle>
          <DialogDescription>“{name}” will be deleted with all its responses. This cannot be undone.</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (confirmed) {
              setTyped('');
              onConfirm();
            }
          }}
        >
          <FormField label="Type Delete to confirm">
            {(field) => (
              <Input autoComplete="off" {...field} value={typed} onChange={(e) => setTyped(e.target.value)} />
            )}
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!confirmed || pending}>
              {pending ? 'Deleting…' : 'Delete'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
