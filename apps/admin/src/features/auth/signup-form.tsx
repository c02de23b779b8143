import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, FormField, Input, toast } from '@tieline/ui';
import { MSG, type TPlan, ZEmail, ZSignUpInput, ZUsername } from '@tieline/validation';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { BusyForm } from '../../components/busy-form';
import { trackEvent } from '../../lib/analytics';
import { useTRPC } from '../../lib/trpc';
import { useConfig } from '../../lib/use-config';
import { useSetSignedInUser } from '../../lib/use-session-actions';

type SignUpFormProps = {
  plan: TPlan;
  invite?: { token: string; email: string; name: string };
};

/** Registration: name, username, email, password (ZSignUpInput); signed in on success, then on to '/'. */
export function SignUpForm({ plan, invite }: SignUpFormProps) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const config = useConfig();
  const setSignedInUser = useSetSignedInUser();
  // Values the server said are taken, so submit can refuse them again without another round trip.
  const taken = useRef({ username: '', email: '' });

  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(ZSignUpInput),
    mode: 'onTouched',
    defaultValues: {
      name: invite?.name ?? '',
      username: '',
      email: invite?.email ?? '',
      password: '',
      plan,
      inviteToken: invite?.token,
    },
  });
  const { errors } = formState;

  const checkUsername = useMutation(trpc.userLogins.checkUsername.mutationOptions());
  const checkEmail = useMutation(trpc.userLogins.checkEmail.mutationOptions());
  const availability = {
    username: {
      schema: ZUsername,
      taken: MSG.usernameTaken,
      check: (username: string) => checkUsername.mutateAsync({ username }),
    },
    email: { schema: ZEmail, taken: MSG.emailTaken, check: (email: string) => checkEmail.mutateAsync({ email }) },
  };

  /** On leaving the field: ask the server whether a well-formed value is free (a failed call says nothing). */
  async function checkAvailable(field: 'username' | 'email', value: string) {
    const { schema, taken: message, check } = availability[field];
    const parsed = schema.safeParse(value);
    if (!parsed.success) return;
    const { available } = await check(parsed.data).catch(() => ({ available: true }));
    if (!available) {
      taken.current[field] = parsed.data;
      setError(field, { type: 'taken', message });
    }
  }

  const signUp = useMutation(
    trpc.userLogins.signUp.mutationOptions({
      onSuccess: ({ user }) => {
        setSignedInUser(user);
        trackEvent('signed up');
        toast.success('Your account is ready', {
          description: `We sent a verification link to ${user.userLogin.email}.`,
          action: config?.mailbox
            ? { label: 'Open mailbox', onClick: () => window.open('/mailbox', '_blank', 'noopener') }
            : undefined,
        });
        void navigate('/', { replace: true });
      },
    }),
  );

  const onSubmit = handleSubmit((values) => {
    const refused = (['username', 'email'] as const).find((field) => values[field] === taken.current[field]);
    if (refused) return setError(refused, { type: 'taken', message: availability[refused].taken });
    signUp.mutate(values);
  });

  return (
    <BusyForm busy={signUp.isPending} onSubmit={onSubmit}>
      <FormField label="Full name" error={errors.name?.message}>
        {(field) => <Input autoComplete="name" {...field} {...register('name')} />}
      </FormField>
      <FormField
        label="Username"
        error={errors.username?.message}
        hint="3 to 30 characters: letters, numbers, dots, dashes or underscores."
      >
        {(field) => (
          <Input
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...field}
            {...register('username', { onBlur: (e) => void checkAvailable('username', e.target.value) })}
          />
        )}
      </FormField>
      <FormField
        label="Email"
        error={errors.email?.message}
        hint={invite ? 'Invitations are tied to the address they were sent to.' : undefined}
      >
        {(field) => (
          <Input
            type="email"
            autoComplete="email"
            readOnly={Boolean(invite)}
            {...field}
            {...register('email', {
              // An invitation fixes the address, so there is nothing to check.
              onBlur: (e) => (invite ? undefined : void checkAvailable('email', e.target.value)),
            })}
          />
        )}
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint="At least 8 characters.">
        {(field) => <Input type="password" autoComplete="new-password" {...field} {...register('password')} />}
      </FormField>
      <Button type="submit" size="lg" disabled={signUp.isPending} className="mt-2 w-full">
        {signUp.isPending ? 'Creating your account…' : 'Create account'}
      </Button>
    </BusyForm>
  );
}
