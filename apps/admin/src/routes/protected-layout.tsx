import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AppShell } from '../components/app-shell';
import { FullPageSpinner, LoadFailed } from '../components/page-states';
import { CurrentUserProvider } from '../lib/current-user';
import { errorCode } from '../lib/errors';
import { clearStoredUser, readStoredUser, storeUser } from '../lib/session-storage';
import { useTRPC } from '../lib/trpc';

const VERIFICATION_POLL_MS = 3000;

/**
 * Gate for every protected route. users.me decides (401 -> /login, remembering the place); the stored
 * user only paints the shell while the first answer is on its way. While the email is not verified,
 * users.me is polled every 3 s (spec §4); failures of that fetch are silent.
 */
export function ProtectedLayout() {
  const trpc = useTRPC();
  const location = useLocation();
  const me = useQuery(
    trpc.users.me.queryOptions(undefined, {
      placeholderData: () => readStoredUser(),
      staleTime: 0,
      retry: (count, error) => errorCode(error) !== 'UNAUTHORIZED' && count < 2,
      refetchInterval: (query) => {
        const user = query.state.data;
        return user && !user.userLogin.verified ? VERIFICATION_POLL_MS : false;
      },
    }),
  );
  const unauthorized = me.isError && errorCode(me.error) === 'UNAUTHORIZED';

  useEffect(() => {
    if (me.data && !me.isPlaceholderData) storeUser(me.data);
  }, [me.data, me.isPlaceholderData]);

  useEffect(() => {
    if (unauthorized) clearStoredUser();
  }, [unauthorized]);

  if (unauthorized) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  if (me.data) {
    return (
      <CurrentUserProvider value={me.data}>
        <AppShell />
      </CurrentUserProvider>
    );
  }
  if (me.isError) return <LoadFailed onRetry={() => void me.refetch()} />;
  return <FullPageSpinner label="Loading your account" />;
}
