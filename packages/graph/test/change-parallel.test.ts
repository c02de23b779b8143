// The worker-thread entries answer what the single-threaded ones answer: stabilityParallel (samples over
// threads) and compareSnapshotsParallel (each side's betweenness over threads).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { compareSnapshots, seededRandom, stability, type TNetworkData } from '../src';
import { compareSnapshotsParallel, stabilityParallel } from '../src/node';

const graph = (name: string): TNetworkData =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../reference/change-graphs', `${name}.json`), 'utf8'));

it('stabilityParallel over two workers equals stability', async () => {
  const data = graph('stability-advice');
  const options = { dropout: 0.2, samples: 30 };
  const progress: number[] = [];
  const got = await stabilityParallel(data, options, { threads: 2, onProgress: (f) => progress.push(f) });
  expect(got).toEqual(stability(data, options));
  expect(progress).toHaveLength(30);
  expect(progress.at(-1)).toBe(1);
}, 120_000);

it('compareSnapshotsParallel over two workers equals compareSnapshots', async () => {
  // 1,000 people and 2,600 ties a side: enough work for the threads (smaller graphs stay on this one).
  const random = seededRandom(34);
  const side = (): TNetworkData => ({
    directed: false,
    layers: ['ties'],
    nodeAttributes: [],
    edgeAttributes: [],
    nodes: Array.from({ length: 1000 }, (_, i) => ({ name: `p${i}`, attributes: {} })),
    edges: Array.from({ length: 2600 }, () => ({
      source: Math.floor(random() * 1000),
      target: Math.floor(random() * 1000),
      layer: 0,
      weight: 1,
      attributes: {},
    })),
  });
  const [base, other] = [side(), side()];
  const options = { permutations: 20 };
  expect(await compareSnapshotsParallel(base, other, options, { threads: 2 })).toEqual(
    compareSnapshots(base, other, options),
  );
  // Four workers start from TypeScript source here (tsx): seconds on a shared host, half a minute on a
  // throttled one.
}, 120_000);
