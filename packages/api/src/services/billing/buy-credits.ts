import { randomUUID } from 'node:crypto';
import { eq, payments } from '@tieline/db';
import { BILLING_MSG, MSG, type TBuyCreditsInput, type TPayment, ZBuyCreditsInput } from '@tieline/validation';
import { recordAudit } from '../../audit/record';
import type { Actor, SignedInCaller } from '../../auth/actor';
import { enforce, LIMITS } from '../../auth/rate-limit';
import type { CreditAccount } from '../../credits/ledger';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { PaymentAccount } from './payments';

export const BILLING_PAGE = '/users/settings/billing';

/**
 * The account `accountId` names, when the caller may buy credits for it: who may request credits may
 * buy them (the organization's owner for the organization), and an individual buys for their own
 * account. Null for any other id, which the callers answer as unknown (404).
 */
function accountFor(actor: Actor, accountId: string): PaymentAccount | null {
  if (actor.organizationId) {
    if (actor.organizationId !== accountId) return null;
    if (actor.permission !== 'Owner') throw new AppError('FORBIDDEN', MSG.forbidden);
    return { kind: 'organization', id: accountId };
  }
  return actor.userId === accountId ? { kind: 'user', id: accountId } : null;
}

/** The account as the ledger and the payments table name it. */
export const accountColumns = (account: PaymentAccount): CreditAccount =>
  account.kind === 'organization' ? { organizationId: account.id } : { userId: account.id };

/**
 * POST /billing/buyCredits: opens a checkout on the provider's page for the credits and answers its
 * address. Nothing is granted here: the provider's signed event does that (payment-webhook.ts). The
 * payment row is written after the provider answers, so a failed call leaves nothing behind.
 */
export async function buyCredits(deps: Deps, caller: SignedInCaller, raw: TBuyCreditsInput) {
  const input = ZBuyCreditsInput.parse(raw);
  const account = accountFor(caller.actor, input.accountId);
  if (!account) throw new AppError('NOT_FOUND', BILLING_MSG.accountNotFound);
  const provider = deps.payments;
  if (!provider) throw new AppError('CONFLICT', BILLING_MSG.paymentsNotConfigured);
  await enforce(deps.db, `checkouts:${account.kind}:${account.id}`, LIMITS.checkoutsPerAccount);

  const paymentId = randomUUID();
  const { credits } = input;
  const amountCents = credits * provider.creditPriceCents;
  const checkout = await provider
    .createCheckout({ paymentId, account, credits, returnUrl: `${deps.publicUrl}${BILLING_PAGE}?payment=${paymentId}` })
    .catch((error: unknown) => {
      throw new AppError('BAD_GATEWAY', BILLING_MSG.checkoutFailed, { cause: error });
    });
  await deps.db.transaction(async (tx) => {
    // The provider's event may (in theory) have written the row first: it then holds the figures.
    await tx
      .insert(payments)
      .values({
        id: paymentId,
        providerSessionId: checkout.sessionId,
        ...accountColumns(account),
        credits,
        amountCents,
        currency: provider.currency,
        createdBy: caller.actor.userId,
      })
      .onConflictDoNothing();
    await recordAudit(tx, caller, {
      action: 'billing.credits.checkout',
      target: { type: account.kind, id: account.id },
      details: { credits, amountCents, currency: provider.currency, payment: paymentId },
    });
  });
  return { _id: paymentId, url: checkout.url };
}

/** GET /billing/payments/{id}: one payment of an account the caller may buy for (the return page polls it). */
export async function paymentStatus(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<TPayment> {
  const [row] = await deps.db.select().from(payments).where(eq(payments.id, input.id));
  const accountId = row?.organizationId ?? row?.userId;
  if (!row || !accountId || !accountFor(caller.actor, accountId)) {
    throw new AppError('NOT_FOUND', BILLING_MSG.paymentNotFound);
  }
  return {
    _id: row.id,
    status: row.status,
    credits: row.credits,
    amountCents: row.amountCents,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}
