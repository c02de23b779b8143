import { eq, networks, series, seriesSnapshots, sql, type TStoredMeasures, type Tx } from '@tieline/db';
import { pruneVersions } from './store-network';

// Writing series (issue 34): the row and its ordered snapshots. Used by the series feature (series made
// by hand) and by passive query runs (a query's series, rebuilt by each run). A snapshot row holds its
// network version against pruning, so a run writes each version's snapshot right after the version.

export interface SnapshotValues {
  networkId: string;
  dataVersion: number;
  label: string;
  from: string | null;
  to: string | null;
  measures: TStoredMeasures;
}

/** A new series of `ownerId`; answers its id. */
export async function insertSeries(tx: Tx, values: { ownerId: string; name: string }): Promise<string> {
  const [row] = await tx.insert(series).values(values).returning({ id: series.id });
  return row!.id;
}

/**
 * The series `id` emptied for a rebuild (renamed to `name`), or when it is gone a new one of `ownerId`;
 * answers the id. The versions its old snapshots held go with the next version written.
 */
export async function resetSeries(tx: Tx, id: string | null, values: { ownerId: string; name: string }) {
  if (id) {
    const [kept] = await tx
      .update(series)
      .set({ name: values.name, updatedAt: sql`now()` })
      .where(eq(series.id, id))
      .returning({ id: series.id });
    if (kept) {
      await tx.delete(seriesSnapshots).where(eq(seriesSnapshots.seriesId, id));
      return kept.id;
    }
  }
  return await insertSeries(tx, values);
}

/** Appends snapshots at `position`, `position` + 1, ... */
export async function addSnapshots(tx: Tx, seriesId: string, position: number, values: SnapshotValues[]) {
  if (values.length === 0) return;
  await tx.insert(seriesSnapshots).values(values.map((v, i) => ({ ...v, seriesId, position: position + i })));
}

/** Deletes the series; the versions it alone held past the kept window go with it. */
export async function deleteSeriesRow(tx: Tx, id: string): Promise<void> {
  const held = await tx
    .selectDistinct({ networkId: seriesSnapshots.networkId, current: networks.dataVersion })
    .from(seriesSnapshots)
    .innerJoin(networks, eq(networks.id, seriesSnapshots.networkId))
    .where(eq(seriesSnapshots.seriesId, id));
  await tx.delete(series).where(eq(series.id, id));
  for (const h of held) await pruneVersions(tx, h.networkId, h.current);
}
