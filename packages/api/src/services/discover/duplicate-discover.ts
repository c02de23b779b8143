import {
  discoverNetworks,
  eq,
  networkViews,
  passiveAccounts,
  type TDiscoverOrigin,
  userLogins,
  users,
} from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import { DISCOVER_MSG, NETWORK_MANAGE_LIMITS, type TDuplicateAnswer, type TDuplicateInput } from '@tieline/validation';
import { seesPeopleOf } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { insertNetwork } from '../../network-store/store-network';
import { CURATED_OWNER } from './read-discover';

/**
 * POST /api/base/discover/{id}/duplicate: the snapshot, with its saved views, becomes a private network
 * of the caller's (networks.duplicate's naming: "<name> (copy)" unless named). The copy is a network
 * like any other, so the caller needs the networks module too. It keeps where it came from: the first
 * publication of its chain (discoverOrigin, named again if republished) and, for a snapshot of passive
 * data, that account, whose people only its own Owners, Admins and granted members may see: anyone else
 * is refused the copy rather than given a network they could not open.
 */
export async function duplicateDiscover(
  deps: Deps,
  caller: SignedInCaller,
  input: TDuplicateInput,
): Promise<TDuplicateAnswer> {
  const [found] = await deps.db
    .select({
      row: discoverNetworks,
      ownerName: userLogins.name,
      // The id first: drizzle nullifies a left-joined object by its first field (access/networks.ts).
      account: {
        id: passiveAccounts.id,
        organizationId: passiveAccounts.organizationId,
        userId: passiveAccounts.userId,
      },
    })
    .from(discoverNetworks)
    .leftJoin(users, eq(users.id, discoverNetworks.ownerId))
    .leftJoin(userLogins, eq(userLogins.id, users.userLoginId))
    .leftJoin(passiveAccounts, eq(passiveAccounts.id, discoverNetworks.passiveAccountId))
    .where(eq(discoverNetworks.id, input.id));
  if (!found) throw new AppError('NOT_FOUND', DISCOVER_MSG.notFound);
  const { row } = found;
  if (row.passiveAccountId !== null && !seesPeopleOf(caller.actor, found.account)) {
    throw new AppError('FORBIDDEN', DISCOVER_MSG.passiveCopy);
  }
  const origin: TDiscoverOrigin = row.origin ?? {
    id: row.id,
    name: row.name,
    owner: row.ownerId === null ? CURATED_OWNER : (found.ownerName ?? ''),
    source: row.source,
    tags: row.tags,
  };
  const data = JSON.parse(row.data) as TNetworkData;
  const name = input.name ?? `${row.name} (copy)`.slice(0, NETWORK_MANAGE_LIMITS.nameMax);
  const network = await deps.db.transaction(async (tx) => {
    const made = await insertNetwork(tx, {
      ownerId: caller.actor.userId,
      name,
      description: row.description,
      document: {
        json: row.data,
        counts: {
          nodeCount: data.nodes.length,
          edgeCount: data.edges.length,
          layers: data.layers,
          directed: data.directed,
        },
      },
      passiveAccountId: row.passiveAccountId,
      discoverOrigin: origin,
    });
    if (row.views.length > 0) {
      await tx
        .insert(networkViews)
        // A millisecond apart, so the copy lists its views in the original's order.
        .values(
          row.views.map((v, i) => ({
            networkId: made.id,
            name: v.name,
            state: v.state,
            createdBy: made.ownerId,
            createdAt: new Date(Date.now() + i),
          })),
        );
    }
    return made;
  });
  return {
    networkId: network.id,
    name: network.name,
    people: network.nodeCount,
    ties: network.edgeCount,
    views: row.views.length,
  };
}
