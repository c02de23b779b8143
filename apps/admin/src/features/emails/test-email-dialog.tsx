import { useMutation } from '@tanstack/react-query';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  toast,
} from '@tieline/ui';
import { testSentMessage, ZTestAddresses } from '@tieline/validation';
import { useState } from 'react';
import { DialogActions } from '../../components/dialog-actions';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';

/**
 * Send Test email (spec §5): comma-separated addresses; 'Email Sent' or 'Emails Sent' by the count of '@'.
 * `before` saves the message first (an update-email event), so the test shows what is saved.
 */
export function TestEmailDialog({
  open,
  onOpenChange,
  surveyId,
  message,
  defaultTo,
  before,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  surveyId: string;
  message: { subject: string; body: string; plainHTML: boolean };
  defaultTo: string;
  before: () => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const [to, setTo] = useState(defaultTo);
  const [blurred, setBlurred] = useState(false);
  const send = useMutation(trpc.emails.test.mutationOptions());
  // Spec §5: Send is disabled while the field is empty or invalid; why shows once the field is left.
  const problem = to.trim() === '' ? undefined : ZTestAddresses.safeParse(to).error?.issues[0]?.message;
  const ready = to.trim() !== '' && problem === undefined;

  const submit = async () => {
    if (!ready) return setBlurred(true);
    await before();
    send.mutate(
      { surveyId, ...message, to },
      {
        onSuccess: () => {
          toast.success(testSentMessage(to));
          onOpenChange(false);
        },
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Send Test email</DialogTitle>
          <DialogDescription>
            The message as respondents get it, with your name in the tokens and a test link that saves nothing.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <FormField
            label="Send to"
            hint="Separate addresses with commas (at most 10)."
            error={blurred ? problem : undefined}
          >
            {(field) => (
              <Input
                {...field}
                type="text"
                autoComplete="email"
                value={to}
                onChange={(e) => setTo(e.target.value)}
                onBlur={() => setBlurred(true)}
              />
            )}
          </FormField>
          <DialogActions
            onCancel={() => onOpenChange(false)}
            submitLabel="Send"
            busy={send.isPending}
            busyLabel="Sending…"
            disabled={!ready}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
