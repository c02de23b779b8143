import { desc, series, seriesSnapshots, sql } from '@tieline/db';
import type { TSeries, TSeriesListItem } from '@tieline/validation';
import { requireSeries, type SeriesRow, type SnapshotRow, visibleSeries } from '../../access/series';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';

// GET /api/base/series and /series/{id}: the series the caller can see (access/series.ts), and one with
// each snapshot's measures as stored when it joined the series.

export function seriesWire(row: SeriesRow, snapshots: readonly SnapshotRow[], queryId: string | null): TSeries {
  return {
    _id: row.id,
    name: row.name,
    queryId,
    snapshots: snapshots.map((s) => ({
      networkId: s.networkId,
      dataVersion: s.dataVersion,
      label: s.label,
      from: s.from,
      to: s.to,
      ...s.measures,
    })),
  };
}

/** The series the caller can see, newest first, with their snapshot counts. */
export async function listSeries(deps: Deps, caller: SignedInCaller): Promise<TSeriesListItem[]> {
  const rows = await deps.db
    .select({
      id: series.id,
      name: series.name,
      snapshots: sql<number>`(select count(*)::int from ${seriesSnapshots} x where x.series_id = ${series.id})`,
    })
    .from(series)
    .where(visibleSeries(caller.actor))
    .orderBy(desc(series.createdAt), desc(series.id));
  return rows.map((r) => ({ _id: r.id, name: r.name, snapshots: Number(r.snapshots) }));
}

export async function getSeries(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<TSeries> {
  const found = await requireSeries(deps.db, caller.actor, input.id, 'view');
  return seriesWire(found.series, found.snapshots, found.queryId);
}
