import { rowsOf, sql } from '@tieline/db';
import { BILLING_MSG, type TOrganizationMetrics } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import { creditBalance } from '../../credits/ledger';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';

/**
 * GET /organizations/metrics/{id}, for the organization's admins: its members, their surveys and
 * networks, the answered responses of those surveys, and the credit balance. Another organization's
 * id answers 404.
 */
export async function organizationMetrics(
  deps: Deps,
  caller: SignedInCaller,
  input: { id: string },
): Promise<TOrganizationMetrics> {
  const { actor } = caller;
  if (actor.organizationId !== input.id || (actor.permission !== 'Owner' && actor.permission !== 'Admin')) {
    throw new AppError('NOT_FOUND', BILLING_MSG.organizationNotFound);
  }
  type Counts = { users: number; surveys: number; networks: number; responses: number };
  const [counts] = rowsOf<Counts>(
    await deps.db.execute(sql`
    with members as (select id from users where organization_id = ${input.id}::uuid)
    select
      (select count(*)::int from members) as users,
      (select count(*)::int from surveys where owner_id in (select id from members)) as surveys,
      (select count(*)::int from networks where owner_id in (select id from members)) as networks,
      (select count(*)::int from responses r join surveys s on s.id = r.survey_id
        where s.owner_id in (select id from members) and r.submitted is not null) as responses`),
  );
  return {
    users: Number(counts?.users ?? 0),
    surveys: Number(counts?.surveys ?? 0),
    networks: Number(counts?.networks ?? 0),
    responses: Number(counts?.responses ?? 0),
    credits: await creditBalance(deps.db, { organizationId: input.id }),
  };
}
