import { cn, Label, Switch } from '@tieline/ui';
import { useId } from 'react';
import { type Control, type FieldPathByValue, type FieldValues, useController } from 'react-hook-form';

/** A network form's “Directed” switch, bound to the form's boolean field `name` (uploading, combining, managing). */
export function DirectedSwitch<T extends FieldValues>({
  control,
  name,
  label = 'Directed',
  disabled,
  className,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, boolean>;
  label?: string;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  const { field } = useController({ control, name });
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <Switch id={id} checked={field.value} disabled={disabled} onCheckedChange={field.onChange} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}
