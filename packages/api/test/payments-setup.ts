// The server with card payments configured against the fake provider (fake-payment-provider.ts), for
// payments-checkout.test.ts and payments-webhook.test.ts.
import { auditLog, creditLedger, eq, payments } from '@tieline/db';
import { afterAll, beforeAll } from 'vitest';
import { creditBalance } from '../src/credits/ledger';
import { FAKE_PAYMENT_ENV, type FakePaymentProvider, startFakePaymentProvider } from './fake-payment-provider';
import { type SeededUser, startTestApp, type TestApp } from './helpers';
import { clientOf } from './surveys-setup';

export const PRICE_CENTS = 125;

export function withPayments(env: Record<string, string> = {}): {
  app: () => TestApp;
  provider: () => FakePaymentProvider;
} {
  let app: TestApp;
  let provider: FakePaymentProvider;
  beforeAll(async () => {
    provider = await startFakePaymentProvider();
    app = await startTestApp({
      smtp: false,
      env: {
        ...FAKE_PAYMENT_ENV,
        PAYMENT_API_URL: provider.url,
        CREDIT_PRICE_CENTS: String(PRICE_CENTS),
        PAYMENT_CURRENCY: 'eur',
        PUBLIC_URL: 'http://tieline.test',
        ...env,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });
  return { app: () => app, provider: () => provider };
}

/** The account a seeded user buys for: their organization's, else their own. */
export const accountIdOf = (user: SeededUser) => user.organizationId ?? user.userId;
export const ledgerAccount = (user: SeededUser) =>
  user.organizationId ? { organizationId: user.organizationId } : { userId: user.userId };

/** What a purchase may change, to compare before and after. */
export async function stateOf(app: TestApp, user: SeededUser) {
  const { db } = app.server.deps;
  const org = user.organizationId;
  const [balance, ledger, audit, purchases] = await Promise.all([
    creditBalance(db, ledgerAccount(user)),
    db
      .select()
      .from(creditLedger)
      .where(org ? eq(creditLedger.organizationId, org) : eq(creditLedger.userId, user.userId)),
    db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, accountIdOf(user))),
    db
      .select()
      .from(payments)
      .where(org ? eq(payments.organizationId, org) : eq(payments.userId, user.userId))
      .orderBy(payments.createdAt),
  ]);
  return { balance, ledger, audit, payments: purchases };
}

/** A checkout opened by `user` for their account; answers our payment and the provider's session. */
export async function checkoutOf(app: TestApp, provider: FakePaymentProvider, user: SeededUser, credits: number) {
  const checkout = await clientOf(app, user).billing.buyCredits.mutate({ accountId: accountIdOf(user), credits });
  const session = [...provider.sessions.values()].find((s) => s.metadata.payment === checkout._id);
  if (!session) throw new Error(`The fake provider holds no session for payment ${checkout._id}`);
  return { checkout, session };
}

export const webhookOf = (app: TestApp) => `${app.url}/api/base/billing/webhook`;
