import type { SourceMessage } from '../store/interactions';

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
