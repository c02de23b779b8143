import { eq, organizations } from '@tieline/db';
import type { ZSignInInput } from '@tieline/validation';
import type { z } from 'zod';
import type { Caller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { type SignInOutcome, signIn } from './sign-in';

/**
 * Community sign-in (spec §4, /communityLogin): the normal sign-in, with its limits and branches, whose
 * signed-in answer adds `url`, the community site the user's organization set. The address only ever
 * comes from the organization's settings (https, set by its owner), never from the request, so the
 * page cannot be made to send anyone elsewhere.
 */
export async function communitySignIn(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof ZSignInInput> & { token?: string },
): Promise<SignInOutcome> {
  const outcome = await signIn(deps, caller, input);
  const organizationId = outcome.result.user?.organizations[0]?.organization._id;
  if (!organizationId) return outcome;
  const [org] = await deps.db
    .select({ communityUrl: organizations.communityUrl })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org?.communityUrl ? { ...outcome, result: { ...outcome.result, url: org.communityUrl } } : outcome;
}
