import { type Db, eq, passiveAccounts, passiveQueries, passiveQueryRuns, sql, type TStoredMeasures } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import { PASSIVE_MSG } from '@tieline/validation';
import type { SecretBox } from '../../auth/secrets';
import { documentOf } from '../../network-store/store-network';
import { deleteSeriesRow } from '../../network-store/store-series';
import { definitionOf } from './queries-crud';
import { runStatus } from './queries-schedule';
import { networkOf } from './query-document';
import { queryTies, tieFilterOf } from './query-network';
import { seriesTies } from './query-period-ties';
import { periodsOf } from './query-periods';
import { seriesDocuments, storeSeries, type VersionWriter } from './query-series';

// One run of a query (the passive-query-run job): the network worked out in the database, then stored
// as a normal network of the query's owner: the first run makes it, later runs add a version (a new
// network when the owner deleted the old one). A query that matches nothing fails with a message
// saying so rather than writing an empty version over a good one. With a snapshot interval the run
// builds the query's series instead (query-series.ts): one version per period, the last one current.

/**
 * Stores a document as the query's network (a new version of `networkId` when it still exists, else a
 * new network of the owner) inside the run's transaction; answers the network's id and version. The
 * networks feature's writer, handed in by the job, so this service does not reach into another feature's.
 */
export type NetworkWriter = VersionWriter;

/**
 * Measures a series' documents (JSON text as stored, `load` answering each once made) for its
 * snapshots, bounded like other analyses (the series feature's, handed in by the job); `owner` is whose
 * account the work counts against.
 */
export type SnapshotMeasurer = (
  owner: { userId: string; organizationId: string | null },
  count: number,
  load: (i: number) => Promise<string>,
) => Promise<TStoredMeasures[]>;

/** Runs the query of `runId`; throws what should be retried, records what should not. */
export async function executeRun(
  db: Db,
  secrets: SecretBox,
  store: { write: NetworkWriter; measure: SnapshotMeasurer },
  runId: string,
  now = new Date(),
): Promise<void> {
  const [found] = await db
    .select({ run: passiveQueryRuns, query: passiveQueries, account: passiveAccounts })
    .from(passiveQueryRuns)
    .innerJoin(passiveQueries, eq(passiveQueries.id, passiveQueryRuns.queryId))
    .innerJoin(passiveAccounts, eq(passiveAccounts.id, passiveQueries.accountId))
    .where(eq(passiveQueryRuns.id, runId));
  if (!found || !(await runStatus.start(db, runId))) return;
  const { query, account } = found;
  const definition = definitionOf(query);
  const filter = await tieFilterOf(db, secrets, account, definition, now);
  await db.update(passiveQueryRuns).set({ connectionIds: filter.connectionIds }).where(eq(passiveQueryRuns.id, runId));
  // A query reads exactly the connections it chose: one gone since means no run, not a smaller network.
  if (filter.missing > 0) return void (await runStatus.failed(db, runId, PASSIVE_MSG.connectionsGone(filter.missing)));
  const interval = definition.snapshotInterval;
  const split = interval === 'none' ? null : periodsOf(definition, interval, account, now);
  const ties = split ? await seriesTies(db, filter, split.cut) : await queryTies(db, filter);
  await runStatus.progress(db, runId, 0.6);
  if (ties.length === 0) return void (await runStatus.failed(db, runId, PASSIVE_MSG.noPeople));
  const owner = { userId: query.ownerId, organizationId: account.organizationId };
  const series = split
    ? await seriesDocuments(db, secrets, account, definition, ties, split.periods, (count, load) =>
        store.measure(owner, count, load),
      )
    : null;
  const snapshots = series?.snapshots ?? null;
  const measures = series?.measures ?? [];
  const data = snapshots ? null : await networkOf(db, secrets, account, definition, ties);
  const document = data ? documentOf(data) : snapshots!.at(-1)!.document;
  const last = data ?? series!.last;
  const warnings = emptyAttributes(last).map((name) => PASSIVE_MSG.attributeEmpty(name, last.nodes.length));
  await runStatus.progress(db, runId, 0.8);
  await db.transaction(async (tx) => {
    // The query row locked: a run and an edit of the query (or a second run's tail) never cross.
    const [current] = await tx
      .select({
        networkId: passiveQueries.networkId,
        seriesId: passiveQueries.seriesId,
        ownerId: passiveQueries.ownerId,
        name: passiveQueries.name,
      })
      .from(passiveQueries)
      .where(eq(passiveQueries.id, query.id))
      .for('update');
    if (!current) return;
    const target = { ...current, passiveAccountId: account.id };
    let networkId: string;
    let seriesId: string | null = null;
    if (snapshots) {
      ({ networkId, seriesId } = await storeSeries(tx, store.write, target, snapshots, measures));
    } else {
      networkId = (await store.write(tx, target, document)).id;
      // A query run without an interval makes no series: the one an earlier run built goes.
      if (current.seriesId) await deleteSeriesRow(tx, current.seriesId);
    }
    await tx.update(passiveQueries).set({ networkId, seriesId }).where(eq(passiveQueries.id, query.id));
    await tx
      .update(passiveQueryRuns)
      .set({
        status: 'done',
        progress: 1,
        people: document.counts.nodeCount,
        ties: document.counts.edgeCount,
        networkId,
        error: null,
        warnings,
        finishedAt: sql`now()`,
      })
      .where(eq(passiveQueryRuns.id, runId));
  });
}

/** The attributes asked for that no node of the network holds. */
function emptyAttributes(data: TNetworkData): string[] {
  return data.nodeAttributes
    .filter((d) => data.nodes.every((n) => n.attributes[d.key] === null || n.attributes[d.key] === undefined))
    .map((d) => d.key);
}

/** The last attempt of a run failed on something unexpected: say so on the run. */
export const failRun = (db: Db, runId: string) => runStatus.failed(db, runId, PASSIVE_MSG.runFailed);
