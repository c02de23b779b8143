// Closeness, harmonic closeness, diameter and mean path length of unweighted graphs by a bit-parallel
// multi-source BFS (MS-BFS: Then et al., VLDB 2014). A batch runs WORDS x 32 sources at once: each node
// holds WORDS words of "seen" and "frontier" bits, one bit per source, so one scan of a node's arcs
// advances every source of the batch. Distances are counted per target (the incoming distances that
// closeness reads when directed; in undirected graphs they equal the outgoing ones), straight from the
// new bits of each level: d x popcount. A level is searched top-down (pushing from the frontier) while
// the frontier's arcs are fewer than those of the nodes still missing bits, bottom-up otherwise.
import type { TPathGraph, TPathTotals } from './paths';

/** 32-bit words per node: 8 words, 256 sources a batch. */
export const CLOSENESS_WORDS = 8;
export const CLOSENESS_BATCH = 32 * CLOSENESS_WORDS;

export interface TClosenessWorkspace {
  seen: Int32Array;
  /** Two frontier buffers (this level, next level), WORDS words a node, zero outside their lists. */
  front: Int32Array;
  next: Int32Array;
  frontList: Int32Array;
  nextList: Int32Array;
  /** Nodes still missing bits (bottom-up), built at the first bottom-up level. */
  active: Int32Array;
  /** The level at which a node joined `nextList` (top-down), so it is listed once. */
  stamp: Int32Array;
  clock: number;
}

export function createClosenessWorkspace(n: number): TClosenessWorkspace {
  const W = CLOSENESS_WORDS;
  return {
    seen: new Int32Array(n * W),
    front: new Int32Array(n * W),
    next: new Int32Array(n * W),
    frontList: new Int32Array(n),
    nextList: new Int32Array(n),
    active: new Int32Array(n),
    stamp: new Int32Array(n),
    clock: 0,
  };
}

export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Runs sources[from..to) (at most CLOSENESS_BATCH, distinct) and adds their distances to `totals`. */
export function addClosenessBatch(
  g: TPathGraph,
  ws: TClosenessWorkspace,
  totals: TPathTotals,
  sources: Int32Array,
  from: number,
  to: number,
) {
  const W = CLOSENESS_WORDS;
  const { n, outStart, outAdj, inStart, inAdj } = g;
  const { seen, active, stamp } = ws;
  let { front, next, frontList, nextList } = ws;
  const { distanceSum, reached, harmonic } = totals;
  const count = to - from;
  // Lanes past the batch's sources count as seen everywhere, so a node is done once every word is full.
  for (let k = 0; k < W; k++) {
    const lanes = Math.max(0, Math.min(32, count - 32 * k));
    const unused = lanes === 32 ? 0 : ~((1 << lanes) - 1);
    for (let v = 0; v < n; v++) seen[v * W + k] = unused;
  }
  let frontCount = 0;
  let frontArcs = 0;
  for (let j = 0; j < count; j++) {
    const s = sources[from + j]!;
    const at = s * W + (j >>> 5);
    seen[at]! |= 1 << (j & 31);
    front[at]! |= 1 << (j & 31);
    if (stamp[s] !== ws.clock + 1) {
      stamp[s] = ws.clock + 1;
      frontList[frontCount++] = s;
      frontArcs += outStart[s + 1]! - outStart[s]!;
    }
  }
  ws.clock++;
  const arcs = inStart[n]!;
  let activeCount = -1;
  let activeArcs = arcs;
  let lengths = 0;
  let pairs = 0;
  let depth = 0;
  for (let d = 1; frontCount > 0; d++) {
    let nextCount = 0;
    let nextArcs = 0;
    let found = 0;
    const clock = ++ws.clock;
    if (frontArcs * 2 < activeArcs) {
      // Top-down: push each frontier node's bits to its out-neighbours that lack them.
      for (let f = 0; f < frontCount; f++) {
        const u = frontList[f]!;
        const ub = u * W;
        for (let e = outStart[u]!, stop = outStart[u + 1]!; e < stop; e++) {
          const v = outAdj[e]!;
          const vb = v * W;
          let any = 0;
          for (let k = 0; k < W; k++) {
            const bits = front[ub + k]! & ~seen[vb + k]!;
            next[vb + k]! |= bits;
            any |= bits;
          }
          if (any !== 0 && stamp[v] !== clock) {
            stamp[v] = clock;
            nextList[nextCount++] = v;
          }
        }
      }
      for (let f = 0; f < nextCount; f++) {
        const v = nextList[f]!;
        const vb = v * W;
        let c = 0;
        for (let k = 0; k < W; k++) {
          const bits = next[vb + k]!;
          seen[vb + k]! |= bits;
          c += popcount(bits);
        }
        distanceSum[v]! += d * c;
        reached[v]! += c;
        harmonic[v]! += c / d;
        found += c;
        nextArcs += outStart[v + 1]! - outStart[v]!;
      }
    } else {
      // Bottom-up: each node still missing bits ORs its in-neighbours' frontier words.
      if (activeCount < 0) {
        activeCount = 0;
        for (let v = 0; v < n; v++) if (inStart[v + 1]! > inStart[v]!) active[activeCount++] = v;
      }
      let keep = 0;
      activeArcs = 0;
      for (let a = 0; a < activeCount; a++) {
        const v = active[a]!;
        const vb = v * W;
        const lo = inStart[v]!;
        const hi = inStart[v + 1]!;
        for (let e = lo; e < hi; e++) {
          const ub = inAdj[e]! * W;
          for (let k = 0; k < W; k++) next[vb + k]! |= front[ub + k]!;
        }
        let c = 0;
        let full = -1;
        for (let k = 0; k < W; k++) {
          const bits = next[vb + k]! & ~seen[vb + k]!;
          next[vb + k] = bits;
          const s = seen[vb + k]! | bits;
          seen[vb + k] = s;
          full &= s;
          c += popcount(bits);
        }
        if (c > 0) {
          distanceSum[v]! += d * c;
          reached[v]! += c;
          harmonic[v]! += c / d;
          found += c;
          nextList[nextCount++] = v;
          nextArcs += outStart[v + 1]! - outStart[v]!;
        }
        if (full !== -1) {
          active[keep++] = v;
          activeArcs += hi - lo;
        }
      }
      activeCount = keep;
    }
    // Clear this level's frontier words; the next level's become the frontier.
    for (let f = 0; f < frontCount; f++) {
      const ub = frontList[f]! * W;
      for (let k = 0; k < W; k++) front[ub + k] = 0;
    }
    [front, next] = [next, front];
    [frontList, nextList] = [nextList, frontList];
    frontCount = nextCount;
    frontArcs = nextArcs;
    if (found > 0) {
      depth = d;
      lengths += d * found;
      pairs += found;
    }
  }
  ws.front = front;
  ws.next = next;
  ws.frontList = frontList;
  ws.nextList = nextList;
  totals.diameter = Math.max(totals.diameter, depth);
  totals.pathLengthSum += lengths;
  totals.pairs += pairs;
}
