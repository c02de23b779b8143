import { useMutation } from '@tanstack/react-query';
import { Banner, Button, toast } from '@tieline/ui';
import { MailExclamationPoint } from 'lucide-react';
import { Link } from 'react-router';
import { useTRPC } from '../lib/trpc';
import { useConfig } from '../lib/use-config';

/** Spec §4: shown while userLogin.verified is false; the protected layout polls users.me meanwhile. */
export function VerificationBanner({ email }: { email: string }) {
  const trpc = useTRPC();
  const config = useConfig();
  const resend = useMutation(
    trpc.userLogins.resendVerificationEmail.mutationOptions({
      onSuccess: () => toast.success('Verification email sent'),
    }),
  );

  return (
    <Banner variant="warning" role="region" aria-label="Email verification">
      <MailExclamationPoint aria-hidden="true" />
      <div className="flex flex-1 flex-wrap items-center gap-x-4 gap-y-2">
        <p className="flex-1 basis-64">
          Please verify your email address. We sent a link to <strong className="wrap-anywhere">{email}</strong>.
        </p>
        <div className="flex items-center gap-2">
          {config?.mailbox ? (
            <Button asChild variant="link" size="sm" className="text-warning">
              <Link to="/mailbox" target="_blank" rel="noopener">
                Open mailbox<span className="sr-only"> (opens in a new tab)</span>
              </Link>
            </Button>
          ) : null}
          <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? 'Sending…' : 'Resend'}
          </Button>
        </div>
      </div>
    </Banner>
  );
}
