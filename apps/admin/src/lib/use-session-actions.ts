import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser } from '@tieline/validation';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearStoredUser, storeUser } from './session-storage';
import { useTRPC } from './trpc';

/** Records a freshly signed-in user in the query cache (users.me) and browser storage. */
export function useSetSignedInUser() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (user: TUser) => {
      queryClient.setQueryData(trpc.users.me.queryKey(), user);
      storeUser(user);
    },
    [queryClient, trpc],
  );
}

/** Logout (spec §4): call the server, clear the local user whatever it answers, go to /login. */
export function useSignOut() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation(
    trpc.userLogins.signOut.mutationOptions({
      meta: { silentError: true },
      onSettled: async () => {
        clearStoredUser();
        await navigate('/login', { replace: true });
        queryClient.clear();
      },
    }),
  );
}
