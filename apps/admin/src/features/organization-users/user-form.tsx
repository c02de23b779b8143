import { FormField, Input, Label, SelectField, Switch } from '@tieline/ui';
import { MODULE_LABELS, MODULES, PERMISSIONS, type TModules, type TPermission } from '@tieline/validation';
import {
  type Control,
  Controller,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';

export type TUserFormValues = {
  name?: string | undefined;
  email?: string;
  permission: TPermission;
  modules?: TModules | undefined;
};

/** Name, email, permission and the module switches, shared by the add and edit dialogs. */
export function UserFields<T extends FieldValues>({
  control,
  register,
  errors,
  nameLocked,
  withEmail,
  withModules,
  organizationModules,
}: {
  control: Control<T>;
  register: UseFormRegister<T>;
  errors: FieldErrors<TUserFormValues>;
  nameLocked: boolean;
  withEmail: boolean;
  withModules: boolean;
  /** The organization's modules, when known: a switch for a module it lacks says so. */
  organizationModules?: TModules | undefined;
}) {
  // The add and edit forms share these field names; their schemas differ elsewhere.
  const field = (name: string) => name as Path<T>;
  return (
    <div className="flex flex-col gap-4">
      <FormField
        label="Name"
        hint={nameLocked ? 'People with a login change their name in their own profile.' : undefined}
        error={errors.name?.message}
      >
        {(p) => <Input {...p} autoComplete="off" readOnly={nameLocked} {...register(field('name'))} />}
      </FormField>
      {withEmail ? (
        <FormField label="Email" error={errors.email?.message}>
          {(p) => <Input {...p} type="email" autoComplete="off" {...register(field('email'))} />}
        </FormField>
      ) : null}
      <Controller
        control={control}
        name={field('permission')}
        render={({ field }) => (
          <SelectField
            label="Permission"
            value={field.value as TPermission}
            options={PERMISSIONS.map((p) => ({ value: p, label: p }))}
            onChange={field.onChange}
          />
        )}
      />
      {withModules ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Modules</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {MODULES.map((m) => (
              <Controller
                key={m}
                control={control}
                name={field(`modules.${m}.enabled`)}
                render={({ field }) => {
                  const lacking = organizationModules && !organizationModules[m].enabled;
                  return (
                    <div className="flex items-center gap-3">
                      <Switch
                        id={`module-${m}`}
                        checked={!!field.value}
                        onCheckedChange={field.onChange}
                        aria-describedby={lacking ? `module-${m}-hint` : undefined}
                      />
                      <div className="flex flex-col">
                        <Label htmlFor={`module-${m}`}>{MODULE_LABELS[m]}</Label>
                        {lacking ? (
                          <span id={`module-${m}-hint`} className="text-xs text-muted-foreground">
                            Not enabled for your organization
                          </span>
                        ) : null}
                      </div>
                    </div>
                  );
                }}
              />
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
