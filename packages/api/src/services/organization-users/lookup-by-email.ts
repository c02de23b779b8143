import { emailKey, type TLookupByEmailResult } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import { enforce, LIMITS } from '../../auth/rate-limit';
import type { Deps } from '../../deps';
import { requireOwnOrganization } from './organization-access';
import { organizationUsers } from './organization-users-list';

/**
 * POST /users/lookupByEmail (spec platform §7): an organization's Owner, about to add a user, asks
 * whether the address is already one of the organization's users or invitations. Only the caller's own
 * organization is searched, so the answer tells nothing of logins elsewhere; lookups are rate-limited
 * per user (LIMITS.emailLookupsPerUser) so the call is no way to test many addresses.
 */
export async function lookupByEmail(
  deps: Deps,
  caller: SignedInCaller,
  input: { email: string },
): Promise<TLookupByEmailResult> {
  const { actor } = caller;
  const org = await requireOwnOrganization(deps.db, actor, actor.organizationId ?? '');
  await enforce(deps.db, `email-lookup:${actor.userId}`, LIMITS.emailLookupsPerUser);
  const key = emailKey(input.email);
  const user = (await organizationUsers(deps.db, org)).find((u) => emailKey(u.email) === key) ?? null;
  return { email: input.email, status: user ? (user.invited ? 'invited' : 'member') : 'none', user };
}
