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
