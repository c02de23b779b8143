import { useQuery } from '@tanstack/react-query';
import { Alert, AlertDescription, Button } from '@tieline/ui';
import { firstEnabledModulePath } from '@tieline/validation';
import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSetSignedInUser } from '../../lib/use-session-actions';
import { AuthLayout } from './auth-layout';

/**
 * /users/samlSuccess: the ACS verified the IdP's answer and set the session cookie; this page reads
 * the signed-in user (users/me), keeps it as sign-in does, and goes on to the dashboard.
 */
export function SamlSuccessPage() {
  useDocumentTitle('Single sign-on');
  const trpc = useTRPC();
  const navigate = useNavigate();
  const setSignedInUser = useSetSignedInUser();
  // Never the cached user: only the session the ACS just set counts.
  const me = useQuery(trpc.users.me.queryOptions(undefined, { retry: false, staleTime: 0, gcTime: 0 }));
  useEffect(() => {
    if (!me.data) return;
    setSignedInUser(me.data);
    void navigate(firstEnabledModulePath(me.data.billing.modules) ?? '/', { replace: true });
  }, [me.data, navigate, setSignedInUser]);

  return (
    <AuthLayout title={me.isError ? 'Single sign-on did not complete' : 'Signing you in'}>
      {me.isError ? (
        <>
          <Alert variant="destructive">
            <TriangleAlert aria-hidden="true" />
            <AlertDescription>Your session could not be opened. Please sign in again.</AlertDescription>
          </Alert>
          <Button asChild className="mt-5 w-full">
            <Link to="/login" replace>
              Back to sign-in
            </Link>
          </Button>
        </>
      ) : (
        <p className="text-sm text-muted-foreground" role="status">
          Single sign-on completed. Taking you to Tieline…
        </p>
      )}
    </AuthLayout>
  );
}
