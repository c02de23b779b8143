import { type ReactNode, useId } from 'react';
import { cn } from '../cn';
import { FieldError } from './field-error';
import { Label } from './label';

/** Props a form control needs so its label, hint and error are announced with it. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  label: ReactNode;
  /** Error text; when set the control is marked aria-invalid and described by it. */
  error?: string | undefined;
  hint?: ReactNode;
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * Visible label, optional hint and error text around one control. The control is rendered by the
 * child function so it receives the id and aria attributes: `{(p) => <Input {...p} {...register('email')} />}`.
 */
export function FormField({ label, error, hint, id, className, children }: FormFieldProps) {
  const autoId = useId();
  const controlId = id ?? `field${autoId}`;
  // An error replaces the hint: it usually says the same thing, more pointedly.
  const hintId = hint && !error ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={controlId}>{label}</Label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hintId ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
