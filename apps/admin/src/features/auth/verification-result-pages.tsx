import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, AlertDescription, Button, toast } from '@tieline/ui';
import { CircleCheck, TriangleExclamationPoint } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout, TextLink } from './auth-layout';

/** Goes to `to` after `ms`, unless the person leaves first. */
function useRedirectAfter(to: string, ms: number) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(to, { replace: true }), ms);
    return () => window.clearTimeout(timer);
  }, [navigate, to, ms]);
}

/** /users/verification */
export function EmailVerifiedPage() {
  useDocumentTitle('Email address verified');
  useRedirectAfter('/', 3000);
  return (
    <AuthLayout title="Your email address is verified">
      <Alert variant="success" role="status">
        <CircleCheck aria-hidden="true" />
        <AlertDescription>Thank you. Taking you to Tieline in a few seconds…</AlertDescription>
      </Alert>
      <Button asChild className="mt-5 w-full">
        <Link to="/" replace>
          Continue now
        </Link>
      </Button>
    </AuthLayout>
  );
}

/** /users/emailVerificationError: the link failed; the address may already be verified. */
export function EmailVerificationErrorPage() {
  useDocumentTitle('Email verification failed');
  const trpc = useTRPC();
  // Only to offer the right next step; a failure here just means "not signed in" (spec §8: silent).
  const me = useQuery(trpc.users.me.queryOptions(undefined, { retry: false }));
  const resend = useMutation(
    trpc.userLogins.resendVerificationEmail.mutationOptions({
      onSuccess: () => toast.success('Verification email sent'),
    }),
  );
  const user = me.data;

  return (
    <AuthLayout title="We could not verify your email address">
      <Alert variant="warning">
        <TriangleExclamationPoint aria-hidden="true" />
        <AlertDescription>
          The link may have expired or already been used. If you verified your address before, there is nothing more to
          do.
        </AlertDescription>
      </Alert>
      <div className="mt-5 flex flex-col gap-3">
        {user?.userLogin.verified ? (
          <>
            <p className="text-sm">Your email address {user.userLogin.email} is already verified.</p>
            <Button asChild className="w-full">
              <Link to="/">Go to Tieline</Link>
            </Button>
          </>
        ) : null}
        {user && !user.userLogin.verified ? (
          <>
            <Button className="w-full" disabled={resend.isPending} onClick={() => resend.mutate()}>
              {resend.isPending ? 'Sending…' : 'Send a new verification email'}
            </Button>
            <Button asChild variant="outline" className="w-full">
              <Link to="/">Go to Tieline</Link>
            </Button>
          </>
        ) : null}
        {user ? null : (
          <p className="text-sm">
            <TextLink to="/login">Sign in</TextLink> to check your account or to get a new verification email.
          </p>
        )}
      </div>
    </AuthLayout>
  );
}

/** /users/samlSuccess: the server finished single sign-on and set the session; carry on to the app. */
export function SamlSuccessPage() {
  useDocumentTitle('Single sign-on completed');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.users.me.queryKey() });
  }, [queryClient, trpc]);
  useRedirectAfter('/', 1500);
  return (
    <AuthLayout title="Single sign-on completed">
      <p className="text-sm text-muted-foreground" role="status">
        Taking you to Tieline…
      </p>
      <Button asChild className="mt-5 w-full">
        <Link to="/" replace>
          Continue now
        </Link>
      </Button>
    </AuthLayout>
  );
}
