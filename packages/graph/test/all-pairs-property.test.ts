// The batched all-pairs kernels (bit-parallel closeness, batched Brandes, leaf folding: all-pairs.ts)
// against one Brandes pass per source (addSource, the reference) on random graphs of every shape:
// directed and undirected, sparse and dense, forests (leaves to fold), long chains (deep searches),
// hubs with twins, several components, isolated people, self-loops and parallel ties. Seeded: a failing
// case names its seed.
import { describe, expect, it } from 'vitest';
import {
  addSource,
  buildCsr,
  createPathTotals,
  createPathWorkspace,
  pathGraph,
  type TNetworkData,
  type TPathTotals,
} from '../src';
import { allPairs } from '../src/metrics/all-pairs';
import { randomNetwork, SHAPES } from './random-networks';

function scalar(data: TNetworkData): TPathTotals {
  const g = pathGraph(buildCsr(data), {});
  const totals = createPathTotals(g.n);
  const ws = createPathWorkspace(g.n);
  for (let s = 0; s < g.n; s++) addSource(g, ws, totals, s);
  return totals;
}

const KEYS = ['betweenness', 'distanceSum', 'reached', 'harmonic'] as const;

function compare(got: TPathTotals, want: TPathTotals, seed: number) {
  for (const key of KEYS) {
    const bad: string[] = [];
    got[key].forEach((value, v) => {
      const ref = want[key][v]!;
      if (Math.abs(value - ref) > 1e-12 * Math.max(1, Math.abs(ref))) bad.push(`node ${v}: ${value} vs ${ref}`);
    });
    expect(bad, `seed ${seed} ${key}`).toEqual([]);
  }
  expect([got.diameter, got.pairs, got.pathLengthSum], `seed ${seed}`).toEqual([
    want.diameter,
    want.pairs,
    want.pathLengthSum,
  ]);
}

describe('batched all-pairs kernels equal one Brandes pass per source', () => {
  describe.each(SHAPES)('%s', (shape) => {
    it.each([false, true])('directed %s, 40 small graphs and 2 larger ones', (directed) => {
      for (let k = 0; k < 42; k++) {
        const seed = 1000 * SHAPES.indexOf(shape) + (directed ? 500 : 0) + k;
        const data = randomNetwork(seed, shape, directed, k < 40 ? 70 : 600);
        const want = scalar(data);
        compare(allPairs(pathGraph(buildCsr(data), {})), want, seed);
        // Betweenness alone (stability samples, comparisons): the same betweenness.
        const alone = allPairs(pathGraph(buildCsr(data), {}), undefined, { closeness: false }).betweenness;
        const bad = [...alone].flatMap((b, v) =>
          Math.abs(b - want.betweenness[v]!) > 1e-12 * Math.max(1, want.betweenness[v]!) ? [v] : [],
        );
        expect(bad, `seed ${seed} betweenness alone`).toEqual([]);
      }
    });
  });
});
