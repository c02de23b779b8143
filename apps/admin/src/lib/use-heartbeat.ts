import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from './trpc';

const HEARTBEAT_MS = 5 * 60 * 1000;

/** Tells the server the session is in use every 5 minutes while the tab is visible. */
export function useHeartbeat(): void {
  const trpc = useTRPC();
  const { mutate } = useMutation(trpc.userLogins.heartbeat.mutationOptions({ meta: { silentError: true } }));
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') mutate();
    }, HEARTBEAT_MS);
    return () => window.clearInterval(timer);
  }, [mutate]);
}
