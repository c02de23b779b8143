import { and, asc, count, eq, networkViews, sql } from '@tieline/db';
import {
  NETWORK_VIEW_LIMITS,
  NETWORK_VIEW_MSG,
  type TNetworkView,
  type TUpdateNetworkViewInput,
} from '@tieline/validation';
import { requireNetwork } from '../../access/networks';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';

// Saved views of a network ({viewId} routes of the explorer): whoever may see the network sees its
// views; its owner and Edit users save, rename and delete them. A write names the version it was
// based on, so two tabs never overwrite each other silently.

type ViewRow = typeof networkViews.$inferSelect;

const wire = (row: ViewRow): TNetworkView => ({
  _id: row.id,
  name: row.name,
  state: JSON.parse(row.state) as Record<string, unknown>,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listViews(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<TNetworkView[]> {
  const { network } = await requireNetwork(deps.db, caller.actor, input.id, 'view');
  const rows = await deps.db
    .select()
    .from(networkViews)
    .where(eq(networkViews.networkId, network.id))
    .orderBy(asc(networkViews.createdAt), asc(networkViews.id));
  return rows.map(wire);
}

export async function createView(
  deps: Deps,
  caller: SignedInCaller,
  input: { id: string; name: string; state: Record<string, unknown> },
): Promise<TNetworkView> {
  const { network } = await requireNetwork(deps.db, caller.actor, input.id, 'edit');
  return await deps.db.transaction(async (tx) => {
    // The network row is locked so two creations at once cannot both pass the count.
    await tx.execute(sql`select 1 from networks where id = ${network.id}::uuid for update`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(networkViews)
      .where(eq(networkViews.networkId, network.id));
    if (Number(n) >= NETWORK_VIEW_LIMITS.viewsMax) throw new AppError('BAD_REQUEST', NETWORK_VIEW_MSG.tooMany);
    const [row] = await tx
      .insert(networkViews)
      .values({
        networkId: network.id,
        name: input.name,
        state: JSON.stringify(input.state),
        createdBy: caller.actor.userId,
      })
      .returning();
    return wire(row!);
  });
}

export async function updateView(
  deps: Deps,
  caller: SignedInCaller,
  input: TUpdateNetworkViewInput,
): Promise<TNetworkView> {
  const { network } = await requireNetwork(deps.db, caller.actor, input.id, 'edit');
  const [row] = await deps.db
    .update(networkViews)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.state !== undefined ? { state: JSON.stringify(input.state) } : {}),
      version: input.version + 1,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(networkViews.id, input.viewId),
        eq(networkViews.networkId, network.id),
        eq(networkViews.version, input.version),
      ),
    )
    .returning();
  if (row) return wire(row);
  const [exists] = await deps.db
    .select({ id: networkViews.id })
    .from(networkViews)
    .where(and(eq(networkViews.id, input.viewId), eq(networkViews.networkId, network.id)));
  throw exists
    ? new AppError('CONFLICT', NETWORK_VIEW_MSG.stale)
    : new AppError('NOT_FOUND', NETWORK_VIEW_MSG.notFound);
}

export async function deleteView(deps: Deps, caller: SignedInCaller, input: { id: string; viewId: string }) {
  const { network } = await requireNetwork(deps.db, caller.actor, input.id, 'edit');
  const gone = await deps.db
    .delete(networkViews)
    .where(and(eq(networkViews.id, input.viewId), eq(networkViews.networkId, network.id)))
    .returning({ id: networkViews.id });
  if (gone.length === 0) throw new AppError('NOT_FOUND', NETWORK_VIEW_MSG.notFound);
  return { ok: true as const };
}
