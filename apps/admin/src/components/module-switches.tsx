import { Label, Switch } from '@tieline/ui';
import { MODULES, type TModules } from '@tieline/validation';
import { useId } from 'react';
import { MODULE_INFO } from '../lib/module-list';

/** One switch per module (spec §6), in landing order; each change is sent at once. */
export function ModuleSwitches({
  modules,
  disabled,
  onChange,
}: {
  modules: TModules;
  disabled?: boolean;
  onChange: (modules: TModules) => void;
}) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Modules</legend>
      {MODULES.map((m) => (
        <div key={m} className="flex items-center justify-between gap-4">
          <Label htmlFor={`${id}-${m}`}>{MODULE_INFO[m].label}</Label>
          <Switch
            id={`${id}-${m}`}
            checked={modules[m].enabled}
            disabled={disabled}
            onCheckedChange={(enabled) => onChange({ ...modules, [m]: { enabled } })}
          />
        </div>
      ))}
    </fieldset>
  );
}
