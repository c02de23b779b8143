import { discoverNetworks, eq, networkViews } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import { DISCOVER_MSG, NETWORK_MANAGE_LIMITS, type TDuplicateAnswer, type TDuplicateInput } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { insertNetwork } from '../../network-store/store-network';

/**
 * POST /api/base/discover/{id}/duplicate: the snapshot, with its saved views, becomes a private network
 * of the caller's (networks.duplicate's naming: "<name> (copy)" unless named). The copy is a network
 * like any other, so the caller needs the networks module too (the router's `writesNetworks`).
 */
export async function duplicateDiscover(
  deps: Deps,
  caller: SignedInCaller,
  input: TDuplicateInput,
): Promise<TDuplicateAnswer> {
  const [row] = await deps.db.select().from(discoverNetworks).where(eq(discoverNetworks.id, input.id));
  if (!row) throw new AppError('NOT_FOUND', DISCOVER_MSG.notFound);
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
