import { and, type Db, eq, notInArray, passiveConnections, sql } from '@tieline/db';
import type { ConnectionRow } from '../../access/passive-data';
import type { Deps } from '../../deps';
import { connectionAccount } from '../../jobs/accounts';
import { countInteractions } from './interactions';

// A connection's sync state as GET connections/{id} shows it. One sync per connection at a time: a
// sync is queued only when none is queued or running (one atomic update, so two clicks or two servers
// queue one job), and the job is the only writer of progress while it runs.

/**
 * Queues a sync of the connection unless one is queued or running. Returns whether it queued one.
 */
export async function queueSync(deps: Pick<Deps, 'db' | 'enqueue'>, connectionId: string): Promise<boolean> {
  const [row] = await deps.db
    .update(passiveConnections)
    .set({ status: 'queued', progress: 0, sourceProgress: {}, error: null, skippedCount: 0 })
    .where(and(eq(passiveConnections.id, connectionId), notInArray(passiveConnections.status, ['queued', 'running'])))
    .returning({ id: passiveConnections.id });
  if (!row) return false;
  await deps.enqueue('passive-sync', { connectionId }, { account: connectionAccount(connectionId) });
  return true;
}

/** Whether the connection is still there (Disconnect deletes its row with everything it brought). */
export async function connectionExists(db: Db, connectionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: passiveConnections.id })
    .from(passiveConnections)
    .where(eq(passiveConnections.id, connectionId));
  return rows.length > 0;
}

export const syncStatus = {
  /** An attempt starts: the skipped count is this attempt's (an export import starts over each time). */
  running: (db: Db, id: string) =>
    db
      .update(passiveConnections)
      .set({ status: 'running', error: null, skippedCount: 0 })
      .where(eq(passiveConnections.id, id)),
  progress: (db: Db, id: string, progress: number) =>
    db
      .update(passiveConnections)
      .set({ progress: Math.max(0, Math.min(1, progress)) })
      .where(eq(passiveConnections.id, id)),
  /** Done: the counts recomputed from what is stored (so a resumed sync never double counts them). */
  async done(db: Db, id: string) {
    await db
      .update(passiveConnections)
      .set({ status: 'done', progress: 1, error: null, lastSync: new Date(), ...(await storedCounts(db, id)) })
      .where(eq(passiveConnections.id, id));
  },
  /**
   * Failed: the counts are what queries will use. A connection that completed an import or sync before
   * is still read, with what is stored now (an export's failed import changed nothing; an API sync that
   * failed half way kept what it wrote before failing); one that never completed one is read by no query.
   */
  async failed(db: Db, id: string, message: string) {
    const [row] = await db
      .select({ lastSync: passiveConnections.lastSync })
      .from(passiveConnections)
      .where(eq(passiveConnections.id, id));
    const counts = row?.lastSync ? await storedCounts(db, id) : { interactionCount: 0, peopleCount: 0 };
    await db
      .update(passiveConnections)
      .set({ status: 'failed', error: message, ...counts })
      .where(eq(passiveConnections.id, id));
  },
};

/** The connection's people and interactions as stored. */
async function storedCounts(db: Db, id: string) {
  return {
    interactionCount: await countInteractions(db, id),
    peopleCount: sql<number>`(select count(*) from passive_identities i where i.connection_id = ${id}::uuid)`,
  };
}

export type { ConnectionRow };
