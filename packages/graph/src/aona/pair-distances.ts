// Steps between many pairs of people of one undirected graph (informal distance, issue 36), without a
// search per pair or per source. Reporting lines are nearly a forest: a breadth-first search per
// component gives a spanning tree, and the path between two people in that tree is found by their
// lowest common ancestor (binary lifting), O((n + m) log n) in all. A tie the tree leaves out (a second
// manager, a cycle, a peer tie) is a shortcut: every path that uses one passes through one of its ends,
// its "hub". So for a, b in one component
//   d(a, b) = min(tree steps(a, b), min over hubs h of d(h, a) + d(h, b))
// (d(h, a) + d(h, b) >= d(a, b) always, and a shortest path off the tree meets some hub), exact with
// one search per hub. A component with more hubs than people who start a pair is searched per starting
// person instead, as before: the cheaper of the two, both exact.
import type { TSimpleGraph } from './simple-graph';

interface TForest {
  /** Component of each person. */
  comp: Int32Array;
  depth: Int32Array;
  /** Parent in the search tree (a root is its own parent). */
  parent: Int32Array;
  /** People in search order, components one after another: component c is order[compStart[c]..compStart[c+1]). */
  order: Int32Array;
  compStart: number[];
}

function searchForest(g: TSimpleGraph): TForest {
  const n = g.names.length;
  const comp = new Int32Array(n).fill(-1);
  const depth = new Int32Array(n);
  const parent = new Int32Array(n);
  const order = new Int32Array(n);
  const compStart: number[] = [];
  let tail = 0;
  for (let root = 0; root < n; root++) {
    if (comp[root]! >= 0) continue;
    const c = compStart.length;
    compStart.push(tail);
    let head = tail;
    comp[root] = c;
    parent[root] = root;
    order[tail++] = root;
    while (head < tail) {
      const u = order[head++]!;
      for (const v of g.neighbours[u]!) {
        if (comp[v]! < 0) {
          comp[v] = c;
          depth[v] = depth[u]! + 1;
          parent[v] = u;
          order[tail++] = v;
        }
      }
    }
  }
  compStart.push(n);
  return { comp, depth, parent, order, compStart };
}

/** Ancestor tables: up[k * n + v] is v's 2^k-th ancestor (a root's is itself). */
function lifting(f: TForest): { up: Int32Array; levels: number } {
  const n = f.parent.length;
  let maxDepth = 0;
  for (const d of f.depth) if (d > maxDepth) maxDepth = d;
  const levels = Math.max(1, Math.ceil(Math.log2(maxDepth + 1)));
  const up = new Int32Array(levels * n);
  up.set(f.parent);
  for (let k = 1; k < levels; k++) {
    const from = (k - 1) * n;
    for (let v = 0; v < n; v++) up[k * n + v] = up[from + up[from + v]!]!;
  }
  return { up, levels };
}

function treeSteps(f: TForest, up: Int32Array, levels: number, a: number, b: number): number {
  const n = f.parent.length;
  const { depth } = f;
  let x = depth[a]! >= depth[b]! ? a : b;
  let y = x === a ? b : a;
  let rise = depth[x]! - depth[y]!;
  for (let k = 0; rise > 0; k++, rise >>= 1) if (rise & 1) x = up[k * n + x]!;
  if (x !== y) {
    for (let k = levels - 1; k >= 0; k--) {
      const ux = up[k * n + x]!;
      const uy = up[k * n + y]!;
      if (ux !== uy) {
        x = ux;
        y = uy;
      }
    }
    x = up[x]!;
  }
  return depth[a]! + depth[b]! - 2 * depth[x]!;
}

/** One search's scratch space, reset only where it went (many small components stay cheap). */
class Searcher {
  readonly dist: Int32Array;
  private readonly queue: Int32Array;
  private reached = 0;

  constructor(private readonly g: TSimpleGraph) {
    this.dist = new Int32Array(g.names.length).fill(-1);
    this.queue = new Int32Array(g.names.length);
  }

  from(source: number): Int32Array {
    for (let i = 0; i < this.reached; i++) this.dist[this.queue[i]!] = -1;
    const { dist, queue } = this;
    let head = 0;
    let tail = 0;
    dist[source] = 0;
    queue[tail++] = source;
    while (head < tail) {
      const u = queue[head++]!;
      for (const v of this.g.neighbours[u]!) {
        if (dist[v]! < 0) {
          dist[v] = dist[u]! + 1;
          queue[tail++] = v;
        }
      }
    }
    this.reached = tail;
    return dist;
  }
}

/**
 * Steps between each pair (pairs[2i], pairs[2i + 1]) of people of g, -1 when no path joins them.
 * Equal to a breadth-first search from one end of each pair.
 */
export function pairDistances(g: TSimpleGraph, pairs: Int32Array): Int32Array {
  const n = g.names.length;
  const count = pairs.length >> 1;
  const out = new Int32Array(count).fill(-1);
  const f = searchForest(g);
  const { up, levels } = lifting(f);
  // Pairs by their first person (counting sort), so a component's pairs are its people's.
  const pairStart = new Int32Array(n + 1);
  for (let i = 0; i < count; i++) pairStart[pairs[2 * i]! + 1]!++;
  for (let v = 0; v < n; v++) pairStart[v + 1]! += pairStart[v]!;
  const pairOf = new Int32Array(count);
  const fill = pairStart.slice(0, n);
  for (let i = 0; i < count; i++) pairOf[fill[pairs[2 * i]!]!++] = i;
  // Hubs: both ends of every tie the search trees left out.
  const hubs: number[][] = f.compStart.slice(1).map(() => []);
  const isHub = new Uint8Array(n);
  for (let u = 0; u < n; u++) {
    for (const v of g.neighbours[u]!) {
      if (u < v && f.parent[v] !== u && f.parent[u] !== v) {
        for (const h of [u, v]) {
          if (!isHub[h]) {
            isHub[h] = 1;
            hubs[f.comp[h]!]!.push(h);
          }
        }
      }
    }
  }
  const searcher = new Searcher(g);
  for (let c = 0; c + 1 < f.compStart.length; c++) {
    const members = f.order.subarray(f.compStart[c]!, f.compStart[c + 1]!);
    let size = 0; // people + tie ends: the cost of one search
    let here = 0;
    let sources = 0;
    for (const v of members) {
      size += 1 + g.neighbours[v]!.length;
      const k = pairStart[v + 1]! - pairStart[v]!;
      here += k;
      if (k > 0) sources++;
    }
    if (here === 0) continue;
    const h = hubs[c]!;
    const each = (fn: (i: number, v: number) => void) => {
      for (const v of members) for (let j = pairStart[v]!; j < pairStart[v + 1]!; j++) fn(pairOf[j]!, v);
    };
    if (h.length * (size + here) <= sources * size) {
      each((i) => {
        const b = pairs[2 * i + 1]!;
        out[i] = f.comp[b] === c ? treeSteps(f, up, levels, pairs[2 * i]!, b) : -1;
      });
      for (const hub of h) {
        const dist = searcher.from(hub);
        each((i, a) => {
          if (out[i]! < 0) return;
          const via = dist[a]! + dist[pairs[2 * i + 1]!]!;
          if (via < out[i]!) out[i] = via;
        });
      }
    } else {
      for (const v of members) {
        if (pairStart[v + 1] === pairStart[v]) continue;
        const dist = searcher.from(v);
        for (let j = pairStart[v]!; j < pairStart[v + 1]!; j++) {
          const i = pairOf[j]!;
          out[i] = dist[pairs[2 * i + 1]!]!;
        }
      }
    }
  }
  return out;
}
