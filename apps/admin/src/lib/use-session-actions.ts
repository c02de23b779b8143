import { matchQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@tieline/ui';
import { firstEnabledModulePath, MSG, type TUser } from '@tieline/validation';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { resetAnalytics } from './analytics';
import { clearStoredUser, storeUser } from './session-storage';
import { useTRPC } from './trpc';

/**
 * Records a freshly signed-in user in the query cache (users.me) and browser storage. The configuration
 * answers the signed-in user's organization's logos, so it is fetched again for the new user.
 */
export function useSetSignedInUser() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (user: TUser) => {
      queryClient.setQueryData(trpc.users.me.queryKey(), user);
      storeUser(user);
      void queryClient.invalidateQueries({ queryKey: trpc.config.get.queryKey() });
    },
    [queryClient, trpc],
  );
}

/**
 * Logout (spec §4): call the server, clear the local user whatever it answers, go to /login. A full
 * page load rather than a client-side navigation: nothing of the signed-out user stays in memory, and
 * no query still mounted can fetch again without a session (each such 401 is a console error).
 */
export function useSignOut() {
  const trpc = useTRPC();
  return useMutation(
    trpc.userLogins.signOut.mutationOptions({
      meta: { silentError: true },
      onSettled: () => {
        clearStoredUser();
        resetAnalytics();
        window.location.replace('/login');
      },
    }),
  );
}

/**
 * Continue as another user of the same login (users.accounts), without signing out. The new user is
 * stored as sign-in stores it; every other cached answer belonged to the previous user, so it is reset
 * rather than shown while it refetches. Then on to the new user's first enabled module.
 */
export function useSwitchUser() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setSignedInUser = useSetSignedInUser();
  return useMutation(
    trpc.userLogins.switchUser.mutationOptions({
      onSuccess: async (result) => {
        if (result.samlRedirect) return window.location.assign(result.samlRedirect);
        if (!result.user) return void toast.error(MSG.unexpected);
        setSignedInUser(result.user);
        const meKey = trpc.users.me.queryKey();
        await queryClient.resetQueries({ predicate: (query) => !matchQuery({ queryKey: meKey }, query) });
        await navigate(firstEnabledModulePath(result.user.billing.modules) ?? '/');
      },
    }),
  );
}
