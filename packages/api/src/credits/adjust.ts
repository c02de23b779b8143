import type { Tx } from '@tieline/db';
import { ADMIN_MSG, type TAdjustCreditsInput } from '@tieline/validation';
import { type AuditEntry, recordAudit } from '../audit/record';
import type { SignedInCaller } from '../auth/actor';
import { AppError } from '../errors';
import { addCredits, type CreditAccount, creditBalance, lockAccount } from './ledger';

/**
 * A super admin's grant (positive) or correction (negative) of an account's credits, with its audit row
 * (`details`: the change, the new balance, the note). Refused when it would take the balance below
 * zero. Answers the new balance.
 */
export async function adjustCredits(
  tx: Tx,
  caller: SignedInCaller,
  account: CreditAccount,
  input: TAdjustCreditsInput,
  audit: Omit<AuditEntry, 'details'>,
): Promise<number> {
  await lockAccount(tx, account);
  const balance = (await creditBalance(tx, account)) + input.credits;
  if (balance < 0) throw new AppError('BAD_REQUEST', ADMIN_MSG.belowZero);
  await addCredits(tx, account, {
    change: input.credits,
    reason: input.credits > 0 ? 'grant' : 'adjustment',
    note: input.note,
    actorUserId: caller.actor.userId,
  });
  await recordAudit(tx, caller, { ...audit, details: { change: input.credits, balance, note: input.note } });
  return balance;
}
