import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Label,
  RadioGroup,
  RadioGroupItem,
  toast,
} from '@tieline/ui';
import {
  DASHBOARD_MSG,
  RESPONSE_STATUSES,
  type TDashboardResponse,
  type TResponseStatus,
  ZEmail,
} from '@tieline/validation';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { BusyForm } from '../../components/busy-form';
import { DialogActions } from '../../components/dialog-actions';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { resendUrl } from './response-list';

type DialogProps = {
  response: TDashboardResponse | null;
  onClose: () => void;
  onChanged: () => void;
};

/** Spec §2 Edit Status: the seven statuses as radios, a note with the current one, Update and Cancel. */
export function EditStatusDialog({ response, onClose, onChanged }: DialogProps) {
  const trpc = useTRPC();
  const id = useId();
  const [status, setStatus] = useState<TResponseStatus>(response?.status ?? 'Not Sent');
  // Keyed on the id: the list refreshes every few seconds and must not undo the choice being made.
  const openedId = response?._id;
  const current = response?.status;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening only, not on each refresh
  useEffect(() => {
    if (openedId && current) setStatus(current);
  }, [openedId]);
  const update = useMutation(
    trpc.responses.dashboard.updateStatus.mutationOptions({
      onSuccess: () => {
        toast.success(DASHBOARD_MSG.statusUpdated);
        onChanged();
        onClose();
      },
    }),
  );
  return (
    <Dialog open={response !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-[400px]">
        <DialogHeader>
          <DialogTitle>Edit Status</DialogTitle>
          <DialogDescription>
            {response?.name}: the current status is <strong className="text-foreground">{response?.status}</strong>.
          </DialogDescription>
        </DialogHeader>
        <BusyForm
          busy={update.isPending}
          onSubmit={() => {
            if (response) update.mutate({ responseId: response._id, status });
          }}
        >
          <RadioGroup
            aria-label="Status"
            value={status}
            onValueChange={(v) => setStatus(v as TResponseStatus)}
            className="gap-3"
          >
            {RESPONSE_STATUSES.map((s) => (
              <div key={s} className="flex items-center gap-2">
                <RadioGroupItem value={s} id={`${id}-${s}`} />
                <Label htmlFor={`${id}-${s}`}>{s}</Label>
              </div>
            ))}
          </RadioGroup>
          <DialogActions
            onCancel={onClose}
            submitLabel="Update"
            busy={update.isPending}
            disabled={status === response?.status}
          />
        </BusyForm>
      </DialogContent>
    </Dialog>
  );
}

const ZAddressForm = z.object({ email: ZEmail });
type TAddressForm = z.input<typeof ZAddressForm>;

/** A bounced respondent's corrected address; afterwards they are Not Sent again, ready to resend. */
export function EditAddressDialog({ surveyId, response, onClose, onChanged }: DialogProps & { surveyId: string }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const form = useForm<TAddressForm>({ resolver: zodResolver(ZAddressForm), defaultValues: { email: '' } });
  const openedId = response?._id;
  const email = response?.email ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening only, not on each refresh
  useEffect(() => {
    if (openedId) form.reset({ email });
  }, [openedId]);
  const update = useMutation(
    trpc.responses.dashboard.updateAddress.mutationOptions({
      meta: { silentError: true },
      onSuccess: () => {
        // Now Not Sent: the Emails tab sends to them (the tab opens with Not Sent selected).
        toast.success(DASHBOARD_MSG.addressUpdated, {
          action: { label: 'Resend', onClick: () => navigate(resendUrl(surveyId, 'Not Sent')) },
        });
        onChanged();
        onClose();
      },
      onError: (error) => form.setError('email', { message: errorMessage(error) }),
    }),
  );
  return (
    <Dialog open={response !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-[400px]">
        <DialogHeader>
          <DialogTitle>Edit Address</DialogTitle>
          <DialogDescription>
            The email address of {response?.name}. A bounced respondent becomes Not Sent, so the survey can be emailed
            to the new address.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={form.handleSubmit(({ email }) => {
            if (response) update.mutate({ responseId: response._id, email });
          })}
        >
          <FormField label="Email" error={form.formState.errors.email?.message}>
            {(p) => <Input {...p} type="email" autoComplete="off" {...form.register('email')} />}
          </FormField>
          <DialogActions onCancel={onClose} submitLabel="Save" busy={update.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
