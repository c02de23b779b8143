import { and, eq, isNull, sessions, type Tx, userLogins, users } from '@tieline/db';
import {
  ADMIN_MSG,
  PLAN_KEYS,
  type TAdjustCreditsInput,
  type TModules,
  type TPlan,
  ZAdjustCreditsInput,
} from '@tieline/validation';
import { recordAudit } from '../../audit/record';
import type { Caller } from '../../auth/actor';
import { requireSuperAdmin } from '../../auth/super-admin';
import { adjustCredits } from '../../credits/adjust';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { loginDetails } from './search-logins';

type TUserRow = typeof users.$inferSelect;

// What a super admin changes on a login or one of its users. Each change and its audit row share a
// transaction; the answer is the login as it now is.

/** A disabled login cannot sign in; its sessions end now and its API keys stop (auth/session, auth/api-keys). */
export async function setLoginDisabled(deps: Deps, caller: Caller, input: { id: string; disabled: boolean }) {
  requireSuperAdmin(caller);
  if (input.id === caller.actor.userLoginId) throw new AppError('BAD_REQUEST', ADMIN_MSG.notYourself);
  await deps.db.transaction(async (tx) => {
    const [login] = await tx
      .update(userLogins)
      .set({ disabledAt: input.disabled ? new Date() : null })
      .where(eq(userLogins.id, input.id))
      .returning({ id: userLogins.id });
    if (!login) throw new AppError('NOT_FOUND', ADMIN_MSG.loginNotFound);
    if (input.disabled) await tx.delete(sessions).where(eq(sessions.userLoginId, input.id));
    await recordAudit(tx, caller, {
      action: input.disabled ? 'admin.login.disable' : 'admin.login.enable',
      target: { type: 'login', id: input.id },
    });
  });
  return loginDetails(deps.db, input.id);
}

/** A change to one user under its row's lock (`change` writes it and its audit row); answers the login. */
async function changeUser(deps: Deps, userId: string, change: (tx: Tx, before: TUserRow) => Promise<void>) {
  const loginId = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw new AppError('NOT_FOUND', ADMIN_MSG.userNotFound);
    await change(tx, before);
    return before.userLoginId;
  });
  return loginDetails(deps.db, loginId);
}

/** Role of one user (Admin = super admin). The person's sessions are rotated: they sign in again. */
export async function setUserRole(deps: Deps, caller: Caller, input: { userId: string; role: 'User' | 'Admin' }) {
  requireSuperAdmin(caller);
  return changeUser(deps, input.userId, async (tx, before) => {
    if (before.userLoginId === caller.actor.userLoginId) throw new AppError('BAD_REQUEST', ADMIN_MSG.notYourself);
    await tx.update(users).set({ role: input.role }).where(eq(users.id, input.userId));
    await tx.delete(sessions).where(eq(sessions.userLoginId, before.userLoginId));
    await recordAudit(tx, caller, {
      action: 'admin.user.role',
      target: { type: 'user', id: input.userId },
      details: { from: before.role, to: input.role },
    });
  });
}

/** A user's plan (spec §9 keys) and modules, the billing the apps read. */
export async function setUserBilling(
  deps: Deps,
  caller: Caller,
  input: { id: string } & ({ plan: TPlan } | { modules: TModules }),
) {
  requireSuperAdmin(caller);
  return changeUser(deps, input.id, async (tx, before) => {
    if ('plan' in input) {
      await tx.update(users).set({ subscriptionType: PLAN_KEYS[input.plan] }).where(eq(users.id, input.id));
      await recordAudit(tx, caller, {
        action: 'admin.user.plan',
        target: { type: 'user', id: input.id },
        details: { from: before.subscriptionType, to: PLAN_KEYS[input.plan] },
      });
    } else {
      await tx.update(users).set({ modules: input.modules }).where(eq(users.id, input.id));
      await recordAudit(tx, caller, {
        action: 'admin.user.modules',
        target: { type: 'user', id: input.id },
        details: { from: before.modules, to: input.modules },
      });
    }
  });
}

/**
 * Credits of an individual account (a user without an organization); an organization's credits are
 * changed on the organization. A correction may not take the balance below zero.
 */
export async function adjustUserCredits(deps: Deps, caller: Caller, raw: TAdjustCreditsInput) {
  requireSuperAdmin(caller);
  const input = ZAdjustCreditsInput.parse(raw);
  return deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.id), isNull(users.organizationId)))
      .for('update');
    if (!user) throw new AppError('NOT_FOUND', ADMIN_MSG.userNotFound);
    const balance = await adjustCredits(tx, caller, { userId: user.id }, input, {
      action: 'admin.user.credits',
      target: { type: 'user', id: user.id },
    });
    return { credits: balance };
  });
}
