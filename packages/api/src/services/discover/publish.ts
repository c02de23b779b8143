import { asc, count, type Db, discoverNetworks, eq, networkViews, passiveAccounts, users } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import {
  DISCOVER_LIMITS,
  DISCOVER_MSG,
  PUBLISH_CAPS,
  planOfKey,
  type TPublication,
  type TPublishInput,
} from '@tieline/validation';
import { type NetworkRow, requireNetwork } from '../../access/networks';
import { isOwnAccount, managesPassiveData } from '../../access/passive-data';
import type { Actor, SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { documentText } from '../../network-store/store-network';
import { requestWork, runSized } from '../../workers/request-work';
import { type DiscoverRow, documentSnapshot, snapshotColumns } from './snapshot';
import { viewsWithoutEmails } from './strip-emails';

// PUT /api/base/networks/{id}/publish: the owner publishes a read-only snapshot of the network's current
// version (with its saved views) to Discover, republishes to replace it, or unpublishes (`public: false`)
// to remove it. A user's published networks are capped by their plan (PUBLISH_CAPS); republishing is not
// a new publication. The cap holds under concurrent publishes: each publish locks the owner's user row
// before counting, so two servers cannot both take the last slot.
//
// Who may publish (docs/discover.md): the owner of a network of their own, never one made from a network
// shared with them (copiedFromShare, sticky through copies). A network holding passive data (its
// passiveAccountId) only by an Owner or Admin of that account (an individual for their own), and only
// with the dialog's confirmation. No snapshot holds an email address (strip-emails.ts). A copy taken
// from Discover keeps naming its original: the row's origin, the original's tags and citation.

const wire = (
  network: NetworkRow,
  row: Pick<DiscoverRow, 'description' | 'tags' | 'updatedAt'> | null,
  refused: string | null,
): TPublication => ({
  _id: network.id,
  public: row !== null,
  description: row?.description ?? '',
  tags: row?.tags ?? [],
  updatedAt: row?.updatedAt.toISOString() ?? null,
  passive: network.passiveAccountId !== null,
  refused,
});

/** Why the actor may not publish the network (a message), or null when they may. */
async function refusal(db: Db, actor: Actor, network: NetworkRow): Promise<string | null> {
  if (network.copiedFromShare) return DISCOVER_MSG.copiedFromShare;
  if (network.passiveAccountId === null) return null;
  const [account] = await db
    .select({ organizationId: passiveAccounts.organizationId, userId: passiveAccounts.userId })
    .from(passiveAccounts)
    .where(eq(passiveAccounts.id, network.passiveAccountId));
  return isOwnAccount(actor, account ?? null) && managesPassiveData(actor) ? null : DISCOVER_MSG.passiveManagersOnly;
}

/** The original's tags first, then the copy's own, as many as a publication may have. */
function tagsWith(origin: string[], own: string[]): string[] {
  const seen = new Set<string>();
  return [...origin, ...own]
    .filter((t) => {
      const key = t.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, DISCOVER_LIMITS.tagsMax);
}

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
  return wire(network, await currentRow(deps, network.id), await refusal(deps.db, caller.actor, network));
}

export async function publishNetwork(deps: Deps, caller: SignedInCaller, input: TPublishInput): Promise<TPublication> {
  // Unpublishing only lessens what is shown: open to the owner who could no longer open the network.
  const { network } = await requireNetwork(deps.db, caller.actor, input.id, input.public ? 'owner' : 'delete');
  const refused = await refusal(deps.db, caller.actor, network);
  if (!input.public) {
    await deps.db.delete(discoverNetworks).where(eq(discoverNetworks.id, network.id));
    return wire(network, null, refused);
  }
  if (refused) throw new AppError('FORBIDDEN', refused);
  if (network.passiveAccountId !== null && input.confirmPassive !== true) {
    throw new AppError('BAD_REQUEST', DISCOVER_MSG.confirmPassive);
  }
  const before = await currentRow(deps, network.id);
  const stored = await deps.db
    .select({ name: networkViews.name, state: networkViews.state })
    .from(networkViews)
    .where(eq(networkViews.networkId, network.id))
    .orderBy(asc(networkViews.createdAt), asc(networkViews.id));
  const document = await runSized(
    requestWork(deps, caller, 'discover publish'),
    network.nodeCount + network.edgeCount,
    'discover-snapshot',
    () => documentText(deps.db, network),
    (json) => documentSnapshot(JSON.parse(json) as TNetworkData, json),
  );
  const origin = network.discoverOrigin;
  // The snapshot (thumbnail included) is made before the transaction, so the lock is held briefly.
  const columns = snapshotColumns({
    name: network.name,
    description: input.description ?? before?.description ?? network.description,
    tags: tagsWith(origin?.tags ?? [], input.tags ?? before?.tags ?? []),
    ...(origin ? { source: origin.source } : {}),
    document,
    views: viewsWithoutEmails(stored),
  });
  const provenance = { passiveAccountId: network.passiveAccountId, origin };
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
      .values({ id: network.id, networkId: network.id, ownerId, ...columns, ...provenance })
      .onConflictDoUpdate({ target: discoverNetworks.id, set: { ownerId, ...columns, ...provenance } })
      .returning();
    return saved!;
  });
  return wire(network, row, null);
}
