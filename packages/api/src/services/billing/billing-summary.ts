import { eq, organizations, users } from '@tieline/db';
import { BILLING_LIMITS, MODULES, MSG, type TBillingSummary, type TModules } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import { accountOf, creditBalance, creditHistory } from '../../credits/ledger';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';

/** users/settings/billing: the caller's plan and modules, their account's credits and history. */
export async function billingSummary(deps: Deps, caller: SignedInCaller): Promise<TBillingSummary> {
  const { actor } = caller;
  const [row] = await deps.db
    .select({ user: users, org: organizations })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, actor.userId));
  if (!row) throw new AppError('NOT_FOUND', MSG.userNotFound);
  const account = accountOf(actor);
  const [credits, history] = await Promise.all([
    creditBalance(deps.db, account),
    creditHistory(deps.db, account, BILLING_LIMITS.historyRows),
  ]);
  return {
    networksSubscriptionType: row.user.subscriptionType,
    modules: Object.fromEntries(MODULES.map((m) => [m, { enabled: !!row.user.modules[m]?.enabled }])) as TModules,
    account: {
      _id: row.org?.id ?? row.user.id,
      organization: row.org ? { _id: row.org.id, name: row.org.name } : null,
    },
    credits,
    history,
    // Who buys for the account may ask support for credits: an individual, or an organization's owner.
    canRequestCredits: actor.organizationId === null || actor.permission === 'Owner',
    // Who may request credits buys them; an individual buys for their own account.
    canBuyCredits: actor.organizationId === null || actor.permission === 'Owner',
    payments: deps.payments
      ? { creditPriceCents: deps.payments.creditPriceCents, currency: deps.payments.currency }
      : null,
  };
}
