import { zodResolver } from '@hookform/resolvers/zod';
import { Button, FormField, fieldClasses, Input } from '@tieline/ui';
import { COUNTRIES, type TUpdateProfileInput, type TUser, ZCountry, ZUpdateProfileInput } from '@tieline/validation';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

// The profile's own schema without the password (asked in confirm-update); the select's '' is "not set".
const ZProfileForm = ZUpdateProfileInput.omit({ currentPassword: true }).extend({
  country: z.union([z.literal(''), ZCountry]).transform((v) => (v === '' ? null : v)),
});
type TProfileFormIn = z.input<typeof ZProfileForm>;
type TProfileFormOut = z.output<typeof ZProfileForm>;

/** Name, username, email and country; submitting opens confirm-update with the values. */
export function ProfileForm({
  user,
  onSubmit,
}: {
  user: TUser;
  onSubmit: (values: Omit<TUpdateProfileInput, 'currentPassword'>) => void;
}) {
  const login = user.userLogin;
  const form = useForm<TProfileFormIn, unknown, TProfileFormOut>({
    resolver: zodResolver(ZProfileForm),
    values: {
      name: login.name,
      username: login.username,
      email: login.email,
      country: (user.country ?? '') as TProfileFormIn['country'],
    },
  });
  const { errors, isDirty } = form.formState;
  return (
    <form className="grid gap-4 sm:grid-cols-2" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <FormField label="Name" error={errors.name?.message}>
        {(p) => <Input {...p} autoComplete="name" {...form.register('name')} />}
      </FormField>
      <FormField label="Username" error={errors.username?.message}>
        {(p) => <Input {...p} autoComplete="username" {...form.register('username')} />}
      </FormField>
      <FormField
        label="Email"
        hint="A new address must be verified again: we send it a link."
        error={errors.email?.message}
      >
        {(p) => <Input {...p} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <FormField label="Country" error={errors.country?.message}>
        {(p) => (
          <select {...p} className={`${fieldClasses} h-10`} autoComplete="country-name" {...form.register('country')}>
            <option value="">Not set</option>
            {COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" disabled={!isDirty}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
