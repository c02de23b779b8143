import { and, eq, organizations, payments, sql, type Tx, users } from '@tieline/db';
import { formatMoney } from '@tieline/validation';
import { recordAudit } from '../../audit/record';
import type { Caller } from '../../auth/actor';
import { addCredits } from '../../credits/ledger';
import type { Deps } from '../../deps';
import { accountColumns } from './buy-credits';
import type { PaymentAccount, PaymentEvent } from './payments';

/** What became of an event; anything but 'granted' changed nothing. */
export type PaymentEventOutcome = 'granted' | 'already granted' | 'unpaid' | 'not ours' | 'unknown account' | 'ignored';

async function accountExists(tx: Tx, account: PaymentAccount): Promise<boolean> {
  const table = account.kind === 'organization' ? organizations : users;
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, account.id));
  return row !== undefined;
}

/**
 * A verified provider event: a paid checkout grants its credits, with one `purchase` ledger row and an
 * audit entry in one transaction, exactly once per checkout however often and wherever the event is
 * delivered. The figures are the provider's (the session's metadata and amount), never the browser's.
 *
 * Once: the row is made pending if missing (our checkout usually made it; any conflict does nothing),
 * then flipped to paid by a conditional update. A second delivery, even at the same moment on another
 * server, waits for the first's row lock and then finds it paid, so it updates nothing and grants nothing.
 */
export async function applyPaymentEvent(deps: Deps, caller: Caller, event: PaymentEvent): Promise<PaymentEventOutcome> {
  if (event.type !== 'checkout.completed') return 'ignored';
  if (!event.paid) return 'unpaid';
  const { order } = event;
  if (!order) return 'not ours';
  return deps.db.transaction(async (tx) => {
    if (!(await accountExists(tx, order.account))) return 'unknown account';
    const figures = { credits: order.credits, amountCents: event.amountCents, currency: event.currency };
    await tx
      .insert(payments)
      .values({ id: order.paymentId, providerSessionId: event.sessionId, ...accountColumns(order.account), ...figures })
      .onConflictDoNothing();
    const [paid] = await tx
      .update(payments)
      .set({ ...figures, status: 'paid', paidAt: sql`now()` })
      .where(and(eq(payments.providerSessionId, event.sessionId), eq(payments.status, 'pending')))
      .returning();
    if (!paid) return 'already granted';
    const account: PaymentAccount = paid.organizationId
      ? { kind: 'organization', id: paid.organizationId }
      : { kind: 'user', id: paid.userId! };
    await addCredits(tx, accountColumns(account), {
      change: paid.credits,
      reason: 'purchase',
      note: `Card payment of ${formatMoney(paid.amountCents, paid.currency)}`,
      actorUserId: paid.createdBy,
    });
    await recordAudit(tx, caller, {
      action: 'billing.credits.purchase',
      target: { type: account.kind, id: account.id },
      details: { ...figures, payment: paid.id, providerSession: event.sessionId },
    });
    return 'granted';
  });
}
