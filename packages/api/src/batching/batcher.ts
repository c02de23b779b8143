/**
 * Group commit for hot writes: items submitted while `maxInFlight` batches are already running wait and
 * go together in the next one, so under load many writes share one statement (one round trip, one WAL
 * flush) and at rest a write goes alone at once. Items with the same key never share a batch nor run
 * in two batches at once (a later one waits for the earlier one's batch to end), so a batch never holds
 * two writes of one row. A failed batch rejects each of its items (their callers decide what next).
 */
export interface Batcher<I, O> {
  submit(item: I): Promise<O>;
}

interface Waiting<I, O> {
  item: I;
  key: string;
  resolve: (o: O) => void;
  reject: (e: unknown) => void;
}

export function createBatcher<I, O>(
  run: (items: I[]) => Promise<O[]>,
  opts: { keyOf: (item: I) => string; maxInFlight: number; maxBatch: number },
): Batcher<I, O> {
  const queue: Waiting<I, O>[] = [];
  const busyKeys = new Set<string>();
  let inFlight = 0;
  let scheduled = false;

  const take = (): Waiting<I, O>[] => {
    const batch: Waiting<I, O>[] = [];
    const keys = new Set<string>();
    for (let i = 0; i < queue.length && batch.length < opts.maxBatch; ) {
      const w = queue[i]!;
      if (busyKeys.has(w.key) || keys.has(w.key)) {
        i++;
        continue;
      }
      keys.add(w.key);
      batch.push(w);
      queue.splice(i, 1);
    }
    return batch;
  };

  const flush = () => {
    scheduled = false;
    while (inFlight < opts.maxInFlight && queue.length > 0) {
      const batch = take();
      if (batch.length === 0) return;
      inFlight++;
      for (const w of batch) busyKeys.add(w.key);
      run(batch.map((w) => w.item))
        .then(
          (out) => {
            for (const [i, w] of batch.entries()) w.resolve(out[i]!);
          },
          (error) => {
            for (const w of batch) w.reject(error);
          },
        )
        .finally(() => {
          inFlight--;
          for (const w of batch) busyKeys.delete(w.key);
          schedule();
        });
    }
  };

  // After the current turn of the event loop: requests read in the same turn share the first batch.
  const schedule = () => {
    if (scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  };

  return {
    submit: (item) =>
      new Promise<O>((resolve, reject) => {
        queue.push({ item, key: opts.keyOf(item), resolve, reject });
        schedule();
      }),
  };
}
