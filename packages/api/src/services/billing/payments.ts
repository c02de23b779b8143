import type { TEnv } from '../../env';

/**
 * Card payments go through a provider's hosted checkout: Tieline opens a checkout for a number of
 * credits and sends the browser to the provider's page, where the card is typed, so card numbers never
 * reach Tieline and no provider script runs in our pages. The provider then reports the payment in a
 * signed event (POST /api/base/billing/webhook), and only that grants the credits.
 *
 * Configured by PAYMENT_PUBLIC_KEY with PAYMENT_SECRET_KEY and PAYMENT_WEBHOOK_SECRET (env.ts refuses
 * a half configuration); without them payments are not configured and the billing page offers credit
 * requests only.
 */
export interface PaymentProvider {
  /** The price of one credit, in the currency's smallest unit. */
  creditPriceCents: number;
  currency: string;
  createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
  /** The event a webhook delivery carries, or null when its signature does not hold. */
  verifyEvent(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent | null;
}

/**
 * How far a webhook event's signed timestamp may be from our clock, either way, in seconds. Older events
 * are replays; newer ones come from a skewed clock or were signed ahead to be replayed later.
 */
export const EVENT_CLOCK_SKEW_SECONDS = 300;

export type PaymentAccount = { kind: 'organization'; id: string } | { kind: 'user'; id: string };

export interface CheckoutInput {
  /** Our payment's id: the checkout's idempotency key, and carried back in its events. */
  paymentId: string;
  account: PaymentAccount;
  credits: number;
  /** The billing page; the provider comes back to it with `checkout=received` or `checkout=cancelled`. */
  returnUrl: string;
}

/** A signed event, reduced to what Tieline acts on. */
export type PaymentEvent =
  | {
      type: 'checkout.completed';
      sessionId: string;
      paid: boolean;
      /** From the checkout's metadata as the provider reports it; null when the checkout is not ours. */
      order: { paymentId: string; account: PaymentAccount; credits: number } | null;
      amountCents: number;
      currency: string;
    }
  | { type: 'other'; name: string };

export type PaymentEnv = Pick<
  TEnv,
  | 'PAYMENT_PUBLIC_KEY'
  | 'PAYMENT_SECRET_KEY'
  | 'PAYMENT_WEBHOOK_SECRET'
  | 'CREDIT_PRICE_CENTS'
  | 'PAYMENT_CURRENCY'
  | 'PAYMENT_API_URL'
>;
