import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormField, Input } from '@tieline/ui';
import { type TNewRecoveryCodesInput, ZNewRecoveryCodesInput } from '@tieline/validation';
import { useForm } from 'react-hook-form';
import { BusyForm } from '../../components/busy-form';
import { DialogActions } from '../../components/dialog-actions';
import { useTRPC } from '../../lib/trpc';
import { profileError } from './profile-requests';
import { RecoveryCodes } from './recovery-codes';

/**
 * New recovery codes in place of the old set: the current password and a code from the authenticator
 * app (or a recovery code), then the new codes, shown this once.
 */
export function NewRecoveryCodesDialog({ onClose, onRenewed }: { onClose: () => void; onRenewed: () => void }) {
  const trpc = useTRPC();
  const renew = useMutation(
    trpc.profile.twoFactor.newRecoveryCodes.mutationOptions({ meta: { silentError: true }, onSuccess: onRenewed }),
  );
  const form = useForm<TNewRecoveryCodesInput>({
    resolver: zodResolver(ZNewRecoveryCodesInput),
    defaultValues: { currentPassword: '', token: '' },
  });
  const codes = renew.data?.recoveryCodes ?? null;
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-[560px]" onInteractOutside={(e) => (codes ? e.preventDefault() : null)}>
        <DialogHeader>
          <DialogTitle>{codes ? 'Your new recovery codes' : 'New recovery codes'}</DialogTitle>
          <DialogDescription>
            {codes
              ? 'Your old recovery codes no longer work. Each new code signs you in once.'
              : 'A new set of ten codes replaces your old ones, used or not.'}
          </DialogDescription>
        </DialogHeader>
        {codes ? (
          <RecoveryCodes codes={codes} onDone={onClose} />
        ) : (
          <BusyForm busy={renew.isPending} onSubmit={form.handleSubmit((v) => renew.mutate(v))}>
            <FormField label="Current password" error={form.formState.errors.currentPassword?.message}>
              {(p) => (
                <Input {...p} type="password" autoComplete="current-password" {...form.register('currentPassword')} />
              )}
            </FormField>
            <FormField
              label="Code from your app"
              hint="Or one of your recovery codes."
              error={form.formState.errors.token?.message}
            >
              {(p) => <Input {...p} autoComplete="one-time-code" className="font-mono" {...form.register('token')} />}
            </FormField>
            <DialogActions
              onCancel={onClose}
              submitLabel="Make new codes"
              busy={renew.isPending}
              busyLabel="Making new codes…"
              error={renew.error ? profileError(renew.error) : null}
            />
          </BusyForm>
        )}
      </DialogContent>
    </Dialog>
  );
}
