import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, AlertDescription, AlertTitle, Button } from '@tieline/ui';
import { BILLING_MSG } from '@tieline/validation';
import { CircleCheck, Info, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTRPC } from '../../lib/trpc';

const POLL_MS = 2_000;
/** How long to keep asking before saying the confirmation is late (it still lands later). */
const PATIENCE_MS = 120_000;

/**
 * Where the provider's checkout sends the browser back: `checkout=cancelled`, or `checkout=received`
 * with our payment's id. Received is not paid: the credits come with the provider's signed event, so
 * the page asks for the payment until it is paid, then refreshes the balance. The query string is
 * never taken as proof of anything.
 */
export function PaymentReturn({
  checkout,
  paymentId,
  onDismiss,
}: {
  checkout: string | null;
  paymentId: string | null;
  onDismiss: () => void;
}) {
  if (checkout === 'cancelled') {
    return (
      <Alert role="status">
        <Info aria-hidden="true" />
        <div className="flex-1">
          <AlertTitle>Payment canceled</AlertTitle>
          <AlertDescription>{BILLING_MSG.paymentCancelled}</AlertDescription>
        </div>
        <DismissButton onClick={onDismiss} />
      </Alert>
    );
  }
  if (checkout === 'received' && paymentId) return <Confirming paymentId={paymentId} onDismiss={onDismiss} />;
  return null;
}

function Confirming({ paymentId, onDismiss }: { paymentId: string; onDismiss: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), PATIENCE_MS);
    return () => clearTimeout(timer);
  }, []);
  const payment = useQuery(
    trpc.billing.payment.queryOptions(
      { id: paymentId },
      { refetchInterval: (query) => (query.state.data?.status === 'paid' || late ? false : POLL_MS) },
    ),
  );
  const paid = payment.data?.status === 'paid' ? payment.data : null;
  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: trpc.billing.summary.queryKey() });
  }, [paid, queryClient, trpc]);

  if (paid) {
    return (
      <Alert role="status" variant="success">
        <CircleCheck aria-hidden="true" />
        <div className="flex-1">
          <AlertTitle>{BILLING_MSG.paymentReceived(paid.credits)}</AlertTitle>
        </div>
        <DismissButton onClick={onDismiss} />
      </Alert>
    );
  }
  if (payment.isError) return null;
  return (
    <Alert role="status">
      {late ? <Info aria-hidden="true" /> : <LoaderCircle aria-hidden="true" className="animate-spin" />}
      <div className="flex-1">
        <AlertTitle>Confirming your payment</AlertTitle>
        <AlertDescription>{late ? BILLING_MSG.paymentSlow : BILLING_MSG.paymentPending}</AlertDescription>
      </div>
    </Alert>
  );
}

function DismissButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" className="-my-1 self-start" onClick={onClick}>
      Dismiss
    </Button>
  );
}
