import { useMutation } from '@tanstack/react-query';
import { Alert, AlertDescription, Button, Spinner, toast } from '@tieline/ui';
import { CircleCheck, TriangleExclamationPoint } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRememberedUser } from '../../lib/use-remembered-user';
import { AuthLayout, TextLink } from './auth-layout';

const VERIFIED_TITLE = 'Your email address is verified';
const FAILED_TITLE = 'We could not verify your email address';

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
  useDocumentTitle(VERIFIED_TITLE);
  useRedirectAfter('/', 3000);
  return <Verified>Thank you. Taking you to Tieline in a few seconds…</Verified>;
}

function Verified({ children }: { children: ReactNode }) {
  return (
    <AuthLayout title={VERIFIED_TITLE}>
      <Alert variant="success" role="status">
        <CircleCheck aria-hidden="true" />
        <AlertDescription>{children}</AlertDescription>
      </Alert>
      <ContinueNow />
    </AuthLayout>
  );
}

/** The way on from a result page without waiting for its redirect: '/', then the first enabled module. */
function ContinueNow() {
  return (
    <Button asChild className="mt-5 w-full">
      <Link to="/" replace>
        Continue now
      </Link>
    </Button>
  );
}

/**
 * /users/emailVerificationError: the link failed. Most often it was used before, so a signed-in person
 * whose address is verified sees exactly that, not a failure.
 */
export function EmailVerificationErrorPage() {
  const user = useRememberedUser();
  const verified = Boolean(user?.userLogin.verified);
  useDocumentTitle(verified ? VERIFIED_TITLE : user === undefined ? 'Email verification' : FAILED_TITLE);

  if (user === undefined) {
    return (
      <AuthLayout title="Email verification">
        <Spinner label="Checking your account" showLabel />
      </AuthLayout>
    );
  }
  if (user && verified) {
    return (
      <Verified>
        Your email address <strong className="wrap-anywhere">{user.userLogin.email}</strong> is verified, so this link
        is no longer needed.
      </Verified>
    );
  }
  return (
    <AuthLayout title={FAILED_TITLE}>
      <Alert variant="warning">
        <TriangleExclamationPoint aria-hidden="true" />
        <AlertDescription>
          The link may have expired or already been used. If you verified your address before, there is nothing more to
          do.
        </AlertDescription>
      </Alert>
      <div className="mt-5 flex flex-col gap-3">{user ? <ResendVerification /> : <SignInToCheck />}</div>
    </AuthLayout>
  );
}

function ResendVerification() {
  const trpc = useTRPC();
  const resend = useMutation(
    trpc.userLogins.resendVerificationEmail.mutationOptions({
      onSuccess: () => toast.success('Verification email sent'),
    }),
  );
  return (
    <>
      <Button className="w-full" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? 'Sending…' : 'Send a new verification email'}
      </Button>
      <Button asChild variant="outline" className="w-full">
        <Link to="/">Go to Tieline</Link>
      </Button>
    </>
  );
}

function SignInToCheck() {
  return (
    <p className="text-sm">
      <TextLink to="/login">Sign in</TextLink> to check your account or to get a new verification email.
    </p>
  );
}
