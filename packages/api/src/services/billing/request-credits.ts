import { creditRequests, eq, organizations, userLogins } from '@tieline/db';
import { BILLING_MSG, type TRequestCreditsInput, ZRequestCreditsInput } from '@tieline/validation';
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
  await enforce(deps.db, `credits:org:${input.id}`, LIMITS.creditRequestsPerOrganization);
  const organization = await deps.db.transaction(async (tx) => {
    const [org] = await tx.select().from(organizations).where(eq(organizations.id, input.id));
    if (!org) throw new AppError('NOT_FOUND', BILLING_MSG.organizationNotFound);
    await tx.insert(creditRequests).values({ organizationId: org.id, userId: actor.userId, credits: input.credits });
    await recordAudit(tx, caller, {
      action: 'billing.credits.request',
      target: { type: 'organization', id: org.id },
      details: { credits: input.credits },
    });
    return org;
  });
  const from = await ownerEmail(deps, actor.userLoginId);
  await deps.enqueue(
    'email',
    creditRequestMail(deps.env.SUPPORT_EMAIL, {
      from,
      organizationName: organization.name,
      organizationId: organization.id,
      credits: input.credits,
    }),
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
