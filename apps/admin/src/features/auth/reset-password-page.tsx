import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, FormField, Input, toast } from '@tieline/ui';
import { MSG, ZPassword, ZTwoFactorToken } from '@tieline/validation';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { BusyForm } from '../../components/busy-form';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout, TextLink } from './auth-layout';

// Local messages: not in @tieline/validation's MSG (client-only: the server never sees the confirmation).
const PASSWORDS_DIFFER = 'Passwords do not match';
const PASSWORD_RESET_DONE = 'Your password has been reset. Please sign in with your new password.';

const ZResetForm = z
  .object({ password: ZPassword, confirm: z.string(), code: z.string() })
  .refine((v) => v.password === v.confirm, { message: PASSWORDS_DIFFER, path: ['confirm'] });

/** /reset/:token: choose a new password, then sign in with it. */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const { token = '' } = useParams();
  const trpc = useTRPC();
  const navigate = useNavigate();
  // A login with two-factor sign-in also needs a current code; the server says so on the first try.
  const [needsCode, setNeedsCode] = useState(false);
  const done = () => {
    toast.success(PASSWORD_RESET_DONE);
    void navigate('/login', { replace: true });
  };
  const reset = useMutation(
    trpc.userLogins.resetPassword.mutationOptions({
      onSuccess: done,
      onError: (error) => {
        if (errorMessage(error) === MSG.resetNeedsTwoFactor) setNeedsCode(true);
      },
    }),
  );
  const resetWithCode = useMutation(
    trpc.userLogins.resetPasswordWithTwoFactorAuth.mutationOptions({ onSuccess: done }),
  );
  const pending = reset.isPending || resetWithCode.isPending;
  const { register, handleSubmit, formState, setFocus, setError } = useForm({
    resolver: zodResolver(ZResetForm),
    mode: 'onTouched',
    defaultValues: { password: '', confirm: '', code: '' },
  });
  useEffect(() => setFocus(needsCode ? 'code' : 'password'), [setFocus, needsCode]);

  const submit = handleSubmit(({ password, code }) => {
    if (!needsCode) return reset.mutate({ token, password });
    const parsed = ZTwoFactorToken.safeParse(code.trim());
    if (!parsed.success) return setError('code', { message: parsed.error.issues[0]?.message });
    resetWithCode.mutate({ resetToken: token, password, token: parsed.data });
  });

  return (
    <AuthLayout
      title="Choose a new password"
      footer={
        <p>
          Link expired? <TextLink to="/forgot-password">Request a new one</TextLink>
        </p>
      }
    >
      <BusyForm busy={pending} onSubmit={submit}>
        <FormField label="New password" error={formState.errors.password?.message} hint="At least 8 characters.">
          {(field) => <Input type="password" autoComplete="new-password" {...field} {...register('password')} />}
        </FormField>
        <FormField label="Confirm new password" error={formState.errors.confirm?.message}>
          {(field) => <Input type="password" autoComplete="new-password" {...field} {...register('confirm')} />}
        </FormField>
        {needsCode ? (
          <FormField
            label="Authenticator code"
            error={formState.errors.code?.message}
            hint="Two-factor sign-in is on: enter the 6-digit code from your authenticator app, or a recovery code."
          >
            {(field) => <Input autoComplete="one-time-code" maxLength={13} {...field} {...register('code')} />}
          </FormField>
        ) : null}
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={pending}>
          {pending ? 'Saving…' : 'Set new password'}
        </Button>
      </BusyForm>
    </AuthLayout>
  );
}
