import { useQuery } from '@tanstack/react-query';
import { Alert, AlertDescription, Spinner } from '@tieline/ui';
import { MSG, type TPlan } from '@tieline/validation';
import { Building } from 'lucide-react';
import { useParams } from 'react-router';
import { errorCode, errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout, TextLink } from './auth-layout';
import { SignUpForm } from './signup-form';

const PLAN_NAMES: Record<TPlan, string> = { free: 'Free', basic: 'Basic', professional: 'Professional' };

const signInFooter = (
  <p>
    Already have an account? <TextLink to="/login">Sign in</TextLink>
  </p>
);

/** /signup, /basic-signup, /professional-signup (plan from the route) and /signup/:token (invitation). */
export function SignUpPage({ plan = 'free' }: { plan?: TPlan }) {
  const { token } = useParams();
  useDocumentTitle('Create your account');
  if (token) return <InvitedSignUp token={token} />;
  return (
    <AuthLayout
      title="Create your account"
      description={
        plan === 'free' ? 'Map and analyze the relationships across your organization.' : `Plan: ${PLAN_NAMES[plan]}`
      }
      footer={signInFooter}
    >
      <SignUpForm plan={plan} />
    </AuthLayout>
  );
}

function InvitedSignUp({ token }: { token: string }) {
  const trpc = useTRPC();
  // A malformed token fails input validation on the server: same outcome as an unknown one.
  const invitation = useQuery(trpc.tempUsers.get.queryOptions({ id: token }, { retry: false, staleTime: Infinity }));

  if (invitation.isPending) {
    return (
      <AuthLayout title="Create your account">
        <Spinner label="Checking your invitation" showLabel />
      </AuthLayout>
    );
  }
  const tempUser = invitation.data;
  if (!tempUser) {
    const code = errorCode(invitation.error);
    const message =
      invitation.isError && code !== 'BAD_REQUEST' && code !== 'NOT_FOUND'
        ? errorMessage(invitation.error)
        : MSG.inviteInvalid;
    return (
      <AuthLayout title="Create your account" footer={signInFooter}>
        <Alert variant="warning" role="alert">
          <AlertDescription>
            <p>{message}</p>
            <p className="mt-2">
              You can still <TextLink to="/signup">create an account without the invitation</TextLink>.
            </p>
          </AlertDescription>
        </Alert>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Create your account" footer={signInFooter}>
      <Alert variant="info" className="mb-5">
        <Building aria-hidden="true" />
        <AlertDescription>
          You are invited to join <strong>{tempUser.organization.name}</strong>.
        </AlertDescription>
      </Alert>
      <SignUpForm plan="free" invite={{ token, email: tempUser.email, name: tempUser.name }} />
    </AuthLayout>
  );
}
