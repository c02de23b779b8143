// Exact betweenness of unweighted graphs by batched Brandes: 32 sources share one breadth-first search,
// one bit per source ("lane") in an Int32 word per node, as the bit-parallel BFS of bit-closeness.ts.
// The search lists, level by level, (node, lanes) entries: the lanes in which the node lies at that
// distance. Shortest-path counts (sigma) and dependencies (delta) stay per lane and exact, in
// Float64Arrays of 32 slots a node; only the arcs of the shortest-path DAG of a lane touch them, found
// by ANDing two words (a frontier node's lanes and the lanes new to its neighbour), so the frontier
// scan and the "is this the next level" test are shared by the batch.
//
// Sources may carry a weight and targets a reach (leaf-peel.ts): delta_s(v) = sum over DAG children w
// of sigma_v / sigma_w * (reach(w) + delta_s(w)), and v's betweenness gains weight(s) * delta_s(v).
import { popcount } from './bit-closeness';
import type { TPathGraph, TPathTotals } from './paths';

export const LANES = 32;

export interface TBrandesWorkspace {
  seen: Int32Array;
  /** The current level's lanes per node; zero elsewhere. */
  mask: Int32Array;
  /** Lanes a node gains at the next level (top-down). */
  gain: Int32Array;
  entryNode: Int32Array;
  entryMask: Int32Array;
  levelStart: Int32Array;
  /** The arcs of the shortest-path DAGs, level by level: from, to and the lanes they serve. */
  arcFrom: Int32Array;
  arcTo: Int32Array;
  arcLanes: Int32Array;
  arcStart: Int32Array;
  /** Nodes that may still gain lanes (bottom-up). */
  active: Int32Array;
  activeCount: number;
  activeArcs: number;
  /** 32 slots a node; zero between batches. */
  sigma: Float64Array;
  /** Dependencies, then (once a level is done) (reach + delta) / sigma; zero between batches. */
  delta: Float64Array;
  laneWeight: Float64Array;
}

export function createBrandesWorkspace(n: number): TBrandesWorkspace {
  return {
    seen: new Int32Array(n),
    mask: new Int32Array(n),
    gain: new Int32Array(n),
    entryNode: new Int32Array(Math.max(LANES, 4 * n)),
    entryMask: new Int32Array(Math.max(LANES, 4 * n)),
    levelStart: new Int32Array(n + 2),
    arcFrom: new Int32Array(1024),
    arcTo: new Int32Array(1024),
    arcLanes: new Int32Array(1024),
    arcStart: new Int32Array(n + 2),
    active: new Int32Array(n),
    activeCount: -1,
    activeArcs: 0,
    sigma: new Float64Array(n * LANES),
    delta: new Float64Array(n * LANES),
    laneWeight: new Float64Array(LANES),
  };
}

const grown = (a: Int32Array, need: number) => {
  if (need <= a.length) return a;
  const b = new Int32Array(Math.max(need, 2 * a.length));
  b.set(a);
  return b;
};

/** Room for `entries` more entries and `arcs` more DAG arcs. */
function reserve(ws: TBrandesWorkspace, entries: number, arcs: number) {
  ws.entryNode = grown(ws.entryNode, entries);
  ws.entryMask = grown(ws.entryMask, entries);
  ws.arcFrom = grown(ws.arcFrom, arcs);
  ws.arcTo = grown(ws.arcTo, arcs);
  ws.arcLanes = grown(ws.arcLanes, arcs);
}

/**
 * Runs sources[from..to) (at most 32, distinct) and adds each node's dependencies, summed over ordered
 * pairs as addSource does, to `betweenness`. `reach` (per node: itself and the leaves folded into it,
 * leaf-peel.ts) weighs both the targets and the sources; null means 1 everywhere. With `distances`,
 * the search also adds what addClosenessBatch would (closeness sums per target, diameter, path lengths).
 */
export function addBrandesBatch(
  g: TPathGraph,
  ws: TBrandesWorkspace,
  betweenness: Float64Array,
  sources: Int32Array,
  from: number,
  to: number,
  reach: Float64Array | null,
  distances: TPathTotals | null = null,
) {
  const depth = forward(g, ws, sources, from, to, reach, distances);
  backward(ws, betweenness, depth, reach);
  const { sigma } = ws;
  for (let j = 0; j < to - from; j++) sigma[sources[from + j]! * LANES + j] = 0;
}

/** The search: entries, sigma and DAG arcs, level by level. Answers the deepest level. */
function forward(
  g: TPathGraph,
  ws: TBrandesWorkspace,
  sources: Int32Array,
  from: number,
  to: number,
  reach: Float64Array | null,
  distances: TPathTotals | null,
): number {
  const { n, outStart, inStart } = g;
  const { seen, mask, levelStart, arcStart, sigma, laneWeight } = ws;
  const count = to - from;
  const full = count === 32 ? -1 : (1 << count) - 1;
  seen.fill(0);
  let frontArcs = 0;
  for (let j = 0; j < count; j++) {
    const s = sources[from + j]!;
    seen[s] = 1 << j;
    mask[s] = 1 << j;
    sigma[s * LANES + j] = 1;
    laneWeight[j] = reach ? reach[s]! : 1;
    ws.entryNode[j] = s;
    ws.entryMask[j] = 1 << j;
    frontArcs += outStart[s + 1]! - outStart[s]!;
  }
  levelStart[0] = 0;
  levelStart[1] = count;
  arcStart[0] = 0;
  arcStart[1] = 0;
  ws.activeCount = -1;
  ws.activeArcs = inStart[n]!;
  let depth = 0;
  for (;;) {
    const lo = levelStart[depth]!;
    const hi = levelStart[depth + 1]!;
    if (frontArcs * 2 < ws.activeArcs) {
      reserve(ws, hi + n, arcStart[depth + 1]! + frontArcs);
      topDown(g, ws, depth);
    } else {
      if (ws.activeCount < 0) {
        let a = 0;
        for (let v = 0; v < n; v++) if (inStart[v + 1]! > inStart[v]! && seen[v] !== full) ws.active[a++] = v;
        ws.activeCount = a;
      }
      reserve(ws, hi + ws.activeCount, arcStart[depth + 1]! + ws.activeArcs);
      bottomUp(g, ws, depth, full);
    }
    const end = levelStart[depth + 2]!;
    const { entryNode, entryMask } = ws;
    for (let k = lo; k < hi; k++) mask[entryNode[k]!] = 0;
    if (end === hi) break;
    frontArcs = 0;
    for (let k = hi; k < end; k++) {
      const v = entryNode[k]!;
      mask[v] = entryMask[k]!;
      frontArcs += outStart[v + 1]! - outStart[v]!;
    }
    depth++;
    if (distances) addDistances(ws, distances, depth);
  }
  if (distances) distances.diameter = Math.max(distances.diameter, depth);
  return depth;
}

/** Level d's entries at distance d from their lanes' sources, per target (as bit-closeness.ts). */
function addDistances(ws: TBrandesWorkspace, totals: TPathTotals, d: number) {
  const { entryNode, entryMask, levelStart } = ws;
  const { distanceSum, reached, harmonic } = totals;
  let found = 0;
  for (let k = levelStart[d]!, hi = levelStart[d + 1]!; k < hi; k++) {
    const v = entryNode[k]!;
    const c = popcount(entryMask[k]!);
    distanceSum[v]! += d * c;
    reached[v]! += c;
    harmonic[v]! += c / d;
    found += c;
  }
  totals.pathLengthSum += d * found;
  totals.pairs += found;
}

/** values[at + i] += values[from + i] for the lanes i in `bits` (two nodes' rows of 32 slots). */
function addLanes(values: Float64Array, at: number, from: number, bits: number) {
  do {
    const low = bits & -bits;
    const i = 31 - Math.clz32(low);
    values[at + i]! += values[from + i]!;
    bits ^= low;
  } while (bits !== 0);
}

/** Level depth + 1 from level depth's entries: each pushes its lanes (and sigma) to out-neighbours lacking them. */
function topDown(g: TPathGraph, ws: TBrandesWorkspace, depth: number) {
  const { outStart, outAdj } = g;
  const { seen, gain, entryNode, entryMask, levelStart, arcStart, arcFrom, arcTo, arcLanes, sigma } = ws;
  const hi = levelStart[depth + 1]!;
  let end = hi;
  let arcs = arcStart[depth + 1]!;
  for (let k = levelStart[depth]!; k < hi; k++) {
    const u = entryNode[k]!;
    const mu = entryMask[k]!;
    const ub = u * LANES;
    for (let e = outStart[u]!, stop = outStart[u + 1]!; e < stop; e++) {
      const v = outAdj[e]!;
      const bits = mu & ~seen[v]!;
      if (bits === 0) continue;
      if (gain[v] === 0) entryNode[end++] = v;
      gain[v]! |= bits;
      arcFrom[arcs] = u;
      arcTo[arcs] = v;
      arcLanes[arcs++] = bits;
      addLanes(sigma, v * LANES, ub, bits);
    }
  }
  for (let k = hi; k < end; k++) {
    const v = entryNode[k]!;
    const bits = gain[v]!;
    gain[v] = 0;
    entryMask[k] = bits;
    seen[v]! |= bits;
  }
  levelStart[depth + 2] = end;
  arcStart[depth + 2] = arcs;
}

/**
 * Level depth + 1 bottom-up: each node still missing lanes takes, from each in-neighbour on the frontier,
 * the lanes it has not seen (with their sigma). One pass: those lanes are exactly the ones it gains.
 */
function bottomUp(g: TPathGraph, ws: TBrandesWorkspace, depth: number, full: number) {
  const { inStart, inAdj } = g;
  const { seen, mask, active, entryNode, entryMask, levelStart, arcStart, arcFrom, arcTo, arcLanes, sigma } = ws;
  let end = levelStart[depth + 1]!;
  let arcs = arcStart[depth + 1]!;
  let keep = 0;
  let activeArcs = 0;
  for (let a = 0, count = ws.activeCount; a < count; a++) {
    const v = active[a]!;
    const sv = seen[v]!;
    if (sv === full) continue;
    const lo = inStart[v]!;
    const hi = inStart[v + 1]!;
    const missing = ~sv;
    const vb = v * LANES;
    let gained = 0;
    for (let e = lo; e < hi; e++) {
      const u = inAdj[e]!;
      const bits = mask[u]! & missing;
      if (bits === 0) continue;
      gained |= bits;
      arcFrom[arcs] = u;
      arcTo[arcs] = v;
      arcLanes[arcs++] = bits;
      addLanes(sigma, vb, u * LANES, bits);
    }
    if (gained !== 0) {
      seen[v] = sv | gained;
      entryNode[end] = v;
      entryMask[end++] = gained;
    }
    if ((sv | gained) !== full) {
      active[keep++] = v;
      activeArcs += hi - lo;
    }
  }
  ws.activeCount = keep;
  ws.activeArcs = activeArcs;
  levelStart[depth + 2] = end;
  arcStart[depth + 2] = arcs;
}

/**
 * Dependencies from the deepest level up, along the recorded DAG arcs: a level's dependencies are final
 * once the level below has pushed into it; they are added to `betweenness` and turned into the
 * coefficients (reach + delta) / sigma that the level above reads.
 */
function backward(ws: TBrandesWorkspace, betweenness: Float64Array, depth: number, reach: Float64Array | null) {
  const { entryNode, entryMask, levelStart, arcStart, arcFrom, arcTo, arcLanes, sigma, delta, laneWeight } = ws;
  for (let d = depth; d >= 1; d--) {
    // Level d's dependencies are complete: add them and turn them into coefficients.
    for (let k = levelStart[d]!, hi = levelStart[d + 1]!; k < hi; k++) {
      const u = entryNode[k]!;
      let bits = entryMask[k]!;
      const ub = u * LANES;
      const r = reach ? reach[u]! : 1;
      let sum = 0;
      do {
        const low = bits & -bits;
        const i = 31 - Math.clz32(low);
        const s = sigma[ub + i]!;
        const dep = s * delta[ub + i]!;
        sum += laneWeight[i]! * dep;
        delta[ub + i] = (r + dep) / s;
        sigma[ub + i] = 0;
        bits ^= low;
      } while (bits !== 0);
      betweenness[u]! += sum;
    }
    // Push them along the DAG arcs into level d - 1 (not into the sources), then clear level d's slots.
    for (let a = d > 1 ? arcStart[d]! : 0, stop = d > 1 ? arcStart[d + 1]! : 0; a < stop; a++) {
      addLanes(delta, arcFrom[a]! * LANES, arcTo[a]! * LANES, arcLanes[a]!);
    }
    for (let k = levelStart[d]!, hi = levelStart[d + 1]!; k < hi; k++) {
      let bits = entryMask[k]!;
      const ub = entryNode[k]! * LANES;
      do {
        const low = bits & -bits;
        delta[ub + 31 - Math.clz32(low)] = 0;
        bits ^= low;
      } while (bits !== 0);
    }
  }
}
