import { LoaderCircle } from 'lucide-react';
import { cn } from '../cn';

type SpinnerProps = {
  className?: string;
  /** Text for screen readers; also shown next to the icon when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
};

export function Spinner({ className, label = 'Loading', showLabel = false }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </span>
  );
}
