import { zodResolver } from '@hookform/resolvers/zod';
import { Button, FormField, Input } from '@tieline/ui';
import { ZSignInInput } from '@tieline/validation';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { BusyForm } from '../../components/busy-form';
import type { Credentials } from './use-sign-in-flow';

const ZCredentials = ZSignInInput.pick({ email: true, password: true });

export function SignInForm({ pending, onSubmit }: { pending: boolean; onSubmit: (c: Credentials) => void }) {
  const { register, handleSubmit, formState, setFocus } = useForm({
    resolver: zodResolver(ZCredentials),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = formState;
  useEffect(() => setFocus('email'), [setFocus]);

  return (
    <BusyForm busy={pending} onSubmit={handleSubmit(onSubmit)}>
      <FormField label="Email" error={errors.email?.message}>
        {(field) => <Input type="email" autoComplete="username" {...field} {...register('email')} />}
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(field) => <Input type="password" autoComplete="current-password" {...field} {...register('password')} />}
      </FormField>
      <Button type="submit" size="lg" disabled={pending} className="mt-2 w-full">
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </BusyForm>
  );
}
