import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, FormField, Input, toast } from '@tieline/ui';
import { ZPassword } from '@tieline/validation';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout, TextLink } from './auth-layout';

// Local messages: not in @tieline/validation's MSG (client-only: the server never sees the confirmation).
const PASSWORDS_DIFFER = 'Passwords do not match';
const PASSWORD_RESET_DONE = 'Your password has been reset. Please sign in with your new password.';

const ZResetForm = z
  .object({ password: ZPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: PASSWORDS_DIFFER, path: ['confirm'] });

/** /reset/:token: choose a new password, then sign in with it. */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const { token = '' } = useParams();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const reset = useMutation(
    trpc.userLogins.resetPassword.mutationOptions({
      onSuccess: () => {
        toast.success(PASSWORD_RESET_DONE);
        void navigate('/login', { replace: true });
      },
    }),
  );
  const { register, handleSubmit, formState, setFocus } = useForm({
    resolver: zodResolver(ZResetForm),
    mode: 'onTouched',
    defaultValues: { password: '', confirm: '' },
  });
  useEffect(() => setFocus('password'), [setFocus]);

  return (
    <AuthLayout
      title="Choose a new password"
      footer={
        <p>
          Link expired? <TextLink to="/forgot-password">Request a new one</TextLink>
        </p>
      }
    >
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={handleSubmit((v) => reset.mutate({ token, password: v.password }))}
        aria-busy={reset.isPending}
      >
        <FormField label="New password" error={formState.errors.password?.message} hint="At least 8 characters.">
          {(field) => <Input type="password" autoComplete="new-password" {...field} {...register('password')} />}
        </FormField>
        <FormField label="Confirm new password" error={formState.errors.confirm?.message}>
          {(field) => <Input type="password" autoComplete="new-password" {...field} {...register('confirm')} />}
        </FormField>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={reset.isPending}>
          {reset.isPending ? 'Saving…' : 'Set new password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
