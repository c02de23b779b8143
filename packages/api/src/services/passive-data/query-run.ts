import { type Db, eq, passiveAccounts, passiveQueries, passiveQueryRuns, sql, type Tx } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import { PASSIVE_MSG } from '@tieline/validation';
import type { SecretBox } from '../../auth/secrets';
import { definitionOf } from './queries-crud';
import { runStatus } from './queries-schedule';
import { networkOf, queryTies, tieFilterOf } from './query-network';

// One run of a query (the passive-query-run job): the network worked out in the database, then stored
// as a normal network of the query's owner: the first run makes it, later runs add a version (a new
// network when the owner deleted the old one). A query that matches nothing fails with a message
// saying so rather than writing an empty version over a good one.

/**
 * Stores the document as the query's network (a new version of `networkId` when it still exists, else a
 * new network of the owner) inside the run's transaction; answers the network's id. The networks
 * feature's writer, handed in by the job, so this service does not reach into another feature's.
 */
export type NetworkWriter = (
  tx: Tx,
  target: { networkId: string | null; ownerId: string; name: string; passiveAccountId: string },
  data: TNetworkData,
) => Promise<string>;

/** Runs the query of `runId`; throws what should be retried, records what should not. */
export async function executeRun(
  db: Db,
  secrets: SecretBox,
  write: NetworkWriter,
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
  const ties = await queryTies(db, filter);
  await runStatus.progress(db, runId, 0.6);
  if (ties.length === 0) return void (await runStatus.failed(db, runId, PASSIVE_MSG.noPeople));
  const data = await networkOf(db, secrets, account, definition, ties);
  const warnings = emptyAttributes(data).map((name) => PASSIVE_MSG.attributeEmpty(name, data.nodes.length));
  await runStatus.progress(db, runId, 0.8);
  await db.transaction(async (tx) => {
    // The query row locked: a run and an edit of the query (or a second run's tail) never cross.
    const [current] = await tx
      .select({ networkId: passiveQueries.networkId, ownerId: passiveQueries.ownerId, name: passiveQueries.name })
      .from(passiveQueries)
      .where(eq(passiveQueries.id, query.id))
      .for('update');
    if (!current) return;
    const networkId = await write(tx, { ...current, passiveAccountId: account.id }, data);
    await tx.update(passiveQueries).set({ networkId }).where(eq(passiveQueries.id, query.id));
    await tx
      .update(passiveQueryRuns)
      .set({
        status: 'done',
        progress: 1,
        people: data.nodes.length,
        ties: data.edges.length,
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
