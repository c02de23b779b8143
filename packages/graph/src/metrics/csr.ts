// Compressed sparse rows in typed arrays: the form every kernel reads. Parallel edges are merged
// (weights summed), self-loops dropped and counted. The path arrays can live in a SharedArrayBuffer so
// worker threads read the same memory instead of a copy.
import type { TNetworkData } from '../model';
import type { TMetricsOptions } from './types';

export interface TAdjacency {
  /** Row starts, length n + 1. */
  start: Int32Array;
  adj: Int32Array;
  weight: Float64Array;
}

export interface TCsr {
  n: number;
  directed: boolean;
  /** Distinct ties (directed: ordered pairs). */
  edges: number;
  selfLoops: number;
  /** Out-neighbours (undirected: all neighbours). */
  out: TAdjacency;
  /** In-neighbours; the same object as `out` when undirected. */
  in: TAdjacency;
  /** Ties regardless of direction, weights of both directions summed; `out` itself when undirected. */
  und: TAdjacency;
}

export type TAllocate = (bytes: number) => ArrayBufferLike;
export const plainAllocate: TAllocate = (bytes) => new ArrayBuffer(bytes);

function adjacency(n: number, from: Int32Array, to: Int32Array, w: Float64Array, count: number, alloc: TAllocate) {
  const start = new Int32Array(alloc(4 * (n + 1)));
  // Visiting edges in target order (a counting sort) leaves every row sorted, which merges and
  // triangle counts rely on.
  const byTarget = new Int32Array(n + 1);
  for (let e = 0; e < count; e++) {
    start[from[e]! + 1]!++;
    byTarget[to[e]! + 1]!++;
  }
  for (let i = 0; i < n; i++) {
    start[i + 1]! += start[i]!;
    byTarget[i + 1]! += byTarget[i]!;
  }
  const order = new Int32Array(count);
  for (let e = 0; e < count; e++) order[byTarget[to[e]!]!++] = e;
  const fill = start.slice(0, n);
  const adj = new Int32Array(alloc(4 * count));
  const weight = new Float64Array(alloc(8 * count));
  for (let k = 0; k < count; k++) {
    const e = order[k]!;
    const at = fill[from[e]!]!++;
    adj[at] = to[e]!;
    weight[at] = w[e]!;
  }
  return { start, adj, weight };
}

/** Merges (i, j) pairs into distinct ties (summing weights if `sum`); `symmetric` lists each tie in both rows. */
function merge(n: number, pairs: Array<[number, number, number]>, symmetric: boolean, sum: boolean, alloc: TAllocate) {
  const index = new Map<number, number>();
  const from: number[] = [];
  const to: number[] = [];
  const w: number[] = [];
  for (const [s, t, weight] of pairs) {
    const key = s * n + t;
    const at = index.get(key);
    if (at === undefined) {
      index.set(key, from.length);
      from.push(s);
      to.push(t);
      w.push(weight);
    } else if (sum) w[at]! += weight;
  }
  const ties = from.length;
  const count = symmetric ? 2 * ties : ties;
  const f = new Int32Array(count);
  const t = new Int32Array(count);
  const ww = new Float64Array(count);
  for (let e = 0; e < ties; e++) {
    f[e] = from[e]!;
    t[e] = to[e]!;
    ww[e] = w[e]!;
    if (symmetric) {
      f[ties + e] = to[e]!;
      t[ties + e] = from[e]!;
      ww[ties + e] = w[e]!;
    }
  }
  return {
    ties,
    out: adjacency(n, f, t, ww, count, alloc),
    rev: symmetric ? null : adjacency(n, t, f, ww, count, alloc),
  };
}

export function buildCsr(data: TNetworkData, options: TMetricsOptions = {}, alloc: TAllocate = plainAllocate): TCsr {
  const n = data.nodes.length;
  const layers = options.layers ? new Set(options.layers) : null;
  const pairs: Array<[number, number, number]> = [];
  const undPairs: Array<[number, number, number]> = [];
  let selfLoops = 0;
  for (const e of data.edges) {
    if (layers && !layers.has(e.layer)) continue;
    if (e.source === e.target) {
      selfLoops++;
      continue;
    }
    const w = options.weighted ? e.weight : 1;
    const lo = Math.min(e.source, e.target);
    const hi = Math.max(e.source, e.target);
    pairs.push(data.directed ? [e.source, e.target, w] : [lo, hi, w]);
    if (data.directed) undPairs.push([lo, hi, w]);
  }
  const weighted = options.weighted === true;
  const main = merge(n, pairs, !data.directed, weighted, alloc);
  if (!data.directed)
    return { n, directed: false, edges: main.ties, selfLoops, out: main.out, in: main.out, und: main.out };
  const und = merge(n, undPairs, true, weighted, plainAllocate);
  return { n, directed: true, edges: main.ties, selfLoops, out: main.out, in: main.rev!, und: und.out };
}
