import { Label, Switch } from '@tieline/ui';
import { useId } from 'react';

/** A labeled switch with an optional one-line explanation under it. */
export function ToggleRow(props: { label: string; hint?: string; checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  const hintId = props.hint ? `${id}-hint` : undefined;
  return (
    <div className="flex items-start gap-3">
      <Switch id={id} checked={props.checked} onCheckedChange={props.onChange} aria-describedby={hintId} />
      <div className="flex flex-col gap-1">
        <Label htmlFor={id} className="leading-6">
          {props.label}
        </Label>
        {props.hint ? (
          <p id={hintId} className="text-xs text-muted-foreground">
            {props.hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
