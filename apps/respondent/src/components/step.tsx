import { type ReactNode, useEffect, useRef } from 'react';
import { revealApp } from '../lib/reveal';

type StepHeadingProps = { children: ReactNode; id?: string; className?: string };

/**
 * The heading of every respondent step (welcome, questions, status messages). It takes focus when the
 * step appears, so screen readers announce the new step and keyboard users start from its top; the
 * first one replaces the server's painted welcome page (revealApp).
 */
export function StepHeading({ children, id, className = '' }: StepHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    revealApp();
    ref.current?.focus();
  }, []);
  return (
    <h1
      id={id}
      ref={ref}
      tabIndex={-1}
      className={`text-2xl font-semibold tracking-tight focus:outline-none ${className}`}
    >
      {children}
    </h1>
  );
}

/** The buttons under a step, set apart by a rule; full width on a phone. */
export function StepActions({ children, align = 'start' }: { children: ReactNode; align?: 'start' | 'end' }) {
  return (
    <div className={`flex border-t border-border pt-5 ${align === 'end' ? 'justify-end' : ''} *:w-full sm:*:w-auto`}>
      {children}
    </div>
  );
}
