import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormField, Input } from '@tieline/ui';
import { type TTwoFactorSecret, ZConfirmTwoFactorInput } from '@tieline/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyForm } from '../../components/busy-form';
import { DialogActions } from '../../components/dialog-actions';
import { CopyButton } from '../../components/shown-once';
import { useTRPC } from '../../lib/trpc';
import { PasswordDialog } from './password-dialog';
import { profileError } from './profile-requests';
import { RecoveryCodes } from './recovery-codes';

const ZCodeForm = ZConfirmTwoFactorInput.omit({ currentPassword: true });
type TCodeForm = z.input<typeof ZCodeForm>;

/**
 * enable-2fa: the current password, then the QR code (and its otpauth URI to copy into an app by hand),
 * the mobile number and a code; then the recovery codes, shown this once, to copy or download.
 */
export function EnableTwoFactorDialog({ onClose, onEnabled }: { onClose: () => void; onEnabled: () => void }) {
  const trpc = useTRPC();
  const [password, setPassword] = useState('');
  const [secret, setSecret] = useState<TTwoFactorSecret | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const generate = useMutation(
    trpc.profile.twoFactor.generateSecret.mutationOptions({ meta: { silentError: true }, onSuccess: setSecret }),
  );
  const confirm = useMutation(
    trpc.profile.twoFactor.confirmSecret.mutationOptions({
      meta: { silentError: true },
      onSuccess: ({ recoveryCodes }) => {
        setCodes(recoveryCodes);
        onEnabled();
      },
    }),
  );

  if (!secret) {
    return (
      <PasswordDialog
        title="Turn on two-factor sign-in"
        description="Enter your password to set up an authenticator app."
        action="Continue"
        pendingAction="Checking…"
        pending={generate.isPending}
        error={generate.error ? profileError(generate.error) : null}
        onSubmit={(currentPassword) => {
          setPassword(currentPassword);
          generate.mutate({ currentPassword });
        }}
        onClose={onClose}
      />
    );
  }
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-[560px]" onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{codes ? 'Your recovery codes' : 'Turn on two-factor sign-in'}</DialogTitle>
          <DialogDescription>
            {codes
              ? 'Each code signs you in once when you cannot use your authenticator app.'
              : 'Scan the QR code with an authenticator app, then enter the 6-digit code it shows.'}
          </DialogDescription>
        </DialogHeader>
        {codes ? (
          <RecoveryCodes codes={codes} onDone={onClose} />
        ) : (
          <ScanAndConfirm
            secret={secret}
            pending={confirm.isPending}
            error={confirm.error ? profileError(confirm.error) : null}
            onSubmit={(v) => confirm.mutate({ ...v, currentPassword: password })}
            onClose={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ScanAndConfirm(props: {
  secret: TTwoFactorSecret;
  pending: boolean;
  error: string | null;
  onSubmit: (v: TCodeForm) => void;
  onClose: () => void;
}) {
  const form = useForm<TCodeForm>({ resolver: zodResolver(ZCodeForm), defaultValues: { mobileNumber: '', token: '' } });
  return (
    <BusyForm busy={props.pending} onSubmit={form.handleSubmit(props.onSubmit)}>
      <img
        src={props.secret.qrStr}
        alt="QR code to scan with an authenticator app"
        width={200}
        height={200}
        className="mx-auto rounded-md border border-border"
      />
      <div className="flex flex-col gap-1.5">
        <p className="text-sm text-muted-foreground">Cannot scan? Add this address to your app instead:</p>
        <div className="flex items-center gap-2 rounded-md border border-border bg-muted p-2 pl-3">
          <code className="min-w-0 flex-1 text-xs break-all" data-testid="otpauth-url">
            {props.secret.otpauthUrl}
          </code>
          <CopyButton text={props.secret.otpauthUrl} label="Copy address" copied="Address copied" />
        </div>
      </div>
      <FormField label="Mobile number" error={form.formState.errors.mobileNumber?.message}>
        {(p) => <Input {...p} type="tel" autoComplete="tel" {...form.register('mobileNumber')} />}
      </FormField>
      <FormField label="Code from your app" error={form.formState.errors.token?.message}>
        {(p) => (
          <Input
            {...p}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="font-mono tracking-[0.3em]"
            {...form.register('token')}
          />
        )}
      </FormField>
      <DialogActions
        onCancel={props.onClose}
        submitLabel="Turn on"
        busy={props.pending}
        busyLabel="Turning on…"
        error={props.error}
      />
    </BusyForm>
  );
}
