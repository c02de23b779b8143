import { asc, count, discoverNetworks, eq, networkViews, users } from '@tieline/db';
import { DISCOVER_MSG, PUBLISH_CAPS, planOfKey, type TPublication, type TPublishInput } from '@tieline/validation';
import { requireNetwork } from '../../access/networks';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { documentText } from '../../network-store/store-network';
import { type DiscoverRow, snapshotColumns } from './snapshot';

// PUT /api/base/networks/{id}/publish: the owner publishes a read-only snapshot of the network's current
// version (with its saved views) to Discover, republishes to replace it, or unpublishes (`public: false`)
// to remove it. A user's published networks are capped by their plan (PUBLISH_CAPS); republishing is not
// a new publication. The cap holds under concurrent publishes: each publish locks the owner's user row
// before counting, so two servers cannot both take the last slot.

const wire = (id: string, row: Pick<DiscoverRow, 'description' | 'tags' | 'updatedAt'> | null): TPublication => ({
  _id: id,
  public: row !== null,
  description: row?.description ?? '',
  tags: row?.tags ?? [],
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

async function currentRow(deps: Deps, id: string) {
  const [row] = await deps.db
    .select({
      description: discoverNetworks.description,
      tags: discoverNetworks.tags,
      updatedAt: discoverNetworks.updatedAt,
    })
    .from(discoverNetworks)
    .where(eq(discoverNetworks.id, id));
  return row ?? null;
}

/** GET /api/base/networks/{id}/publish: whether the owner's network is published, and how. */
export async function publication(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<TPublication> {
  const { network } = await requireNetwork(deps.db, caller.actor, input.id, 'owner');
  return wire(network.id, await currentRow(deps, network.id));
}

export async function publishNetwork(deps: Deps, caller: SignedInCaller, input: TPublishInput): Promise<TPublication> {
  const { network } = await requireNetwork(deps.db, caller.actor, input.id, 'owner');
  if (!input.public) {
    await deps.db.delete(discoverNetworks).where(eq(discoverNetworks.id, network.id));
    return wire(network.id, null);
  }
  const before = await currentRow(deps, network.id);
  const json = await documentText(deps.db, network);
  const views = await deps.db
    .select({ name: networkViews.name, state: networkViews.state })
    .from(networkViews)
    .where(eq(networkViews.networkId, network.id))
    .orderBy(asc(networkViews.createdAt), asc(networkViews.id));
  // The snapshot (thumbnail included) is made before the transaction, so the lock is held briefly.
  const columns = snapshotColumns({
    name: network.name,
    description: input.description ?? before?.description ?? network.description,
    tags: input.tags ?? before?.tags ?? [],
    data: JSON.parse(json),
    json,
    views,
  });
  const ownerId = caller.actor.userId;
  const row = await deps.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ subscriptionType: users.subscriptionType })
      .from(users)
      .where(eq(users.id, ownerId))
      .for('update');
    const [published] = await tx
      .select({ id: discoverNetworks.id })
      .from(discoverNetworks)
      .where(eq(discoverNetworks.id, network.id));
    if (!published) {
      const plan = planOfKey(owner?.subscriptionType ?? '');
      const cap = PUBLISH_CAPS[plan];
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(discoverNetworks)
        .where(eq(discoverNetworks.ownerId, ownerId));
      if (cap !== null && Number(n) >= cap) throw new AppError('FORBIDDEN', DISCOVER_MSG.capReached(plan));
    }
    const [saved] = await tx
      .insert(discoverNetworks)
      .values({ id: network.id, networkId: network.id, ownerId, ...columns })
      .onConflictDoUpdate({ target: discoverNetworks.id, set: { ownerId, ...columns } })
      .returning();
    return saved!;
  });
  return wire(network.id, row);
}
