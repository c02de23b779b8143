import { creditRequests, eq, organizations, userLogins } from '@tieline/db';
import { BILLING_MSG, type TRequestCreditsInput, ZCreditsForm, ZRequestCreditsInput } from '@tieline/validation';
import { recordAudit } from '../../audit/record';
import type { SignedInCaller } from '../../auth/actor';
import { enforce, LIMITS } from '../../auth/rate-limit';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { creditRequestMail } from '../../mail/templates';

/**
 * POST /organizations/{id}/requestCredits (spec §6: owners only): stored, then mailed to support, who
 * grant credits from the super admin area. Another organization's id answers 404.
 */
export async function requestCredits(deps: Deps, caller: SignedInCaller, raw: TRequestCreditsInput) {
  const input = ZRequestCreditsInput.parse(raw);
  const { actor } = caller;
  if (actor.organizationId !== input.id) throw new AppError('NOT_FOUND', BILLING_MSG.organizationNotFound);
  if (actor.permission !== 'Owner') throw new AppError('FORBIDDEN', BILLING_MSG.ownerOnly);
  return await askSupport(deps, caller, input.credits);
}

/**
 * POST /billing/requestCredits: credits for the account the caller buys for, an individual account
 * (issue 25: individuals stop at 100 respondents without payments) or the organization they own.
 */
export async function requestAccountCredits(deps: Deps, caller: SignedInCaller, raw: { credits: number }) {
  const { credits } = ZCreditsForm.parse(raw);
  if (caller.actor.organizationId !== null && caller.actor.permission !== 'Owner') {
    throw new AppError('FORBIDDEN', BILLING_MSG.ownerOnly);
  }
  return await askSupport(deps, caller, credits);
}

/** Stores the request of the caller's account, audits it and mails support (rate-limited per account). */
async function askSupport(deps: Deps, caller: SignedInCaller, credits: number) {
  const { actor } = caller;
  const orgId = actor.organizationId;
  await enforce(
    deps.db,
    orgId ? `credits:org:${orgId}` : `credits:user:${actor.userId}`,
    LIMITS.creditRequestsPerOrganization,
  );
  const from = await ownerEmail(deps, actor.userLoginId);
  const account = await deps.db.transaction(async (tx) => {
    const [org] = orgId ? await tx.select().from(organizations).where(eq(organizations.id, orgId)) : [];
    if (orgId && !org) throw new AppError('NOT_FOUND', BILLING_MSG.organizationNotFound);
    await tx.insert(creditRequests).values({ organizationId: org?.id ?? null, userId: actor.userId, credits });
    await recordAudit(tx, caller, {
      action: 'billing.credits.request',
      target: org ? { type: 'organization', id: org.id } : { type: 'user', id: actor.userId },
      details: { credits },
    });
    return org ? { name: org.name, id: org.id } : { name: `the individual account of ${from}`, id: actor.userId };
  });
  await deps.enqueue(
    'email',
    creditRequestMail(deps.env.SUPPORT_EMAIL, {
      from,
      organizationName: account.name,
      organizationId: account.id,
      credits,
    }),
    { account: account.id },
  );
  return { ok: true as const, message: BILLING_MSG.requestSent };
}

async function ownerEmail(deps: Deps, userLoginId: string) {
  const [login] = await deps.db
    .select({ email: userLogins.email })
    .from(userLogins)
    .where(eq(userLogins.id, userLoginId));
  return login?.email ?? '';
}
