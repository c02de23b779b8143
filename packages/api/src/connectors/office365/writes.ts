import { type Db, sql } from '@tieline/db';
import type { SourceMessage } from '../store/interactions';

// What the mail and calendar sources share: one message (email, event) may be read from several
// mailboxes read at once. Two batches holding the same key never run at once (each would miss the
// other's rows when deleting earlier copies, and the message would be stored twice); others do.

/**
 * Runs batch writes (each answers the rows it stored), at once unless they share a message key with a
 * write under way, which they wait for. Once the rows stored pass 10,000, then each tenfold, the
 * table's statistics are refreshed: a month's partition filled by one sync has none yet (PGlite never
 * gathers them; PostgreSQL's autovacuum only after a while), and without them the planner deletes
 * earlier copies by scanning every row of the connection's conversation ('email' is one conversation):
 * measured 549 ms instead of 9.5 ms for a page of 300 messages among 150,000 rows, growing with the rows
 * already stored.
 */
export function batchWriter(db: Db) {
  const running = new Set<{ keys: Set<string>; done: Promise<unknown> }>();
  let stored = 0;
  let analyzeAt = 10_000;
  return async (batch: SourceMessage[], write: () => Promise<number>): Promise<number> => {
    const keys = new Set(batch.map((m) => `${m.conversation}\n${m.messageKey}`));
    for (;;) {
      const clashes = [...running].filter((r) => [...keys].some((k) => r.keys.has(k)));
      if (clashes.length === 0) break;
      await Promise.allSettled(clashes.map((c) => c.done));
    }
    const done = write();
    const entry = { keys, done };
    running.add(entry);
    try {
      const rows = await done;
      stored += rows;
      if (stored >= analyzeAt) {
        analyzeAt *= 10;
        await db.execute(sql`analyze passive_interactions`);
      }
      return rows;
    } finally {
      running.delete(entry);
    }
  };
}

/** The batch with one message per key (the last read wins): a key twice in one batch would be stored twice. */
export function oncePerKey(messages: SourceMessage[]): SourceMessage[] {
  return [...new Map(messages.map((m) => [`${m.conversation}\n${m.messageKey}`, m])).values()];
}

/**
 * Runs `work` over `items`, at most `limit` at once; after a failure no new item starts, and the ones
 * under way finish before the failure is thrown, so a failed sync leaves nothing running behind it
 * (its job may be run again at once).
 */
export async function eachInPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * Addresses in one order: mailboxes read at once upsert the same outside people, and two statements
 * locking the same rows in different orders could deadlock.
 */
export const byAddress = <T extends { address: string }>(named: T[]): T[] =>
  named.sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
