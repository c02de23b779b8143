import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@tieline/ui';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout } from './auth-layout';

/** /verifyEmail/:token: verifies once (the ref survives StrictMode's effect replay), then moves on. */
export function VerifyEmailPage() {
  useDocumentTitle('Verifying your email address');
  const { token = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);
  const { mutate } = useMutation(
    trpc.userLogins.verifyEmail.mutationOptions({
      // Spec §8: verify-email handles no errors locally; the error page explains.
      meta: { silentError: true },
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.users.me.queryKey() });
        void navigate('/users/verification', { replace: true });
      },
      onError: () => void navigate('/users/emailVerificationError', { replace: true }),
    }),
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate({ token });
  }, [mutate, token]);

  return (
    <AuthLayout title="Verifying your email address">
      <Spinner label="Checking your verification link" showLabel />
    </AuthLayout>
  );
}
