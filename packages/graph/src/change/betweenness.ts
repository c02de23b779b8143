// Normalized betweenness of a snapshot, as docs/network-metrics.md defines it (networkx's
// normalization), from the metrics' own exported kernel, and the top brokers it ranks.
import { round12 } from '../aona/fold';
import { buildCsr, pathGraph } from '../metrics';
import { allPairs } from '../metrics/all-pairs';
import type { TNetworkData, TNetworkEdge } from '../model';
import { forEachTie, type TTies } from './snapshot';

/** The snapshot's ties as a network document the metrics kernel reads (names and attributes unused). */
export function tiesDocument(s: TTies): TNetworkData {
  const edges: TNetworkEdge[] = [];
  const attributes = {};
  forEachTie(s, (source, target) => edges.push({ source, target, layer: 0, weight: 1, attributes }));
  const node = { name: '', attributes };
  return {
    directed: s.directed,
    layers: ['ties'],
    nodeAttributes: [],
    edgeAttributes: [],
    nodes: new Array(s.n).fill(node),
    edges,
  };
}

/**
 * Each person's normalized betweenness: the Brandes sums over ordered sources divided by (n - 1)(n - 2)
 * (undirected: 2b / ((n - 1)(n - 2)) with b counting each pair once; directed: b / ((n - 1)(n - 2))),
 * 0 when n <= 2. Rounded to 12 decimals, as every score compared or ranked here.
 */
export function normalizedBetweenness(s: TTies): Float64Array {
  const csr = buildCsr(tiesDocument(s));
  // The metrics' batched Brandes (leaves folded where there are enough), without the closeness searches.
  return normalized(allPairs(pathGraph(csr, {}), undefined, { closeness: false }).betweenness);
}

/** Brandes sums over ordered sources, normalized by (n - 1)(n - 2) and rounded (0 when n <= 2). */
export function normalized(raw: Float64Array): Float64Array {
  const n = raw.length;
  const scale = n > 2 ? 1 / ((n - 1) * (n - 2)) : 0;
  return raw.map((b) => round12(b * scale));
}

/**
 * Top brokers: betweenness > 0 and among the first ceil(n / 10) people by betweenness, descending, then
 * by `order` (each person's place in folded-name order). `values` are rounded already.
 */
export function topBrokers(values: Float64Array, order: Int32Array): Uint8Array {
  const n = values.length;
  const top = new Uint8Array(n);
  const k = Math.ceil(n / 10);
  const ranked = Int32Array.from({ length: n }, (_, p) => p).sort(
    (a, b) => values[b]! - values[a]! || order[a]! - order[b]!,
  );
  for (let i = 0; i < k && i < n; i++) {
    const p = ranked[i]!;
    if (values[p]! > 0) top[p] = 1;
  }
  return top;
}
