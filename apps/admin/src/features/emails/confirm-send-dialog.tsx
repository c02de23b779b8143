import { Checkbox, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, Label } from '@tieline/ui';
import { EMAIL_MSG } from '@tieline/validation';
import { useId } from 'react';
import { DialogActions } from '../../components/dialog-actions';

/**
 * The last look before a mass send: how many people, which statuses, and whether the people respondents
 * added (snowball) go too: they are left out unless the owner ticks the box (issue 21).
 */
export function ConfirmSendDialog({
  open,
  onOpenChange,
  selected,
  added,
  includeAdded,
  onIncludeAdded,
  statuses,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Respondents of the chosen statuses, added people included. */
  selected: number;
  /** Of those, the people respondents added. */
  added: number;
  includeAdded: boolean;
  onIncludeAdded: (include: boolean) => void;
  statuses: string[];
  pending: boolean;
  onConfirm: () => void;
}) {
  const id = useId();
  const recipients = includeAdded ? selected : selected - added;
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
        {added > 0 ? (
          <div className="flex flex-col gap-1.5">
            <div className="flex items-center gap-2">
              <Checkbox
                id={`${id}-added`}
                checked={includeAdded}
                onCheckedChange={(on) => onIncludeAdded(on === true)}
                aria-describedby={`${id}-added-hint`}
              />
              <Label htmlFor={`${id}-added`} className="font-normal">
                {EMAIL_MSG.includeAdded(added)}
              </Label>
            </div>
            <p id={`${id}-added-hint`} className="text-xs text-muted-foreground">
              {EMAIL_MSG.addedLeftOut}
            </p>
          </div>
        ) : null}
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel="Email Survey"
          busy={pending}
          busyLabel="Sending…"
          disabled={recipients === 0}
          onSubmit={onConfirm}
        />
      </DialogContent>
    </Dialog>
  );
}
