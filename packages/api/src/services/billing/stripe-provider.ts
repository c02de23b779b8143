import { BILLING_LIMITS, ZId } from '@tieline/validation';
import type Stripe from 'stripe';
import { z } from 'zod';
import { EVENT_CLOCK_SKEW_SECONDS, type PaymentEnv, type PaymentEvent, type PaymentProvider } from './payments';

/** What our checkouts carry in their metadata, read back from the provider's events. */
const ZOrderMetadata = z.object({
  payment: ZId,
  account_kind: z.enum(['organization', 'user']),
  account_id: ZId,
  credits: z.coerce.number().int().min(1).max(BILLING_LIMITS.maxRequest),
});

/**
 * The Stripe adapter: a Checkout Session in payment mode (cards only, so a completed session is paid or
 * not at once; no delayed payment methods), quantity = credits at CREDIT_PRICE_CENTS each, and events
 * verified with Stripe's own webhook signature check.
 */
export async function stripeProvider(env: PaymentEnv): Promise<PaymentProvider> {
  // Loaded only when payments are configured, and kept out of the server bundle (build.mjs): ~1 MB.
  const { default: Stripe } = await import('stripe');
  const api = env.PAYMENT_API_URL ? new URL(env.PAYMENT_API_URL) : null;
  const https = api?.protocol !== 'http:';
  const stripe = new Stripe(env.PAYMENT_SECRET_KEY, {
    // Retries of a create carry the same idempotency key, so a lost answer never makes a second checkout.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? { host: api.hostname, port: api.port || (https ? 443 : 80), protocol: https ? ('https' as const) : 'http' }
      : {}),
  });
  const withParam = (url: string, value: string) => {
    const u = new URL(url);
    u.searchParams.set('checkout', value);
    return u.toString();
  };

  return {
    creditPriceCents: env.CREDIT_PRICE_CENTS,
    currency: env.PAYMENT_CURRENCY,

    async createCheckout({ paymentId, account, credits, returnUrl }) {
      const metadata = {
        payment: paymentId,
        account_kind: account.kind,
        account_id: account.id,
        credits: String(credits),
      };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          allowed_payment_method_types: ['card'],
          line_items: [
            {
              quantity: credits,
              price_data: {
                currency: env.PAYMENT_CURRENCY,
                unit_amount: env.CREDIT_PRICE_CENTS,
                product_data: { name: 'Tieline respondent credits' },
              },
            },
          ],
          client_reference_id: `${account.kind}-${account.id}`,
          metadata,
          payment_intent_data: { metadata },
          success_url: withParam(returnUrl, 'received'),
          cancel_url: withParam(returnUrl, 'cancelled'),
        },
        { idempotencyKey: `tieline-checkout-${paymentId}` },
      );
      if (!session.url) throw new Error(`Checkout Session ${session.id} came without a url`);
      return { sessionId: session.id, url: session.url };
    },

    verifyEvent(rawBody, headers): PaymentEvent | null {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') return null;
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(
          rawBody,
          signature,
          env.PAYMENT_WEBHOOK_SECRET,
          EVENT_CLOCK_SKEW_SECONDS,
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
        throw error;
      }
      // Stripe's tolerance bounds only the age of the signed timestamp, not how far ahead it is.
      if (!(signedAt(signature) <= Date.now() / 1000 + EVENT_CLOCK_SKEW_SECONDS)) return null;
      if (event.type !== 'checkout.session.completed') return { type: 'other', name: event.type };
      const session = event.data.object;
      const order = ZOrderMetadata.safeParse(session.metadata ?? {});
      return {
        type: 'checkout.completed',
        sessionId: session.id,
        paid: session.payment_status === 'paid',
        order: order.success
          ? {
              paymentId: order.data.payment,
              account: { kind: order.data.account_kind, id: order.data.account_id },
              credits: order.data.credits,
            }
          : null,
        amountCents: session.amount_total ?? 0,
        currency: session.currency ?? env.PAYMENT_CURRENCY,
      };
    },
  };
}

/**
 * The signing time Stripe's check used, in Unix seconds: the header's `t=` field (the last one, as
 * Stripe's own parser takes it); NaN when absent, which the caller refuses.
 */
function signedAt(header: string): number {
  let timestamp = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
}
