import { Check, CircleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { TSaveState } from '../lib/use-survey';

/** "Saving…" / "Saved" next to a step's title, announced politely. */
export function SaveIndicator({ state }: { state: TSaveState }) {
  return (
    <p role="status" className="flex min-h-5 items-center gap-1 text-sm text-muted-foreground">
      {state === 'saving' ? 'Saving…' : null}
      {state === 'saved' ? (
        <>
          <Check aria-hidden="true" className="size-4 text-success" /> Saved
        </>
      ) : null}
      {state === 'failed' ? (
        <>
          <CircleAlert aria-hidden="true" className="size-4 text-destructive" /> Not saved
        </>
      ) : null}
    </p>
  );
}

/** Runs the latest `flush` when the step unmounts, i.e. when the user navigates to another page. */
export function useSaveOnLeave(flush: () => void): void {
  const latest = useRef(flush);
  latest.current = flush;
  useEffect(() => () => latest.current(), []);
}
