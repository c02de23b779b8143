import { creditLedger, type Db, desc, eq, sql, type Tx } from '@tieline/db';
import type { TCreditEntry, TCreditReason } from '@tieline/validation';

/**
 * Respondent credits belong to an account: an organization, or an individual user (no organization).
 * The balance is the sum of the account's ledger rows; every grant, purchase, correction and
 * consumption adds one. Billing, the super admin and list uploads all go through here.
 */
export type CreditAccount = { organizationId: string } | { userId: string };

/** The account a user's credits come from: their organization's, else their own. */
export function accountOf(user: { userId: string; organizationId: string | null }): CreditAccount {
  return user.organizationId ? { organizationId: user.organizationId } : { userId: user.userId };
}

function accountIs(account: CreditAccount) {
  return 'organizationId' in account
    ? eq(creditLedger.organizationId, account.organizationId)
    : eq(creditLedger.userId, account.userId);
}

export async function creditBalance(db: Db | Tx, account: CreditAccount): Promise<number> {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${creditLedger.change}), 0)` })
    .from(creditLedger)
    .where(accountIs(account));
  return Number(row?.balance ?? 0);
}

export async function creditHistory(db: Db, account: CreditAccount, limit: number): Promise<TCreditEntry[]> {
  const rows = await db
    .select()
    .from(creditLedger)
    .where(accountIs(account))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(limit);
  return rows.map((r) => ({
    _id: r.id,
    change: r.change,
    reason: r.reason,
    note: r.note,
    at: r.createdAt.toISOString(),
  }));
}

/**
 * Locks the account's row (organization or user) for the rest of the transaction, so two changes that
 * check the balance first (a consumption) cannot both spend the same credits. 'No key update' still
 * lets other transactions insert rows that refer to it (members, surveys) while a long upload holds it.
 */
export async function lockAccount(tx: Tx, account: CreditAccount): Promise<void> {
  if ('organizationId' in account) {
    await tx.execute(sql`select 1 from organizations where id = ${account.organizationId}::uuid for no key update`);
  } else {
    await tx.execute(sql`select 1 from users where id = ${account.userId}::uuid for no key update`);
  }
}

export async function addCredits(
  tx: Tx,
  account: CreditAccount,
  entry: { change: number; reason: TCreditReason; note?: string | null; actorUserId?: string | null },
): Promise<void> {
  await tx.insert(creditLedger).values({
    ...('organizationId' in account ? { organizationId: account.organizationId } : { userId: account.userId }),
    change: entry.change,
    reason: entry.reason,
    note: entry.note ?? null,
    actorUserId: entry.actorUserId ?? null,
  });
}

/**
 * Spends `credits` from the account when its balance covers them, as one consumption row; answers the
 * balance it found. The account stays locked until the transaction ends, so concurrent spenders queue.
 */
export async function spendCredits(
  tx: Tx,
  account: CreditAccount,
  credits: number,
  entry: { note: string; actorUserId: string },
): Promise<{ ok: boolean; balance: number }> {
  await lockAccount(tx, account);
  const balance = await creditBalance(tx, account);
  if (balance < credits) return { ok: false, balance };
  await addCredits(tx, account, { change: -credits, reason: 'consumption', ...entry });
  return { ok: true, balance };
}
