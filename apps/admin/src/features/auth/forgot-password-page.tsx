import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Alert, AlertDescription, Button, FormField, Input } from '@tieline/ui';
import { ZForgotPasswordInput } from '@tieline/validation';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { BusyForm } from '../../components/busy-form';
import { useTRPC } from '../../lib/trpc';
import { useConfig } from '../../lib/use-config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout, TextLink } from './auth-layout';

/** /forgot-password: always the same answer, so it never reveals whether an account exists. */
export function ForgotPasswordPage() {
  useDocumentTitle('Reset your password');
  const trpc = useTRPC();
  const config = useConfig();
  const forgot = useMutation(trpc.userLogins.forgotPassword.mutationOptions());
  const { register, handleSubmit, formState, setFocus } = useForm({
    resolver: zodResolver(ZForgotPasswordInput),
    defaultValues: { email: '' },
  });
  const sentRef = useRef<HTMLDivElement>(null);
  useEffect(() => setFocus('email'), [setFocus]);
  useEffect(() => {
    if (forgot.isSuccess) sentRef.current?.focus();
  }, [forgot.isSuccess]);

  return (
    <AuthLayout
      title="Reset your password"
      description={forgot.isSuccess ? undefined : 'Enter the email address you sign in with.'}
      footer={<TextLink to="/login">Back to sign in</TextLink>}
    >
      {forgot.isSuccess ? (
        <div ref={sentRef} tabIndex={-1} className="focus:outline-none">
          <Alert variant="success" role="status">
            <MailCheck aria-hidden="true" />
            <AlertDescription>
              If an account exists for that address, we have sent a link to reset the password.
            </AlertDescription>
          </Alert>
          {config?.mailbox ? (
            <Button asChild variant="outline" className="mt-4 w-full">
              <Link to="/mailbox">Open mailbox</Link>
            </Button>
          ) : null}
        </div>
      ) : (
        <BusyForm busy={forgot.isPending} onSubmit={handleSubmit((values) => forgot.mutate(values))}>
          <FormField label="Email" error={formState.errors.email?.message}>
            {(field) => <Input type="email" autoComplete="email" {...field} {...register('email')} />}
          </FormField>
          <Button type="submit" size="lg" className="mt-2 w-full" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending…' : 'Send reset link'}
          </Button>
        </BusyForm>
      )}
    </AuthLayout>
  );
}
