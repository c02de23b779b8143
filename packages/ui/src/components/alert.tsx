import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../cn';

const alertVariants = cva(
  'relative flex w-full gap-3 rounded-md border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
  {
    variants: {
      variant: {
        info: 'border-info/25 bg-info-soft text-info',
        warning: 'border-warning-border bg-warning-soft text-warning',
        destructive: 'border-destructive/40 bg-destructive-soft text-destructive',
        success: 'border-success/30 bg-success-soft text-success',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

export type AlertProps = ComponentProps<'div'> & VariantProps<typeof alertVariants>;

/** Inline message box. Pass role="alert" only for messages that appear in response to an action. */
export function Alert({ className, variant, ...props }: AlertProps) {
  return <div className={cn(alertVariants({ variant }), className)} {...props} />;
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('font-semibold leading-snug', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('leading-relaxed [&_a]:font-medium [&_a]:underline', className)} {...props} />;
}

/** Full-width strip under the top bar (for example the verification reminder). */
export function Banner({ className, variant, ...props }: AlertProps) {
  return (
    <div
      className={cn(alertVariants({ variant }), 'rounded-none border-x-0 border-t-0 px-4 py-2.5 sm:px-6', className)}
      {...props}
    />
  );
}
