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
  toast,
} from '@tieline/ui';
import { BILLING_MSG, type TCreditsForm, ZCreditsForm } from '@tieline/validation';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTRPC } from '../lib/trpc';
import { BusyForm } from './busy-form';
import { DialogActions } from './dialog-actions';

/**
 * Request credits (spec §2 users/settings/billing/request-credits and organization/settings/manage-users/
 * request-credits; §6 owners only): asks support for respondent credits for the organization, or, with
 * no organization, for the caller's individual account.
 */
export function RequestCreditsDialog({
  organization,
  onClose,
  onSent,
}: {
  organization: { _id: string; name: string } | null;
  onClose: () => void;
  onSent?: () => void;
}) {
  const trpc = useTRPC();
  const form = useForm<TCreditsForm, unknown, z.output<typeof ZCreditsForm>>({
    resolver: zodResolver(ZCreditsForm),
    defaultValues: { credits: 100 },
  });
  const sent = {
    onSuccess: () => {
      toast.success(BILLING_MSG.requestSent);
      onSent?.();
      onClose();
    },
  };
  const forOrganization = useMutation(trpc.organizations.billing.requestCredits.mutationOptions(sent));
  const forIndividual = useMutation(trpc.billing.requestCredits.mutationOptions(sent));
  const send = organization ? forOrganization : forIndividual;
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-[480px]">
        <DialogHeader>
          <DialogTitle>Request credits</DialogTitle>
          <DialogDescription>
            Ask Tieline support for respondent credits for{' '}
            {organization ? organization.name : 'your individual account'}. Support answers by email and adds the
            credits to {organization ? 'your organization' : 'your account'}.
          </DialogDescription>
        </DialogHeader>
        <BusyForm
          busy={send.isPending}
          onSubmit={form.handleSubmit(({ credits }) =>
            organization
              ? forOrganization.mutate({ id: organization._id, credits })
              : forIndividual.mutate({ credits }),
          )}
        >
          <FormField label="Respondent credits" error={form.formState.errors.credits?.message}>
            {(p) => (
              <Input {...p} type="number" min={1} step={1} {...form.register('credits', { valueAsNumber: true })} />
            )}
          </FormField>
          <DialogActions onCancel={onClose} submitLabel="Send request" busy={send.isPending} busyLabel="Sending…" />
        </BusyForm>
      </DialogContent>
    </Dialog>
  );
}
