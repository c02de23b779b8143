import type { TEnv } from '../../env';

/**
 * Card payments go through a provider (cards are entered in the provider's own browser form, so card
 * numbers never reach Tieline). The provider is configured by its publishable key, PAYMENT_PUBLIC_KEY;
 * without one, payments are not configured and the billing page offers credit requests only.
 */
export interface PaymentProvider {
  /** The publishable key the browser's payment form is opened with. */
  publicKey: string;
}

/** The configured provider, or null when no key is set (tests never configure one). */
export function paymentProvider(env: Pick<TEnv, 'PAYMENT_PUBLIC_KEY'>): PaymentProvider | null {
  const publicKey = env.PAYMENT_PUBLIC_KEY.trim();
  return publicKey ? { publicKey } : null;
}
