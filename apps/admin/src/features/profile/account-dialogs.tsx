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
import {
  type TChangePasswordInput,
  type TUpdateProfileInput,
  type TUser,
  ZChangePasswordInput,
} from '@tieline/validation';
import { useForm } from 'react-hook-form';
import { BusyForm } from '../../components/busy-form';
import { DialogActions } from '../../components/dialog-actions';
import { clearStoredUser } from '../../lib/session-storage';
import { useTRPC } from '../../lib/trpc';
import { PasswordDialog } from './password-dialog';
import { profileError } from './profile-requests';

type Close = { onClose: () => void };

/** confirm-update: the profile form's changes, sent with the current password. */
export function ConfirmUpdateDialog({
  changes,
  onClose,
  onSaved,
}: Close & { changes: Omit<TUpdateProfileInput, 'currentPassword'>; onSaved: (user: TUser) => void }) {
  const trpc = useTRPC();
  const update = useMutation(
    trpc.profile.update.mutationOptions({
      meta: { silentError: true },
      onSuccess: (user) => {
        toast.success(
          user.userLogin.verified
            ? 'Profile updated'
            : 'Profile updated. Check your inbox to verify your email address.',
        );
        onSaved(user);
        onClose();
      },
    }),
  );
  return (
    <PasswordDialog
      title="Confirm profile update"
      description="Enter your password to save the changes to your profile."
      action="Save changes"
      pendingAction="Saving…"
      pending={update.isPending}
      error={update.error ? profileError(update.error) : null}
      onSubmit={(currentPassword) => update.mutate({ ...changes, currentPassword })}
      onClose={onClose}
    />
  );
}

/** disable-2fa: the current password turns two-factor sign-in off (and deletes the recovery codes). */
export function DisableTwoFactorDialog({ onClose, onDisabled }: Close & { onDisabled: () => void }) {
  const trpc = useTRPC();
  const disable = useMutation(
    trpc.profile.twoFactor.disable.mutationOptions({
      meta: { silentError: true },
      onSuccess: () => {
        toast.success('Two-factor sign-in is off');
        onDisabled();
        onClose();
      },
    }),
  );
  return (
    <PasswordDialog
      title="Turn off two-factor sign-in"
      description="Your password alone will sign you in, and your recovery codes stop working."
      action="Turn off"
      pendingAction="Turning off…"
      destructive
      pending={disable.isPending}
      error={disable.error ? profileError(disable.error) : null}
      onSubmit={(currentPassword) => disable.mutate({ currentPassword })}
      onClose={onClose}
    />
  );
}

/** Delete account: gone with everything it owns; the browser then leaves for the sign-in page. */
export function DeleteAccountDialog({ onClose }: Close) {
  const trpc = useTRPC();
  const remove = useMutation(
    trpc.profile.deleteAccount.mutationOptions({
      meta: { silentError: true },
      onSuccess: () => {
        clearStoredUser();
        window.location.replace('/login');
      },
    }),
  );
  return (
    <PasswordDialog
      title="Delete your account?"
      description="Your account, your surveys and your networks are deleted for good. This cannot be undone."
      action="Delete account"
      pendingAction="Deleting…"
      destructive
      pending={remove.isPending}
      error={remove.error ? profileError(remove.error) : null}
      onSubmit={(currentPassword) => remove.mutate({ currentPassword })}
      onClose={onClose}
    />
  );
}

/** change-password: current, new and verify (spec §5); other sessions end, this one stays. */
export function ChangePasswordDialog({ onClose }: Close) {
  const trpc = useTRPC();
  const form = useForm<TChangePasswordInput>({
    resolver: zodResolver(ZChangePasswordInput),
    defaultValues: { currentPassword: '', newPassword: '', verifyPassword: '' },
  });
  const change = useMutation(
    trpc.profile.changePassword.mutationOptions({
      meta: { silentError: true },
      onSuccess: () => {
        toast.success('Password changed. Other devices have been signed out.');
        onClose();
      },
    }),
  );
  const { errors } = form.formState;
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-[480px]">
        <DialogHeader>
          <DialogTitle>Change password</DialogTitle>
          <DialogDescription>Every other device signed in to your account will be signed out.</DialogDescription>
        </DialogHeader>
        <BusyForm busy={change.isPending} onSubmit={form.handleSubmit((v) => change.mutate(v))}>
          <FormField label="Current password" error={errors.currentPassword?.message}>
            {(p) => (
              <Input {...p} type="password" autoComplete="current-password" {...form.register('currentPassword')} />
            )}
          </FormField>
          <FormField label="New password" hint="At least 8 characters." error={errors.newPassword?.message}>
            {(p) => <Input {...p} type="password" autoComplete="new-password" {...form.register('newPassword')} />}
          </FormField>
          <FormField label="Verify new password" error={errors.verifyPassword?.message}>
            {(p) => <Input {...p} type="password" autoComplete="new-password" {...form.register('verifyPassword')} />}
          </FormField>
          <DialogActions
            onCancel={onClose}
            submitLabel="Change password"
            busy={change.isPending}
            busyLabel="Changing…"
            error={change.error ? profileError(change.error) : null}
          />
        </BusyForm>
      </DialogContent>
    </Dialog>
  );
}
