import {
  and,
  discoverNetworks,
  eq,
  inArray,
  networkShares,
  networks,
  sql,
  surveys,
  tempUsers,
  users,
} from '@tieline/db';
import { ORG_USERS_MSG, type TTransferContentResult } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { requireOwnOrganization } from './organization-access';
import { liveInvites } from './organization-users-list';

/**
 * POST /organizations/users/transfer/{orgId}: the source member's surveys (with their lists, responses
 * and emails, which hang off the survey) and networks (with their views and shares) become the target
 * member's, and so do their Discover publications. Both must be signed-up members of the organization. Who made a view or a send stays as
 * history. Ownership changes bump the rows' versions, so an edit opened before the move cannot save
 * over it.
 */
export async function transferContent(
  deps: Deps,
  caller: SignedInCaller,
  input: { orgId: string; sourceUserId: string; targetUserId: string },
): Promise<TTransferContentResult> {
  return await deps.db.transaction(async (tx) => {
    const org = await requireOwnOrganization(tx, caller.actor, input.orgId, true);
    if (input.sourceUserId === input.targetUserId) throw new AppError('BAD_REQUEST', ORG_USERS_MSG.transferSame);
    const ids = [input.sourceUserId, input.targetUserId];
    const members = await tx
      .select({ id: users.id, loginId: users.userLoginId })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.organizationId, org.id)));
    if (members.length < 2) {
      const invited = await tx
        .select({ id: tempUsers.id })
        .from(tempUsers)
        .where(and(liveInvites(org.id), inArray(tempUsers.publicId, ids)));
      throw invited.length > 0
        ? new AppError('BAD_REQUEST', ORG_USERS_MSG.transferInvited)
        : new AppError('NOT_FOUND', ORG_USERS_MSG.userNotFound);
    }
    const target = members.find((m) => m.id === input.targetUserId)!;
    const movedSurveys = await tx
      .update(surveys)
      .set({ ownerId: target.id, version: sql`${surveys.version} + 1`, updatedAt: new Date() })
      .where(eq(surveys.ownerId, input.sourceUserId))
      .returning({ id: surveys.id });
    const movedNetworks = await tx
      .update(networks)
      .set({ ownerId: target.id, version: sql`${networks.version} + 1`, updatedAt: new Date() })
      .where(eq(networks.ownerId, input.sourceUserId))
      .returning({ id: networks.id });
    // The new owner needs no share of what they now own; what was published is now theirs to unpublish.
    if (movedNetworks.length > 0) {
      const moved = movedNetworks.map((n) => n.id);
      await tx
        .delete(networkShares)
        .where(and(eq(networkShares.userLoginId, target.loginId), inArray(networkShares.networkId, moved)));
      await tx.update(discoverNetworks).set({ ownerId: target.id }).where(inArray(discoverNetworks.networkId, moved));
    }
    return { surveys: movedSurveys.length, networks: movedNetworks.length };
  });
}
