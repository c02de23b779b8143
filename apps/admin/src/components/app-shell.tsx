import { toast, useFavicon } from '@tieline/ui';
import { useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { identifyUser } from '../lib/analytics';
import { useBranding } from '../lib/branding';
import { useCurrentUser } from '../lib/current-user';
import { useHeartbeat } from '../lib/use-heartbeat';
import { SupportDialog } from './support-dialog';
import { TopNav } from './top-nav';
import { VerificationBanner } from './verification-banner';

/** Dashboard frame around every protected page: top bar, verification reminder, page content. */
export function AppShell() {
  const user = useCurrentUser();
  const [supportOpen, setSupportOpen] = useState(false);
  // The dialog opens from a menu item that is gone once it closes, so focus goes back to the Help button.
  const helpTrigger = useRef<HTMLButtonElement>(null);
  useHeartbeat();
  useFavicon(useBranding().faviconUrl);
  useEffect(() => identifyUser(user._id), [user._id]);
  useVerifiedToast(user.userLogin.verified);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopNav onRequestSupport={() => setSupportOpen(true)} helpTriggerRef={helpTrigger} />
      {user.userLogin.verified ? null : <VerificationBanner email={user.userLogin.email} />}
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none sm:px-6">
        <Outlet />
      </main>
      <SupportDialog
        open={supportOpen}
        onOpenChange={setSupportOpen}
        defaultEmail={user.userLogin.email}
        returnFocusTo={helpTrigger}
      />
    </div>
  );
}

/** Confirms the moment polling sees the address verified (for example from a link opened elsewhere). */
function useVerifiedToast(verified: boolean): void {
  const previous = useRef(verified);
  useEffect(() => {
    if (!previous.current && verified) toast.success('Your email address is verified');
    previous.current = verified;
  }, [verified]);
}
