import { eq, organizations } from '@tieline/db';
import type { TCheckSamlResult } from '@tieline/validation';
import type { Caller } from '../../auth/actor';
import type { Deps } from '../../deps';

/**
 * POST /userLogins/checkSAML. Spec §7 gives it no payload, so it cannot be about an address typed at
 * sign-in (and taking one would tell anyone which addresses sign in through an IdP): it answers for
 * the caller's own session. A signed-in user whose organization turned single sign-on on (perhaps
 * after their session began) gets the `samlRedirect` that sign-in gives; anyone else gets `{}`.
 */
export async function checkSaml(deps: Deps, caller: Caller): Promise<TCheckSamlResult> {
  const organizationId = caller.actor?.organizationId;
  if (!organizationId) return {};
  const [org] = await deps.db
    .select({ id: organizations.id, samlEnabled: organizations.samlEnabled })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org?.samlEnabled ? { samlRedirect: `/api/base/saml/login/${org.id}` } : {};
}
