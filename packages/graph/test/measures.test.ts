// A series' per-snapshot measures (networkMeasures) are the explorer's dashboard values (computeMetrics'
// network), plus meanDegree = 2 x ties / people and reciprocity null when undirected.
import { describe, expect, it } from 'vitest';
import { computeMetrics, networkMeasures } from '../src';
import type { TNetworkData } from '../src/model';

function network(directed: boolean, ties: Array<[number, number, number?]>, n = 6): TNetworkData {
  return {
    directed,
    layers: ['a', 'b'],
    nodeAttributes: [],
    edgeAttributes: [],
    nodes: Array.from({ length: n }, (_, i) => ({ name: `p${i}`, attributes: {} })),
    edges: ties.map(([source, target, layer]) => ({ source, target, layer: layer ?? 0, weight: 3, attributes: {} })),
  };
}

// A triangle 0-1-2, a tail 2-3, a pair 4-5; 0->1 twice (two layers), 1->0 back, a self-tie on 3.
const TIES: Array<[number, number, number?]> = [
  [0, 1],
  [0, 1, 1],
  [1, 0],
  [1, 2],
  [2, 0],
  [2, 3],
  [3, 3],
  [4, 5],
];

describe('networkMeasures', () => {
  it('directed: merged simple graph, hand-worked values, equal to the dashboard', () => {
    const data = network(true, TIES);
    const m = networkMeasures(data);
    // Ordered ties: 0>1, 1>0, 1>2, 2>0, 2>3, 4>5 = 6; 6 people.
    expect(m).toMatchObject({ people: 6, ties: 6, meanDegree: 2, density: 6 / 30 });
    expect(m.reciprocity).toBeCloseTo(2 / 6, 12);
    // Undirected: triangle + 2-3 + 4-5: triangles 1, connected triples 1+1+3 = 5 -> 3/5.
    expect(m.transitivity).toBeCloseTo(3 / 5, 12);
    const dashboard = computeMetrics(data).network;
    expect(m.density).toBe(dashboard.density);
    expect(m.reciprocity).toBe(dashboard.reciprocity);
    expect(m.transitivity).toBe(dashboard.transitivity);
    expect(m.modularity).toBe(dashboard.modularity);
  });

  it('undirected: reciprocity null; empty network all zero', () => {
    const m = networkMeasures(network(false, TIES));
    expect(m).toMatchObject({ people: 6, ties: 5, meanDegree: 10 / 6, density: 10 / 30, reciprocity: null });
    expect(m.modularity).toBe(computeMetrics(network(false, TIES)).network.modularity);
    expect(networkMeasures(network(false, [], 0))).toEqual({
      people: 0,
      ties: 0,
      density: 0,
      meanDegree: 0,
      reciprocity: null,
      transitivity: 0,
      modularity: 0,
    });
  });
});
