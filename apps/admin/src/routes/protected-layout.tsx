import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AppShell } from '../components/app-shell';
import { FullPageSpinner, LoadFailed } from '../components/page-states';
import { CurrentUserProvider } from '../lib/current-user';
import { errorCode } from '../lib/errors';
import { clearStoredUser, readStoredUser, storeUser } from '../lib/session-storage';
import { useTRPC } from '../lib/trpc';

const VERIFICATION_POLL_MS = 3000;
/** A first users.me that failed (not a 401) with a remembered user: asked again this often, quietly. */
const QUIET_RETRY_MS = 10_000;

/**
 * Gate for every protected route. users.me decides (401 -> /login, remembering the place); the stored
 * user paints the shell while the first answer is on its way, and stays when that answer fails for
 * another reason (spec §3: silently ignored; asked again quietly). A browser that remembers nobody first
 * asks users.session (200 either way), so a signed-out visit goes to /login without a 401 in the console,
 * while a session made by the API or single sign-on still gets in. While the email is not verified,
 * users.me is polled every 3 s (spec §4); failures of that fetch are silent.
 */
export function ProtectedLayout() {
  const trpc = useTRPC();
  const location = useLocation();
  const [stored] = useState(readStoredUser);
  const probe = useQuery(trpc.users.session.queryOptions(undefined, { enabled: !stored, staleTime: 0 }));
  const me = useQuery(
    trpc.users.me.queryOptions(undefined, {
      enabled: !!stored || probe.data?.signedIn === true,
      placeholderData: () => stored,
      staleTime: 0,
      retry: (count, error) => errorCode(error) !== 'UNAUTHORIZED' && count < 2,
      refetchInterval: (query) => {
        if (query.state.status === 'error')
          return stored && !isUnauthorized(query.state.error) ? QUIET_RETRY_MS : false;
        const user = query.state.data;
        return user && !user.userLogin.verified ? VERIFICATION_POLL_MS : false;
      },
    }),
  );
  const unauthorized = (me.isError && isUnauthorized(me.error)) || probe.data?.signedIn === false;

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
  const user = me.data ?? (me.isError ? stored : undefined);
  if (user) {
    return (
      <CurrentUserProvider value={user}>
        <AppShell />
      </CurrentUserProvider>
    );
  }
  if (me.isError || probe.isError) return <LoadFailed onRetry={() => void (probe.isError ? probe : me).refetch()} />;
  return <FullPageSpinner label="Loading your account" />;
}

const isUnauthorized = (error: unknown) => errorCode(error) === 'UNAUTHORIZED';
