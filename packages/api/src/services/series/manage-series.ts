import { inArray, networks, networkVersions, sql } from '@tieline/db';
import { NETWORK_MSG, SERIES_MSG, type TCreateSeriesInput, type TOk, type TSeries } from '@tieline/validation';
import { requireNetwork } from '../../access/networks';
import { requireSeries } from '../../access/series';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { versionText } from '../../network-store/store-network';
import { addSnapshots, deleteSeriesRow, insertSeries } from '../../network-store/store-series';
import { slotAccount } from '../../workers/fair-slots';
import { seriesWire } from './read-series';
import { measureDocuments } from './snapshot-measures';

// POST /api/base/series: a series made by hand from network versions the caller can see (survey
// waves, yearly uploads), each measured once as it joins; DELETE /series/{id}: the series goes, its
// networks stay (the versions it alone held past the kept window go with it).

export async function createSeries(deps: Deps, caller: SignedInCaller, input: TCreateSeriesInput): Promise<TSeries> {
  const { actor } = caller;
  const chosen: { networkId: string; dataVersion: number; label: string }[] = [];
  // Every network first (404 before any 400), then the versions.
  for (const s of input.snapshots) {
    const { network } = await requireNetwork(deps.db, actor, s.networkId, 'view');
    chosen.push({ networkId: network.id, dataVersion: s.dataVersion ?? network.dataVersion, label: s.label });
  }
  const keys = new Set(chosen.map((c) => `${c.networkId}:${c.dataVersion}`));
  if (keys.size < chosen.length) throw new AppError('BAD_REQUEST', SERIES_MSG.duplicateSnapshot);
  const ticket = { account: slotAccount(actor), user: actor.userId, label: 'seriesMeasures' };
  const measures = await measureDocuments(
    deps,
    ticket,
    chosen.length,
    async (i) => {
      const json = await versionText(deps.db, chosen[i]!.networkId, chosen[i]!.dataVersion);
      if (json === null) throw new AppError('NOT_FOUND', SERIES_MSG.versionGone);
      return json;
    },
    { waitMs: deps.env.ANALYSIS_WAIT_MS, threads: deps.env.METRICS_THREADS },
  );
  const id = await deps.db.transaction(async (tx) => {
    // The networks locked against a new version meanwhile, whose pruning could take a chosen version
    // before the snapshots hold it; then the versions checked again.
    const ids = [...new Set(chosen.map((c) => c.networkId))];
    await tx.select({ id: networks.id }).from(networks).where(inArray(networks.id, ids)).for('share');
    const [kept] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(networkVersions)
      .where(
        sql`(${networkVersions.networkId}, ${networkVersions.version}) in (${sql.join(
          chosen.map((c) => sql`(${c.networkId}::uuid, ${c.dataVersion}::int)`),
          sql`, `,
        )})`,
      );
    if (Number(kept?.n) !== chosen.length) throw new AppError('NOT_FOUND', NETWORK_MSG.versionGone);
    const made = await insertSeries(tx, { ownerId: actor.userId, name: input.name });
    await addSnapshots(
      tx,
      made,
      0,
      chosen.map((c, i) => ({ ...c, from: null, to: null, measures: measures[i]! })),
    );
    return made;
  });
  const found = await requireSeries(deps.db, actor, id, 'view');
  return seriesWire(found.series, found.snapshots, found.queryId);
}

export async function deleteSeries(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<TOk> {
  const found = await requireSeries(deps.db, caller.actor, input.id, 'owner');
  await deps.db.transaction((tx) => deleteSeriesRow(tx, found.series.id));
  return { ok: true };
}
