// The worker-thread entry gives the same answer as the single-threaded one (worker start-up from source is seconds on a loaded host: a long timeout).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeMetrics } from '../src';
import type { TNetworkData } from '../src/model';
import { computeMetricsParallel } from '../src/node';

const graph = (name: string): TNetworkData =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../reference/graphs', `${name}.json`), 'utf8'));

describe('computeMetricsParallel', { timeout: 60_000 }, () => {
  it.each([
    ['random-300', {}],
    ['karate', { weighted: true, weightAsDistance: true }],
    ['disconnected', {}],
  ])('%s %j over two workers equals computeMetrics', async (name, options) => {
    const data = graph(name);
    const progress: number[] = [];
    const got = await computeMetricsParallel(data, options, { threads: 2, onProgress: (f) => progress.push(f) });
    const want = computeMetrics(data, options);
    expect(got.network).toEqual({ ...want.network, averagePathLength: got.network.averagePathLength });
    expect(got.network.averagePathLength).toBeCloseTo(want.network.averagePathLength, 12);
    got.nodes.forEach((node, i) => {
      const ref = want.nodes[i]!;
      for (const key of ['betweenness', 'closeness', 'harmonicCloseness'] as const) {
        expect(Math.abs(node[key] - ref[key])).toBeLessThanOrEqual(1e-12 * Math.abs(ref[key]));
      }
    });
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });
});
