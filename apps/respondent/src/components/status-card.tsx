import { type ReactNode, useEffect, useRef } from 'react';

type StatusCardProps = { title: string; children: ReactNode; action?: ReactNode; tone?: 'neutral' | 'warning' };

/** One message in the flow card (invalid link, closed survey, not available yet, load failure). */
export function StatusCard({ title, children, action, tone = 'neutral' }: StatusCardProps) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="flex flex-col items-center gap-4 px-2 py-10 text-center sm:py-16">
      <div
        aria-hidden="true"
        className={`flex size-14 items-center justify-center rounded-full text-2xl font-semibold ${
          tone === 'warning' ? 'bg-warning-soft text-warning' : 'bg-accent text-accent-foreground'
        }`}
      >
        {tone === 'warning' ? '!' : 'i'}
      </div>
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold tracking-tight focus:outline-none">
        {title}
      </h1>
      <p className="max-w-prose text-muted-foreground">{children}</p>
      {action}
    </div>
  );
}

/** Moves focus to the element when it appears, so screen readers announce the new step. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-border border-t-primary motion-reduce:animate-none"
      />
      <span>{label}</span>
    </div>
  );
}
