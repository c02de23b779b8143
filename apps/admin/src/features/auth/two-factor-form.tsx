import { zodResolver } from '@hookform/resolvers/zod';
import { Button, FormField, Input } from '@tieline/ui';
import { ZTwoFactorSignInInput } from '@tieline/validation';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { BusyForm } from '../../components/busy-form';

const ZCode = ZTwoFactorSignInInput.pick({ token: true });

type TwoFactorFormProps = { pending: boolean; onSubmit: (token: string) => void; onBack: () => void };

/** Two-factor step of sign-in: a 6-digit code from the authenticator app, or a recovery code instead. */
export function TwoFactorForm({ pending, onSubmit, onBack }: TwoFactorFormProps) {
  const { register, handleSubmit, formState, setFocus } = useForm({
    resolver: zodResolver(ZCode),
    defaultValues: { token: '' },
  });
  useEffect(() => setFocus('token'), [setFocus]);

  return (
    <section aria-labelledby="two-factor-heading" className="flex flex-col gap-4">
      <h2 id="two-factor-heading" className="text-lg font-semibold">
        Two-factor authentication
      </h2>
      <p className="text-sm text-muted-foreground">
        Enter the 6-digit code from your authenticator app. No phone at hand? Enter one of your recovery codes.
      </p>
      <BusyForm busy={pending} onSubmit={handleSubmit((v) => onSubmit(v.token))}>
        <FormField label="Code" error={formState.errors.token?.message}>
          {(field) => (
            <Input
              autoComplete="one-time-code"
              maxLength={13}
              className="font-mono tracking-[0.2em]"
              {...field}
              {...register('token')}
            />
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="ghost" onClick={onBack} disabled={pending}>
            Back
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Verifying…' : 'Verify'}
          </Button>
        </div>
      </BusyForm>
    </section>
  );
}
