import { describe, expect, it } from 'vitest';
import { createBatcher } from '../src/batching/batcher';

// Group commit (batching/batcher.ts): who shares a batch, and what a failed batch does.

const tick = () => new Promise((r) => setImmediate(r));

function recording(opts: { maxInFlight: number; maxBatch: number; fail?: (items: string[]) => boolean }) {
  const batches: string[][] = [];
  const release: (() => void)[] = [];
  const batcher = createBatcher<string, string>(
    async (items) => {
      batches.push(items);
      await new Promise<void>((r) => release.push(r));
      if (opts.fail?.(items)) throw new Error('batch failed');
      return items.map((i) => `done ${i}`);
    },
    { keyOf: (item) => item.split(':')[0]!, maxInFlight: opts.maxInFlight, maxBatch: opts.maxBatch },
  );
  const drain = async () => {
    for (let i = 0; i < 20; i++) {
      await tick();
      while (release.length) release.shift()!();
    }
  };
  return { batcher, batches, drain };
}

describe('the batcher', () => {
  it('writes what arrives in one turn together, and what arrives while busy in the next batch', async () => {
    const { batcher, batches, drain } = recording({ maxInFlight: 1, maxBatch: 100 });
    const first = ['a', 'b', 'c'].map((x) => batcher.submit(x));
    await tick();
    const later = ['d', 'e'].map((x) => batcher.submit(x));
    await drain();
    expect(await Promise.all([...first, ...later])).toEqual(['done a', 'done b', 'done c', 'done d', 'done e']);
    expect(batches).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
  });

  it('never puts two items of one key in a batch, nor in two batches at once', async () => {
    const { batcher, batches, drain } = recording({ maxInFlight: 3, maxBatch: 100 });
    const all = ['r1:1', 'r2:1', 'r1:2', 'r1:3', 'r3:1'].map((x) => batcher.submit(x));
    await drain();
    await Promise.all(all);
    expect(batches).toEqual([['r1:1', 'r2:1', 'r3:1'], ['r1:2'], ['r1:3']]);
  });

  it('keeps at most maxBatch items a batch and maxInFlight batches running', async () => {
    const { batcher, batches, drain } = recording({ maxInFlight: 2, maxBatch: 2 });
    const all = ['a', 'b', 'c', 'd', 'e'].map((x) => batcher.submit(x));
    await tick();
    expect(batches).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    await drain();
    await Promise.all(all);
    expect(batches.at(-1)).toEqual(['e']);
  });

  it('a failed batch rejects its own items only; the next batch runs', async () => {
    const { batcher, drain } = recording({ maxInFlight: 1, maxBatch: 2, fail: (items) => items.includes('bad') });
    const results = ['ok1', 'bad', 'ok2'].map((x) =>
      batcher.submit(x).then(
        (v) => v,
        (e: Error) => e.message,
      ),
    );
    await drain();
    expect(await Promise.all(results)).toEqual(['batch failed', 'batch failed', 'done ok2']);
  });
});
