import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@tieline/ui';
import { DialogActions } from '../../components/dialog-actions';

/** The last look before a mass send: how many people, which statuses. */
export function ConfirmSendDialog({
  open,
  onOpenChange,
  recipients,
  statuses,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  recipients: number;
  statuses: string[];
  pending: boolean;
  onConfirm: () => void;
}) {
  const people = `${recipients.toLocaleString()} respondent${recipients === 1 ? '' : 's'}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Email the survey to {people}?</DialogTitle>
          <DialogDescription>
            Everyone with the status {statuses.join(', ')} gets the message with their personal link, once. Opted-out
            respondents are never emailed.
          </DialogDescription>
        </DialogHeader>
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel="Email Survey"
          busy={pending}
          busyLabel="Sending…"
          onSubmit={onConfirm}
        />
      </DialogContent>
    </Dialog>
  );
}
