import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, FormField, Input, toast } from '@tieline/ui';
import { MSG, type TPlan, ZEmail, ZSignUpInput, ZUsername } from '@tieline/validation';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
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

  async function onUsernameBlur(value: string) {
    const parsed = ZUsername.safeParse(value);
    if (!parsed.success) return;
    const { available } = await checkUsername.mutateAsync({ username: parsed.data }).catch(() => ({ available: true }));
    if (!available) {
      taken.current.username = parsed.data;
      setError('username', { type: 'taken', message: MSG.usernameTaken });
    }
  }

  async function onEmailBlur(value: string) {
    if (invite) return;
    const parsed = ZEmail.safeParse(value);
    if (!parsed.success) return;
    const { available } = await checkEmail.mutateAsync({ email: parsed.data }).catch(() => ({ available: true }));
    if (!available) {
      taken.current.email = parsed.data;
      setError('email', { type: 'taken', message: MSG.emailTaken });
    }
  }

  const signUp = useMutation(
    trpc.userLogins.signUp.mutationOptions({
      onSuccess: ({ user }) => {
        setSignedInUser(user);
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
    if (values.username === taken.current.username) {
      setError('username', { type: 'taken', message: MSG.usernameTaken });
      return;
    }
    if (values.email === taken.current.email) {
      setError('email', { type: 'taken', message: MSG.emailTaken });
      return;
    }
    signUp.mutate(values);
  });

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={onSubmit} aria-busy={signUp.isPending}>
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
            {...register('username', { onBlur: (e) => void onUsernameBlur(e.target.value) })}
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
            {...register('email', { onBlur: (e) => void onEmailBlur(e.target.value) })}
          />
        )}
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint="At least 8 characters.">
        {(field) => <Input type="password" autoComplete="new-password" {...field} {...register('password')} />}
      </FormField>
      <Button type="submit" size="lg" disabled={signUp.isPending} className="mt-2 w-full">
        {signUp.isPending ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  );
}
