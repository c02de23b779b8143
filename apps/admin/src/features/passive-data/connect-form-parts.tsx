import { Button } from '@tieline/ui';
import { errorMessage } from '../../lib/errors';

// What the connect dialogs (Slack, Microsoft 365) share: the ids a person pastes, and the footer that
// shows the source's refusal and the buttons.

/** Ids pasted separated by commas, spaces or new lines. */
export const idsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export function ConnectFormFooter({
  error,
  pending,
  pendingLabel,
  onCancel,
}: {
  error: unknown;
  pending: boolean;
  /** What the button says while the source checks the credentials. */
  pendingLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(error)}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : 'Connect'}
        </Button>
      </div>
    </>
  );
}
