import { asc, type Db, eq, passiveQueries, rowsOf, type SQL, series, seriesSnapshots, sql, type Tx } from '@tieline/db';
import { SERIES_MSG } from '@tieline/validation';
import type { Actor } from '../auth/actor';
import { requireModule } from '../auth/modules';
import { AppError } from '../errors';
import { requireNetwork } from './networks';

// Who may see a series: access follows its snapshots' networks (access/networks.ts). The caller sees a
// series when they can see every network it holds (their own, or shared with them), and it holds one at
// least or is theirs; a snapshot they cannot see makes the whole series 404, like an unknown id. Only its
// owner deletes it. A passive query's series also needs the passiveData module.

export type SeriesRow = typeof series.$inferSelect;
export type SnapshotRow = typeof seriesSnapshots.$inferSelect;

/** The condition on `series` selecting the series the actor may see (networks' visibility, in SQL). */
export const visibleSeries = (actor: Actor): SQL => sql`(
  not exists (
    select 1 from ${seriesSnapshots} s
      join networks n on n.id = s.network_id
      left join network_shares sh on sh.network_id = n.id and sh.user_login_id = ${actor.userLoginId}::uuid
    where s.series_id = ${series.id} and n.owner_id <> ${actor.userId}::uuid and sh.permission is null)
  and (${series.ownerId} = ${actor.userId}::uuid
    or exists (select 1 from ${seriesSnapshots} s where s.series_id = ${series.id})))`;

/**
 * The series the actor may see that hold a version of each network (of `networkIds`, or all), by
 * network id: what a network summary says of its series.
 */
export async function seriesRefsOf(
  db: Db | Tx,
  actor: Actor,
  networkIds: readonly string[] | null,
): Promise<Map<string, { _id: string; name: string }[]>> {
  const rows = rowsOf<{ networkId: string; id: string; name: string }>(
    await db.execute(sql`
      select distinct x.network_id as "networkId", ${series.id} as id, ${series.name} as name, ${series.createdAt}
      from ${series} join ${seriesSnapshots} x on x.series_id = ${series.id}
      where ${visibleSeries(actor)}
        ${networkIds ? sql`and x.network_id = any(${`{${networkIds.join(',')}}`}::uuid[])` : sql``}
      order by ${series.createdAt}, ${series.id}`),
  );
  const refs = new Map<string, { _id: string; name: string }[]>();
  for (const r of rows) refs.set(r.networkId, [...(refs.get(r.networkId) ?? []), { _id: r.id, name: r.name }]);
  return refs;
}

/** The query whose runs build the series, if any. */
export async function queryOfSeries(db: Db | Tx, seriesId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: passiveQueries.id })
    .from(passiveQueries)
    .where(eq(passiveQueries.seriesId, seriesId));
  return row?.id ?? null;
}

/**
 * The series and its snapshots in order, when the actor may see it: 404 otherwise (a snapshot's network
 * they cannot see included), 403 for a passive network they may not open or a query's series without the
 * passiveData module, and for `owner` when it is not theirs (its owner passes whatever its networks).
 */
export async function requireSeries(
  db: Db | Tx,
  actor: Actor,
  id: string,
  need: 'view' | 'owner',
): Promise<{ series: SeriesRow; snapshots: SnapshotRow[]; queryId: string | null }> {
  const [row] = await db.select().from(series).where(eq(series.id, id));
  if (!row) throw new AppError('NOT_FOUND', SERIES_MSG.notFound);
  const snapshots = await db
    .select()
    .from(seriesSnapshots)
    .where(eq(seriesSnapshots.seriesId, id))
    .orderBy(asc(seriesSnapshots.position));
  const own = row.ownerId === actor.userId;
  if (!own && snapshots.length === 0) throw new AppError('NOT_FOUND', SERIES_MSG.notFound);
  // Its owner may always delete it, even once a network in it is no longer theirs to see.
  const networkIds = need === 'owner' && own ? [] : new Set(snapshots.map((s) => s.networkId));
  for (const networkId of networkIds) {
    try {
      await requireNetwork(db, actor, networkId, 'view');
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', SERIES_MSG.notFound);
      throw error;
    }
  }
  const queryId = await queryOfSeries(db, id);
  if (queryId) requireModule(actor, 'passiveData');
  if (need === 'owner' && !own) throw new AppError('FORBIDDEN', SERIES_MSG.notOwner);
  return { series: row, snapshots, queryId };
}
