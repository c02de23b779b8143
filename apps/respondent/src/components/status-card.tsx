import type { ReactNode } from 'react';
import { StepHeading } from './step';

type StatusCardProps = { title: string; children: ReactNode; action?: ReactNode; tone?: 'neutral' | 'warning' };

/** One message in the flow card (invalid link, closed survey, not available yet, load failure). */
export function StatusCard({ title, children, action, tone = 'neutral' }: StatusCardProps) {
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
      <StepHeading>{title}</StepHeading>
      <p className="max-w-prose text-muted-foreground">{children}</p>
      {action}
    </div>
  );
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
