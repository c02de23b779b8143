import type { SourceMessage } from '../store/interactions';

// What the mail and calendar sources share: one message (email, event) may be read from several
// mailboxes read at once; its batches are written one at a time, so two copies of one key never land in
// two concurrent transactions (each would miss the other's rows when deleting earlier copies).

/** Runs the writes given to it one after the other, in the order given. */
export function oneWriter() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(write: () => Promise<T>): Promise<T> => {
    const next = last.then(write);
    last = next.catch(() => {});
    return next;
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
