import { useMutation } from '@tanstack/react-query';
import { toast } from '@tieline/ui';
import { MSG, type TSignInResult, type TUserChoice } from '@tieline/validation';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { useSetSignedInUser } from '../../lib/use-session-actions';

/** What the next sign-in call sends; `token` is kept once the two-factor step has passed. */
export type Credentials = { email: string; password: string; userId?: string; token?: string };

export type SignInStep =
  | { kind: 'credentials' }
  | { kind: 'chooseOrganization'; credentials: Credentials; users: TUserChoice[] }
  | { kind: 'twoFactor'; credentials: Credentials };

/** Where a protected route sent the person from, so sign-in can return there. */
function useReturnPath(): string {
  const location = useLocation();
  const state: unknown = location.state;
  if (state && typeof state === 'object' && 'from' in state && typeof state.from === 'string') {
    // Only same-app paths; never an absolute URL someone placed in history state.
    if (state.from.startsWith('/') && !state.from.startsWith('//')) return state.from;
  }
  return '/';
}

/**
 * Sign-in state machine (spec §4): a credentials step, then at most one of two-factor or
 * choose-organization, then signed in. A SAML redirect leaves the app; community sign-in follows `url`.
 */
export function useSignInFlow({ community = false }: { community?: boolean } = {}) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const setSignedInUser = useSetSignedInUser();
  const [step, setStep] = useState<SignInStep>({ kind: 'credentials' });

  function handleResult(result: TSignInResult, credentials: Credentials, allowTwoFactor: boolean) {
    if (allowTwoFactor && result.twoFactorAuthEnabled) {
      setStep({ kind: 'twoFactor', credentials });
    } else if (result.users && result.users.length > 0) {
      setStep({ kind: 'chooseOrganization', credentials, users: result.users });
    } else if (result.samlRedirect) {
      window.location.assign(result.samlRedirect);
    } else if (result.user) {
      setSignedInUser(result.user);
      if (community && result.url) window.location.assign(result.url);
      else void navigate(returnPath, { replace: true });
    } else if (community && result.url) {
      window.location.assign(result.url);
    } else {
      toast.error(MSG.unexpected);
    }
  }

  // Community sign-in has its own calls (spec §7), whose answer adds the organization's community url.
  const signIn = useMutation(
    community ? trpc.userLogins.signInCommunity.mutationOptions() : trpc.userLogins.signIn.mutationOptions(),
  );
  const twoFactorSignIn = useMutation(
    community
      ? trpc.userLogins.twoFactorSignInCommunity.mutationOptions()
      : trpc.userLogins.twoFactorSignIn.mutationOptions(),
  );

  return {
    step,
    pending: signIn.isPending || twoFactorSignIn.isPending,
    backToCredentials: () => setStep({ kind: 'credentials' }),
    submitCredentials: (credentials: Credentials) => {
      // Spec §4: a new attempt clears the previous error.
      toast.dismiss();
      signIn.mutate(credentials, { onSuccess: (r) => handleResult(r, credentials, true) });
    },
    chooseUser: (credentials: Credentials, userId: string) => {
      const next = { ...credentials, userId };
      toast.dismiss();
      // After the two-factor step the same code goes along: the server asks for it before the list.
      const { token } = next;
      if (token) twoFactorSignIn.mutate({ ...next, token }, { onSuccess: (r) => handleResult(r, next, false) });
      else signIn.mutate(next, { onSuccess: (r) => handleResult(r, next, true) });
    },
    submitTwoFactor: (credentials: Credentials, token: string) => {
      const next = { ...credentials, token };
      toast.dismiss();
      twoFactorSignIn.mutate(next, { onSuccess: (r) => handleResult(r, next, false) });
    },
  };
}
