// Exact degree-1 reduction for betweenness on undirected graphs (Baglioni et al. 2012; Sariyuce et
// al., SDM 2013): leaves are folded into their neighbour until none is left, so trees hanging off the
// graph vanish and the all-pairs pass runs on the core. Every shortest path between two core nodes
// stays in the core (a path into a hanging tree must come back through the node it hangs from), so:
// - a core node's reach is itself plus the nodes folded into it; the batched Brandes pass weighs its
//   sources and targets by reach (brandes-batch.ts);
// - a node's betweenness from pairs with an end in its own folded trees is counted here, in closed
//   form: when v is removed, the graph falls apart into its folded subtrees (sizes r1..rk) and the
//   rest of its component (size N - reach(v)); every path between two different parts crosses v, and
//   no shortest path inside one part does. Ordered pairs: 2 (sum over i < j of ri rj) + 2 (reach(v) - 1)
//   (N - reach(v)).
import type { TAllocate } from './csr';
import type { TPathGraph } from './paths';

export interface TLeafReduction {
  /** The nodes left, renumbered in their original order; undirected, unweighted. */
  core: TPathGraph;
  /** Core index -> node. */
  nodes: Int32Array;
  /** Per core node: itself plus the nodes folded into it. */
  reach: Float64Array;
  /** Per node: raw betweenness (ordered pairs) from pairs with an end in the trees folded into it. */
  betweenness: Float64Array;
}

/** Component sizes, per node. */
function componentSizes(g: TPathGraph): Float64Array {
  const { n, outStart, outAdj } = g;
  const label = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  const sizes: number[] = [];
  for (let s = 0; s < n; s++) {
    if (label[s]! >= 0) continue;
    const c = sizes.length;
    label[s] = c;
    queue[0] = s;
    let tail = 1;
    for (let head = 0; head < tail; head++) {
      const u = queue[head]!;
      for (let e = outStart[u]!; e < outStart[u + 1]!; e++) {
        const v = outAdj[e]!;
        if (label[v]! < 0) {
          label[v] = c;
          queue[tail++] = v;
        }
      }
    }
    sizes.push(tail);
  }
  return Float64Array.from(label, (c) => sizes[c]!);
}

/**
 * Folds the leaves of an undirected unweighted graph; null when the graph is directed or weighted, or
 * when more than `maxCore` nodes are left.
 */
export function peelLeaves(g: TPathGraph, alloc: TAllocate, maxCore = g.n - 1): TLeafReduction | null {
  const { n, outStart, outAdj } = g;
  if (g.directed || g.length) return null;
  const degree = new Int32Array(n);
  const stack = new Int32Array(n);
  let top = 0;
  for (let v = 0; v < n; v++) {
    degree[v] = outStart[v + 1]! - outStart[v]!;
    if (degree[v] === 1) stack[top++] = v;
  }
  if (top === 0) return null;
  const removed = new Uint8Array(n);
  const reach = new Float64Array(n).fill(1);
  // Per node: sum over i < j of ri rj, the pairs between the subtrees folded into it.
  const across = new Float64Array(n);
  let left = n;
  while (top > 0) {
    const u = stack[--top]!;
    if (degree[u] !== 1) continue;
    let p = -1;
    for (let e = outStart[u]!; e < outStart[u + 1]!; e++) {
      if (removed[outAdj[e]!] === 0) {
        p = outAdj[e]!;
        break;
      }
    }
    removed[u] = 1;
    degree[u] = 0;
    left--;
    across[p]! += reach[u]! * (reach[p]! - 1);
    reach[p]! += reach[u]!;
    if (--degree[p]! === 1) stack[top++] = p;
  }
  if (left > maxCore) return null;
  const size = componentSizes(g);
  const betweenness = new Float64Array(n);
  for (let v = 0; v < n; v++) betweenness[v] = 2 * across[v]! + 2 * (reach[v]! - 1) * (size[v]! - reach[v]!);
  const index = new Int32Array(n).fill(-1);
  const nodes = new Int32Array(alloc(4 * left));
  const coreReach = new Float64Array(alloc(8 * left));
  let k = 0;
  for (let v = 0; v < n; v++) {
    if (removed[v] === 1) continue;
    index[v] = k;
    nodes[k] = v;
    coreReach[k++] = reach[v]!;
  }
  const start = new Int32Array(alloc(4 * (left + 1)));
  for (let c = 0; c < left; c++) start[c + 1] = start[c]! + degree[nodes[c]!]!;
  const adj = new Int32Array(alloc(4 * start[left]!));
  for (let c = 0, at = 0; c < left; c++) {
    const v = nodes[c]!;
    for (let e = outStart[v]!; e < outStart[v + 1]!; e++) {
      const w = index[outAdj[e]!]!;
      if (w >= 0) adj[at++] = w;
    }
  }
  const core: TPathGraph = {
    n: left,
    directed: false,
    outStart: start,
    outAdj: adj,
    inStart: start,
    inAdj: adj,
    length: null,
  };
  return { core, nodes, reach: coreReach, betweenness };
}
