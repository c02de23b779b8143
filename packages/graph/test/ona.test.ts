// ONA measures on a network small enough to check by hand (docs/network-metrics.md has the rules).
import { describe, expect, it } from 'vitest';
import { computeMetrics } from '../src';
import type { TNetworkData } from '../src/model';

function network(directed: boolean, people: Array<[string, string | null]>, ties: Array<[string, string]>) {
  const at = new Map(people.map(([name], i) => [name, i]));
  const data: TNetworkData = {
    directed,
    layers: ['works with'],
    nodeAttributes: [{ key: 'team', type: 'category' }],
    edgeAttributes: [],
    nodes: people.map(([name, team]) => ({ name, attributes: { team } })),
    edges: ties.map(([s, t]) => ({ source: at.get(s)!, target: at.get(t)!, layer: 0, weight: 1, attributes: {} })),
  };
  return data;
}

const people: Array<[string, string | null]> = [
  ['a1', 'A'],
  ['a2', 'A'],
  ['a3', 'A'],
  ['b1', 'B'],
  ['b2', 'B'],
  ['c0', 'C'],
  ['c1', 'C'],
  ['c2', 'C'],
  ['c3', 'C'],
  ['c4', 'C'],
  ['u', null],
];
const ties: Array<[string, string]> = [
  ['a1', 'a2'],
  ['a2', 'a3'],
  ['a1', 'a3'],
  ['a3', 'b1'],
  ['b1', 'b2'],
  ['a1', 'u'],
  ['c0', 'c1'],
  ['c0', 'c2'],
  ['c0', 'c3'],
  ['c0', 'c4'],
  ['c1', 'c2'],
];

describe('ONA', () => {
  it('counts ties between groups, E-I indexes and roles (undirected)', () => {
    const { ona } = computeMetrics(network(false, people, ties), { groupAttribute: 'team' });
    expect(ona!.groups.map((g) => g.name)).toEqual(['A', 'B', 'C']);
    expect(ona!.ties).toEqual([
      [3, 1, 0],
      [1, 1, 0],
      [0, 0, 5],
    ]);
    expect(ona!.groups.map((g) => [g.size, g.internal, g.external, g.eiIndex])).toEqual([
      [3, 3, 1, -0.5],
      [2, 1, 1, 0],
      [5, 5, 0, -1],
    ]);
    // One tie crosses groups, nine stay inside (the tie to the person without a team is left out).
    expect(ona!.eiIndex).toBeCloseTo((1 - 9) / 10, 15);
    expect(ona!.groupOf).toEqual([0, 0, 0, 1, 1, 2, 2, 2, 2, 2, -1]);
    // a3 and b1 sit between two unconnected contacts of different teams; c0 has far more ties inside
    // its team than its teammates (4 > mean 2 + sd 1.095); b2, c3 and c4 have a single tie.
    expect(Object.fromEntries(people.map(([name], i) => [name, ona!.roles[i]]))).toEqual({
      a1: 'none',
      a2: 'none',
      a3: 'broker',
      b1: 'broker',
      b2: 'peripheral',
      c0: 'connector',
      c1: 'none',
      c2: 'none',
      c3: 'peripheral',
      c4: 'peripheral',
      u: 'none',
    });
  });

  it('keeps the direction of ties in the group matrix (directed)', () => {
    const { ona } = computeMetrics(network(true, people, [...ties, ['b2', 'a2'], ['a2', 'b2']]), {
      groupAttribute: 'team',
    });
    expect(ona!.ties[0]).toEqual([3, 2, 0]);
    expect(ona!.ties[1]).toEqual([1, 1, 0]);
    expect(ona!.groups[1]!.external).toBe(3);
    expect(ona!.roles[4]).toBe('broker');
  });

  it('is absent without a group attribute', () => {
    expect(computeMetrics(network(false, people, ties)).ona).toBeNull();
  });
});

describe('computeMetrics', () => {
  it('reports progress up to 1 and handles an empty network', () => {
    const progress: number[] = [];
    const result = computeMetrics(network(false, people, ties), {}, { onProgress: (f) => progress.push(f) });
    expect(progress.at(-1)).toBe(1);
    expect(result.network.components).toBe(2);
    const empty = computeMetrics(network(true, [], []));
    expect(empty.nodes).toEqual([]);
    expect(empty.network).toMatchObject({ nodes: 0, edges: 0, density: 0, diameter: 0, components: 0 });
  });

  it('gives the same communities for the same seed', () => {
    const data = network(false, people, ties);
    const a = computeMetrics(data, { seed: 7 }).nodes.map((n) => n.community);
    expect(computeMetrics(data, { seed: 7 }).nodes.map((n) => n.community)).toEqual(a);
  });
});
