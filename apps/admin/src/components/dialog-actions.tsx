import { Alert, AlertDescription, Button, DialogFooter } from '@tieline/ui';

type DialogActionsProps = {
  onCancel: () => void;
  cancelLabel?: string;
  cancelDisabled?: boolean;
  submitLabel: string;
  /** A call in flight: the button is disabled and shows busyLabel (when given). */
  busy?: boolean;
  busyLabel?: string;
  /** Disabled for another reason than busy (for example an invalid form). */
  disabled?: boolean;
  variant?: 'default' | 'destructive';
  /** A click button; without it the button submits its form. */
  onSubmit?: () => void;
  /** The failed call's message, in a destructive alert above the buttons. */
  error?: string | null;
};

/** A dialog's footer: the failed call's alert, then Cancel (outline) and the action button. */
export function DialogActions({
  onCancel,
  cancelLabel = 'Cancel',
  cancelDisabled,
  submitLabel,
  busy = false,
  busyLabel,
  disabled = false,
  variant = 'default',
  onSubmit,
  error,
}: DialogActionsProps) {
  return (
    <>
      {error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button variant="outline" disabled={cancelDisabled} onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type={onSubmit ? 'button' : 'submit'} variant={variant} disabled={busy || disabled} onClick={onSubmit}>
          {busy && busyLabel ? busyLabel : submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
