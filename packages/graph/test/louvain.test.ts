// Louvain on typed arrays (src/metrics/louvain.ts): hand-checked small cases, a planted partition it must
// find, the seed's determinism, weights, and graphs without ties. Quality on the committed reference
// graphs (karate club, Les Misérables, ...) is checked against igraph's best in reference.test.ts.
import { describe, expect, it } from 'vitest';
import type { TNetworkData } from '../src';
import { modularity, seededRandom } from '../src/metrics/community';
import { buildCsr } from '../src/metrics/csr';
import { louvain } from '../src/metrics/louvain';

function network(n: number, ties: [number, number, number?][]): TNetworkData {
  return {
    directed: false,
    layers: ['Ties'],
    nodeAttributes: [],
    edgeAttributes: [],
    nodes: Array.from({ length: n }, (_, i) => ({ name: `P${i}`, attributes: {} })),
    edges: ties.map(([source, target, weight]) => ({ source, target, layer: 0, weight: weight ?? 1, attributes: {} })),
  };
}

const run = (data: TNetworkData, seed = 1) => {
  const csr = buildCsr(data, { weighted: true });
  const { community, count } = louvain(csr.und, csr.n, seededRandom(seed));
  expect(count).toBe(new Set(community).size);
  return { community: [...community], modularity: modularity(csr.und, csr.n, community) };
};

const clique = (from: number, size: number): [number, number][] =>
  Array.from({ length: size }, (_, i) =>
    Array.from({ length: i }, (_, j) => [from + j, from + i] as [number, number]),
  ).flat();

describe('louvain', () => {
  it('splits two five-cliques joined by one tie, numbering communities by first person', () => {
    const got = run(network(10, [...clique(0, 5), ...clique(5, 5), [4, 5]]));
    expect(got.community).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
    // By hand: 2m = 42; each half holds 10 of the 21 ties and has degree sum 21: 2 · (10/21 - (21/42)²).
    expect(got.modularity).toBeCloseTo(2 * (10 / 21 - 0.25), 12);
  });

  it('leaves people without ties alone, and answers a graph without ties', () => {
    expect(run(network(4, [])).community).toEqual([0, 1, 2, 3]);
    expect(run(network(5, [[0, 1]])).community).toEqual([0, 0, 1, 2, 3]);
  });

  it('follows the weights: a ring of four with two heavy opposite ties pairs their ends', () => {
    const got = run(
      network(4, [
        [0, 1, 10],
        [1, 2, 1],
        [2, 3, 10],
        [3, 0, 1],
      ]),
    );
    expect(got.community).toEqual([0, 0, 1, 1]);
  });

  it('finds a planted partition: 20 groups of 50, dense inside, sparse between', () => {
    const random = seededRandom(7);
    const ties: [number, number][] = [];
    for (let a = 0; a < 1000; a++) {
      for (let b = a + 1; b < 1000; b++) {
        const same = Math.floor(a / 50) === Math.floor(b / 50);
        if (random() < (same ? 0.3 : 0.002)) ties.push([a, b]);
      }
    }
    const got = run(network(1000, ties));
    // Each planted group is one community of its own.
    for (let g = 0; g < 20; g++) {
      const ids = new Set(got.community.slice(g * 50, g * 50 + 50));
      expect(ids.size, `group ${g}`).toBe(1);
    }
    expect(new Set(got.community).size).toBe(20);
  });

  it('gives the same answer for the same seed; another seed finds as good a partition', () => {
    const random = seededRandom(3);
    const ties: [number, number][] = [];
    for (let k = 0; k < 6000; k++) {
      const a = Math.floor(random() * 2000);
      const b =
        random() < 0.7 ? (Math.floor(a / 100) * 100 + Math.floor(random() * 100)) % 2000 : Math.floor(random() * 2000);
      if (a !== b) ties.push([a, b]);
    }
    const data = network(2000, ties);
    expect(run(data, 5)).toEqual(run(data, 5));
    expect(Math.abs(run(data, 5).modularity - run(data, 6).modularity)).toBeLessThan(0.02);
  });
});
