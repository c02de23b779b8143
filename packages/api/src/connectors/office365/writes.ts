import type { SourceMessage } from '../store/interactions';
import { eachInPool, type ScopeUser } from './context';
import { graphErrorOf } from './graph-client';

/** Mailboxes read at once (Outlook allows 4 concurrent requests per mailbox; one each here). */
export const MAILBOX_CONCURRENCY = 4;

// What the mail and calendar sources share: one message (email, event) may be read from several
// mailboxes read at once. Two batches holding the same key never run at once (each would miss the
// other's rows when deleting earlier copies, and the message would be stored twice); others do.

/**
 * Runs batch writes (each answers the rows it stored), at once unless they share a message key with a
 * write under way, which they wait for. (The store refreshes a new month's statistics as rows arrive:
 * noteRowsWritten in store/partitions.ts.)
 */
export function batchWriter() {
  const running = new Set<{ keys: Set<string>; done: Promise<unknown> }>();
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
      return await done;
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
 * Addresses in one order: mailboxes read at once upsert the same outside people, and two statements
 * locking the same rows in different orders could deadlock.
 */
export const byAddress = <T extends { address: string }>(named: T[]): T[] =>
  named.sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));

/**
 * Reads each mailbox (or calendar) in the pool. A mailbox an Exchange application access policy keeps
 * the app out of answers 403: it is skipped (docs/microsoft-365-app.md), unless every mailbox answers
 * so, which means the permission itself is missing and the sync fails naming it. `done` follows each
 * mailbox read or skipped (progress).
 */
export async function eachMailbox(
  users: ScopeUser[],
  read: (user: ScopeUser) => Promise<void>,
  done: () => Promise<void>,
): Promise<void> {
  let denied: unknown = null;
  let deniedCount = 0;
  await eachInPool(users, MAILBOX_CONCURRENCY, async (user) => {
    try {
      await read(user);
    } catch (error) {
      if (graphErrorOf(error)?.status !== 403) throw error;
      denied = error;
      deniedCount++;
    }
    await done();
  });
  if (users.length > 0 && deniedCount === users.length) throw denied;
}
