import { FormField, Input, Label, Switch } from '@tieline/ui';
import { useId } from 'react';

type UrlToggleFieldProps = {
  toggleLabel: string;
  urlLabel: string;
  on: boolean;
  onToggle: (on: boolean) => void;
  url: string;
  onUrlChange: (url: string) => void;
  onUrlBlur: () => void;
  error: string | null;
};

/** A toggle that reveals a URL field (Redirect On Completion, Webhook On Completion). */
export function UrlToggleField(props: UrlToggleFieldProps) {
  const switchId = useId();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <Switch id={switchId} checked={props.on} onCheckedChange={props.onToggle} />
        <Label htmlFor={switchId}>{props.toggleLabel}</Label>
      </div>
      {props.on ? (
        <FormField label={props.urlLabel} error={props.error ?? undefined} hint="Starts with http:// or https://">
          {(field) => (
            <Input
              {...field}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={props.url}
              onChange={(e) => props.onUrlChange(e.target.value)}
              onBlur={props.onUrlBlur}
            />
          )}
        </FormField>
      ) : null}
    </div>
  );
}
