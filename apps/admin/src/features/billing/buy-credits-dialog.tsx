import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormField, Input } from '@tieline/ui';
import { BILLING_LIMITS, formatMoney, type TCreditsForm, ZCreditsForm } from '@tieline/validation';
import { Lock } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyForm } from '../../components/busy-form';
import { DialogActions } from '../../components/dialog-actions';
import { useTRPC } from '../../lib/trpc';

export interface Pricing {
  creditPriceCents: number;
  currency: string;
}

/**
 * Credits to buy (spec §2 users/settings/billing/credits to buy): how many, at what price, then on to
 * the payment provider's checkout page, where the card is entered. The credits arrive when the provider
 * confirms the payment; the billing page waits for that when the browser comes back.
 */
export function BuyCreditsDialog({
  accountId,
  accountName,
  pricing,
  onClose,
}: {
  accountId: string;
  accountName: string;
  pricing: Pricing;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const form = useForm<TCreditsForm, unknown, z.output<typeof ZCreditsForm>>({
    resolver: zodResolver(ZCreditsForm),
    defaultValues: { credits: 100 },
  });
  const checkout = useMutation(
    trpc.billing.buyCredits.mutationOptions({
      // Off to the provider's page; the button stays busy until the browser leaves.
      onSuccess: ({ url }) => window.location.assign(url),
    }),
  );
  const credits = form.watch('credits');
  const valid = Number.isInteger(credits) && credits >= 1 && credits <= BILLING_LIMITS.maxRequest;
  const money = (cents: number) => formatMoney(cents, pricing.currency);
  const busy = checkout.isPending || checkout.isSuccess;

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-[480px]">
        <DialogHeader>
          <DialogTitle>Buy credits</DialogTitle>
          <DialogDescription>
            Respondent credits for {accountName}, {money(pricing.creditPriceCents)} each. Each new respondent on a
            respondent list uses one.
          </DialogDescription>
        </DialogHeader>
        <BusyForm
          busy={busy}
          onSubmit={form.handleSubmit((values) => checkout.mutate({ accountId, credits: values.credits }))}
        >
          <FormField label="Respondent credits" error={form.formState.errors.credits?.message}>
            {(p) => (
              <Input
                {...p}
                type="number"
                min={1}
                max={BILLING_LIMITS.maxRequest}
                step={1}
                {...form.register('credits', { valueAsNumber: true })}
              />
            )}
          </FormField>
          <p className="flex items-baseline justify-between rounded-md bg-muted px-3 py-2 text-sm" aria-live="polite">
            <span className="text-muted-foreground">Total</span>
            <span className="text-base font-semibold tabular-nums" data-testid="checkout-total">
              {valid ? money(credits * pricing.creditPriceCents) : '—'}
            </span>
          </p>
          <p className="flex gap-2 text-sm text-muted-foreground">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              You enter your card on the payment provider's secure checkout page. Tieline never sees your card number.
            </span>
          </p>
          <DialogActions
            onCancel={onClose}
            submitLabel="Continue to payment"
            busy={busy}
            busyLabel="Opening checkout…"
          />
        </BusyForm>
      </DialogContent>
    </Dialog>
  );
}
