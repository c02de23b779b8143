import { type ReactNode, useEffect, useRef } from 'react';

type StepHeadingProps = { children: ReactNode; id?: string; className?: string };

/**
 * The heading of every respondent step (welcome, questions, status messages). It takes focus when the
 * step appears, so screen readers announce the new step and keyboard users start from its top.
 */
export function StepHeading({ children, id, className = '' }: StepHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
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
