// All shortest paths from one source at a time (Brandes): betweenness, closeness, harmonic closeness,
// diameter and mean path length come from the same pass. Unweighted graphs run a level-synchronous
// BFS that avoids a per-edge "is this the next level" test: sigma (and, going back, the dependencies)
// flow through an array that is zero everywhere except the level being read, and large levels are
// searched bottom-up (from the unvisited nodes). Weighted paths (1/weight) run Dijkstra with a heap.
// No imports from Node: the same code runs in the browser, the main thread and the workers.

export interface TPathGraph {
  n: number;
  directed: boolean;
  outStart: Int32Array;
  outAdj: Int32Array;
  inStart: Int32Array;
  inAdj: Int32Array;
  /** Length of each out-arc, or null for hop counts. */
  length: Float64Array | null;
}

export interface TPathTotals {
  /** Brandes sums over every ordered source (undirected pairs counted twice until finished). */
  betweenness: Float64Array;
  /** Per target: sum of distances from the sources that reach it. */
  distanceSum: Float64Array;
  /** Per target: how many other nodes reach it. */
  reached: Float64Array;
  harmonic: Float64Array;
  diameter: number;
  pathLengthSum: number;
  pairs: number;
}

export const createPathTotals = (n: number): TPathTotals => ({
  betweenness: new Float64Array(n),
  distanceSum: new Float64Array(n),
  reached: new Float64Array(n),
  harmonic: new Float64Array(n),
  diameter: 0,
  pathLengthSum: 0,
  pairs: 0,
});

/** Adds `from` into `into` (the workers' partial totals). */
export function addTotals(into: TPathTotals, from: TPathTotals) {
  for (let i = 0; i < into.betweenness.length; i++) {
    into.betweenness[i]! += from.betweenness[i]!;
    into.distanceSum[i]! += from.distanceSum[i]!;
    into.reached[i]! += from.reached[i]!;
    into.harmonic[i]! += from.harmonic[i]!;
  }
  into.diameter = Math.max(into.diameter, from.diameter);
  into.pathLengthSum += from.pathLengthSum;
  into.pairs += from.pairs;
}

export interface TPathWorkspace {
  /** Dijkstra's distances (-1: not reached). */
  dist: Float64Array;
  /** BFS's visited marks: a byte per node keeps the hottest random reads in L1. */
  seen: Uint8Array;
  sigma: Float64Array;
  /** Forward: sigma of the frontier, zero elsewhere. Backward: (1 + delta) / sigma of the level below. */
  flow: Float64Array;
  delta: Float64Array;
  order: Int32Array;
  levels: Int32Array;
  unvisited: Int32Array;
  heap: Int32Array;
  heapPos: Int32Array;
}

export function createPathWorkspace(n: number): TPathWorkspace {
  const dist = new Float64Array(n).fill(-1);
  return {
    dist,
    seen: new Uint8Array(n),
    sigma: new Float64Array(n),
    flow: new Float64Array(n),
    delta: new Float64Array(n),
    order: new Int32Array(n),
    levels: new Int32Array(n + 2),
    unvisited: new Int32Array(n),
    heap: new Int32Array(n),
    heapPos: new Int32Array(n).fill(-1),
  };
}

/** Runs one source and adds its share to `totals`. */
export function addSource(g: TPathGraph, ws: TPathWorkspace, totals: TPathTotals, s: number) {
  const reached = g.length ? dijkstra(g, ws, s) : bfs(g, ws, s);
  accumulate(g, ws, totals, reached);
}

function bfs(g: TPathGraph, ws: TPathWorkspace, s: number): number {
  const { n, outStart, outAdj, inStart, inAdj } = g;
  const { seen, sigma, flow, order, levels, unvisited } = ws;
  const arcs = outStart[n]!;
  seen[s] = 1;
  sigma[s] = 1;
  flow[s] = 1;
  order[0] = s;
  let lo = 0;
  let hi = 1;
  let level = 0;
  levels[0] = 0;
  // Arcs leaving visited nodes; the rest is what a bottom-up search would scan.
  let visitedArcs = outStart[s + 1]! - outStart[s]!;
  // Unvisited nodes, listed at the first bottom-up level (-1 until then).
  let left = -1;
  let frontierArcs = visitedArcs;
  while (lo < hi) {
    const next = level + 1;
    let end = hi;
    // Bottom-up scans every arc into the unvisited nodes, but in node order and without random writes:
    // it pays once the frontier holds more than ~1/14 of those arcs (Beamer's threshold, measured here).
    if (frontierArcs * 14 > arcs - visitedArcs) {
      // Bottom-up: each unvisited node sums the flow of its in-neighbours (non-zero only on the frontier).
      // The unvisited nodes are listed once per source, in node order, and the list shrinks as they are found.
      if (left < 0) {
        left = 0;
        for (let v = 0; v < n; v++) if (seen[v] === 0) unvisited[left++] = v;
      }
      let keep = 0;
      for (let i = 0; i < left; i++) {
        const v = unvisited[i]!;
        if (seen[v] === 1) continue;
        let sum = 0;
        for (let e = inStart[v]!, stop = inStart[v + 1]!; e < stop; e++) sum += flow[inAdj[e]!]!;
        if (sum > 0) {
          seen[v] = 1;
          sigma[v] = sum;
          order[end++] = v;
        } else unvisited[keep++] = v;
      }
      left = keep;
    } else {
      // Top-down: find the next level, then each new node sums the flow of its in-neighbours.
      for (let k = lo; k < hi; k++) {
        const u = order[k]!;
        for (let e = outStart[u]!, stop = outStart[u + 1]!; e < stop; e++) {
          const w = outAdj[e]!;
          if (seen[w] === 0) {
            seen[w] = 1;
            order[end++] = w;
          }
        }
      }
      for (let k = hi; k < end; k++) {
        const v = order[k]!;
        let sum = 0;
        for (let e = inStart[v]!, stop = inStart[v + 1]!; e < stop; e++) sum += flow[inAdj[e]!]!;
        sigma[v] = sum;
      }
    }
    for (let k = lo; k < hi; k++) flow[order[k]!] = 0;
    frontierArcs = 0;
    for (let k = hi; k < end; k++) {
      const w = order[k]!;
      flow[w] = sigma[w]!;
      frontierArcs += outStart[w + 1]! - outStart[w]!;
    }
    visitedArcs += frontierArcs;
    lo = hi;
    hi = end;
    level = next;
    levels[level] = lo;
  }
  levels[level + 1] = hi;
  return hi;
}

function dijkstra(g: TPathGraph, ws: TPathWorkspace, s: number): number {
  const { outStart, outAdj } = g;
  const length = g.length!;
  const { dist, sigma, order, heap, heapPos } = ws;
  let size = 0;
  const up = (i: number) => {
    const v = heap[i]!;
    const dv = dist[v]!;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pv = heap[p]!;
      if (dist[pv]! <= dv) break;
      heap[i] = pv;
      heapPos[pv] = i;
      i = p;
    }
    heap[i] = v;
    heapPos[v] = i;
  };
  const pop = () => {
    const top = heap[0]!;
    heapPos[top] = -1;
    const last = heap[--size]!;
    if (size > 0) {
      let i = 0;
      const dl = dist[last]!;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= size) break;
        if (c + 1 < size && dist[heap[c + 1]!]! < dist[heap[c]!]!) c++;
        if (dist[heap[c]!]! >= dl) break;
        heap[i] = heap[c]!;
        heapPos[heap[i]!] = i;
        i = c;
      }
      heap[i] = last;
      heapPos[last] = i;
    }
    return top;
  };
  dist[s] = 0;
  sigma[s] = 1;
  heap[0] = s;
  heapPos[s] = 0;
  size = 1;
  let count = 0;
  // Settled nodes only: dist is final once popped; `order` lists them by distance.
  const settled = ws.delta;
  while (size > 0) {
    const u = pop();
    order[count++] = u;
    settled[u] = 1;
    const du = dist[u]!;
    const su = sigma[u]!;
    for (let e = outStart[u]!, stop = outStart[u + 1]!; e < stop; e++) {
      const w = outAdj[e]!;
      if (settled[w] === 1) continue;
      const alt = du + length[e]!;
      const dw = dist[w]!;
      if (dw < 0 || alt < dw - tolerance(dw)) {
        dist[w] = alt;
        sigma[w] = su;
        if (heapPos[w]! < 0) {
          heap[size] = w;
          heapPos[w] = size++;
        }
        up(heapPos[w]!);
      } else if (Math.abs(alt - dw) <= tolerance(dw)) sigma[w]! += su;
    }
  }
  for (let k = 0; k < count; k++) settled[order[k]!] = 0;
  return count;
}

/** Path lengths this close count as equal, as igraph compares weighted distances. */
const tolerance = (d: number) => 1e-10 * Math.max(1, d);

function accumulate(g: TPathGraph, ws: TPathWorkspace, totals: TPathTotals, count: number) {
  const { outStart, outAdj, length } = g;
  const { dist, sigma, flow, delta, order } = ws;
  const { betweenness, distanceSum, reached, harmonic } = totals;
  if (length) {
    // Dependencies in reverse distance order; successors are the out-neighbours on a shortest path.
    for (let k = count - 1; k >= 0; k--) {
      const w = order[k]!;
      const dw = dist[w]!;
      let sum = 0;
      for (let e = outStart[w]!, stop = outStart[w + 1]!; e < stop; e++) {
        const v = outAdj[e]!;
        const dv = dist[v]!;
        if (dv > dw && Math.abs(dw + length[e]! - dv) <= tolerance(dv)) sum += (1 + delta[v]!) / sigma[v]!;
      }
      delta[w] = sigma[w]! * sum;
    }
    finish(ws, totals, count);
    return;
  }
  // Level by level from the deepest: flow holds (1 + delta) / sigma on the level below only. Each node
  // adds its share to the totals as its flow is set (its hop count is its level), then is reset.
  const { levels, seen } = ws;
  let depth = 0;
  while (levels[depth + 1]! < count) depth++;
  for (let k = levels[depth]!; k < count; k++) {
    const v = order[k]!;
    flow[v] = 1 / sigma[v]!;
  }
  // Undirected: the distances into the source equal those out of it, so its closeness sums are
  // per-level scalars; directed: each target adds its incoming distance. sigma and delta need no reset
  // (both are written before they are read), and the deepest level's delta is never read.
  const perTarget = g.directed;
  let lengths = 0;
  let inverse = 0;
  const record = (lo: number, hi: number, d: number, deepest: boolean) => {
    for (let k = lo; k < hi; k++) {
      const t = order[k]!;
      if (!deepest) betweenness[t]! += delta[t]!;
      seen[t] = 0;
      flow[t] = 0;
      if (perTarget) {
        distanceSum[t]! += d;
        reached[t]! += 1;
        harmonic[t]! += 1 / d;
      }
    }
    lengths += d * (hi - lo);
    inverse += (hi - lo) / d;
  };
  for (let d = depth - 1; d >= 0; d--) {
    const lo = levels[d]!;
    const hi = levels[d + 1]!;
    for (let k = lo; k < hi; k++) {
      const w = order[k]!;
      let sum = 0;
      for (let e = outStart[w]!, stop = outStart[w + 1]!; e < stop; e++) sum += flow[outAdj[e]!]!;
      delta[w] = sigma[w]! * sum;
    }
    record(hi, levels[d + 2]!, d + 1, d + 1 === depth);
    for (let k = lo; k < hi; k++) {
      const w = order[k]!;
      flow[w] = (1 + delta[w]!) / sigma[w]!;
    }
  }
  const s = order[0]!;
  flow[s] = 0;
  seen[s] = 0;
  if (!perTarget) {
    distanceSum[s]! += lengths;
    reached[s]! += count - 1;
    harmonic[s]! += inverse;
  }
  totals.diameter = Math.max(totals.diameter, depth);
  totals.pathLengthSum += lengths;
  totals.pairs += count - 1;
}

/** Adds Dijkstra's distances and dependencies to the totals and resets the workspace. */
function finish(ws: TPathWorkspace, totals: TPathTotals, count: number) {
  const { dist, sigma, delta, order } = ws;
  const { betweenness, distanceSum, reached, harmonic } = totals;
  let far = 0;
  let lengths = 0;
  for (let k = 1; k < count; k++) {
    const t = order[k]!;
    const d = dist[t]!;
    betweenness[t]! += delta[t]!;
    distanceSum[t]! += d;
    reached[t]! += 1;
    harmonic[t]! += 1 / d;
    lengths += d;
    far = Math.max(far, d);
    dist[t] = -1;
    sigma[t] = 0;
    delta[t] = 0;
  }
  const s = order[0]!;
  dist[s] = -1;
  sigma[s] = 0;
  delta[s] = 0;
  totals.diameter = Math.max(totals.diameter, far);
  totals.pathLengthSum += lengths;
  totals.pairs += count - 1;
}
