import type { PaymentEnv, PaymentProvider } from './payments';
import { stripeProvider } from './stripe-provider';

/**
 * The configured provider, or null without keys (tests never configure one unless they bring a fake
 * provider server). The provider's library loads only when configured, so it costs nothing otherwise.
 */
export async function createPaymentProvider(env: PaymentEnv): Promise<PaymentProvider | null> {
  return env.PAYMENT_PUBLIC_KEY ? stripeProvider(env) : null;
}
