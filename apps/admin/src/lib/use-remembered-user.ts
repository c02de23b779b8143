import { useQuery } from '@tanstack/react-query';
import type { TUser } from '@tieline/validation';
import { useEffect, useState } from 'react';
import { errorCode } from './errors';
import { clearStoredUser, readStoredUser } from './session-storage';
import { useTRPC } from './trpc';

/**
 * The signed-in user, for a public page that adapts to them (/login, the verification result). The
 * server is asked only when this browser remembers a user, so an anonymous visit makes no failing call
 * (the browser would log the 401 as a console error); a 401 forgets the remembered user.
 * `undefined` while asking, `null` when nobody is signed in.
 */
export function useRememberedUser(): TUser | null | undefined {
  const trpc = useTRPC();
  const [remembered] = useState(() => readStoredUser() !== undefined);
  const me = useQuery(trpc.users.me.queryOptions(undefined, { enabled: remembered, retry: false, staleTime: 0 }));
  const unauthorized = me.isError && errorCode(me.error) === 'UNAUTHORIZED';

  useEffect(() => {
    if (unauthorized) clearStoredUser();
  }, [unauthorized]);

  if (!remembered) return null;
  if (me.data) return me.data;
  return me.isError ? null : undefined;
}
