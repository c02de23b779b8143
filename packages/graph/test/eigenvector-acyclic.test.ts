// Eigenvector centrality where A has no positive eigenvalue: a directed graph without cycles (self-loops
// are dropped first, as everywhere in the metrics). igraph answers all zeros with a warning ("graph is
// directed and acyclic; eigenvector centralities will be zeros"); power iteration on A + I used to end
// on one person with 1 and the rest near 0, an artefact of the shift. Checked against igraph 0.10.2.
import { describe, expect, it } from 'vitest';
import { eigenvector, hits } from '../src/metrics/centrality';
import { buildCsr } from '../src/metrics/csr';
import type { TNetworkData } from '../src/model';

function graph(directed: boolean, n: number, ties: [number, number][]): TNetworkData {
  return {
    directed,
    nodes: Array.from({ length: n }, (_, i) => ({ name: `n${i}`, attributes: {} })),
    edges: ties.map(([source, target]) => ({ source, target, layer: 0, weight: 1, attributes: {} })),
    layers: ['ties'],
    nodeAttributes: [],
    edgeAttributes: [],
  };
}

describe('eigenvector on acyclic directed graphs', () => {
  it('is 0 for everyone, as igraph answers', () => {
    // igraph: Graph(4, [(0,1),(1,2),(0,2),(2,3)], directed=True).eigenvector_centrality() == [0, 0, 0, 0]
    const dag = graph(true, 4, [
      [0, 1],
      [1, 2],
      [0, 2],
      [2, 3],
    ]);
    expect([...eigenvector(buildCsr(dag))]).toEqual([0, 0, 0, 0]);
  });

  it('a self-loop does not make a cycle (self-loops are dropped)', () => {
    const dag = graph(true, 3, [
      [0, 1],
      [1, 1],
      [1, 2],
    ]);
    expect([...eigenvector(buildCsr(dag))]).toEqual([0, 0, 0]);
  });

  it('one cycle anywhere gives the usual answer, and undirected graphs are unchanged', () => {
    const cyclic = graph(true, 4, [
      [0, 1],
      [1, 0],
      [1, 2],
      [2, 3],
    ]);
    const got = [...eigenvector(buildCsr(cyclic))];
    expect(Math.max(...got)).toBe(1);
    const path = graph(false, 3, [
      [0, 1],
      [1, 2],
    ]);
    expect([...eigenvector(buildCsr(path))].map((v) => +v.toFixed(6))).toEqual([
      +Math.SQRT1_2.toFixed(6),
      1,
      +Math.SQRT1_2.toFixed(6),
    ]);
  });

  it('HITS on the same graph gives igraph its scores (one of several solutions there)', () => {
    // igraph 0.10.2: hub_score [1, 0.618, 0, 0], authority_score [0, 0.618, 1, 0].
    const dag = graph(true, 4, [
      [0, 1],
      [1, 2],
      [0, 2],
      [2, 3],
    ]);
    const { hub, authority } = hits(buildCsr(dag));
    expect([...hub].map((v) => +v.toFixed(6))).toEqual([1, 0.618034, 0, 0]);
    expect([...authority].map((v) => +v.toFixed(6))).toEqual([0, 0.618034, 1, 0]);
  });
});
