import type { ReactNode } from 'react';

/** A step's title (the target of the section's aria-labelledby) with its save state beside it. */
export function StepHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 id="step-title" className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </div>
  );
}
