import { Checkbox, FieldError, Label } from '@tieline/ui';
import type { TNetworkSummary } from '@tieline/validation';
import { type ReactNode, useId } from 'react';
import { type Control, type FieldPathByValue, type FieldValues, useController } from 'react-hook-form';

/**
 * Networks to pick, one checkbox each, in a scrolling box under a legend, with the field's error below
 * (combining networks, uniting them for adaptable readiness): the form's field `name`, a list of ids.
 */
export function NetworkChecklist<T extends FieldValues>({
  control,
  name,
  legend,
  networks,
  detail,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, string[]>;
  legend: string;
  networks: readonly TNetworkSummary[];
  /** What follows each name, muted (its size, its layers). */
  detail: (network: TNetworkSummary) => ReactNode;
}) {
  const { field, fieldState } = useController({ control, name });
  const value: string[] = field.value;
  const onChange = field.onChange;
  const error = fieldState.error?.message;
  const listId = useId();
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? listId : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {networks.length === 0 ? <p className="text-muted-foreground">You have no networks yet.</p> : null}
      <div className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-md border border-border p-2">
        {networks.map((n) => {
          const id = `${listId}-${n._id}`;
          return (
            <div key={n._id} className="flex min-h-9 items-center gap-3 rounded px-2 hover:bg-muted">
              <Checkbox
                id={id}
                checked={value.includes(n._id)}
                onCheckedChange={(on) => onChange(on === true ? [...value, n._id] : value.filter((x) => x !== n._id))}
              />
              <Label htmlFor={id} className="flex-1 cursor-pointer font-normal">
                {n.name} <span className="text-muted-foreground">{detail(n)}</span>
              </Label>
            </div>
          );
        })}
      </div>
      <FieldError id={listId}>{error}</FieldError>
    </fieldset>
  );
}
