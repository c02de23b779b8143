import { Spinner } from '@tieline/ui';
import { firstEnabledModulePath } from '@tieline/validation';
import { Navigate } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRememberedUser } from '../../lib/use-remembered-user';
import { AuthLayout, TextLink } from './auth-layout';
import { ChooseOrganization } from './choose-organization';
import { SignInForm } from './sign-in-form';
import { TwoFactorForm } from './two-factor-form';
import { useSignInFlow } from './use-sign-in-flow';

/** /login and /communityLogin: the sign-in form; the choose-organization and two-factor steps render in place. */
export function LoginPage({ community = false }: { community?: boolean }) {
  const title = community ? 'Community sign-in' : 'Sign in';
  useDocumentTitle(title);
  const flow = useSignInFlow({ community });
  const { step } = flow;
  // Someone already signed in has nothing to do here: on to their first enabled module (spec §2).
  const signedIn = useRememberedUser();

  if (signedIn) return <Navigate to={firstEnabledModulePath(signedIn.billing.modules) ?? '/'} replace />;
  if (signedIn === undefined) {
    return (
      <AuthLayout title={title}>
        <Spinner label="Checking whether you are signed in" showLabel />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={title}
      description={step.kind === 'credentials' ? 'Welcome back. Sign in to continue to Tieline.' : undefined}
      footer={
        step.kind === 'credentials' ? (
          <div className="flex flex-col gap-2">
            <p>
              New to Tieline? <TextLink to="/signup">Create an account</TextLink>
            </p>
            <p>
              <TextLink to="/forgot-password">Forgot your password?</TextLink>
            </p>
          </div>
        ) : undefined
      }
    >
      {step.kind === 'credentials' ? <SignInForm pending={flow.pending} onSubmit={flow.submitCredentials} /> : null}
      {step.kind === 'chooseOrganization' ? (
        <ChooseOrganization
          users={step.users}
          pending={flow.pending}
          onChoose={(userId) => flow.chooseUser(step.credentials, userId)}
          onBack={flow.backToCredentials}
        />
      ) : null}
      {step.kind === 'twoFactor' ? (
        <TwoFactorForm
          pending={flow.pending}
          onSubmit={(token) => flow.submitTwoFactor(step.credentials, token)}
          onBack={flow.backToCredentials}
        />
      ) : null}
    </AuthLayout>
  );
}
