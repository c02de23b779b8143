// The all-pairs part (betweenness, closeness, harmonic closeness, diameter, mean path length) as a list
// of units that one thread runs in order or several threads share. Unweighted graphs take the batched
// kernels: betweenness by batched Brandes (brandes-batch.ts), whose searches give the closeness sums
// too; when enough leaves can be folded (leaf-peel.ts), Brandes runs on the graph left and closeness
// by the bit-parallel BFS over every source (bit-closeness.ts). Weighted graphs keep one Brandes pass
// per source (paths.ts), which is also the reference the tests compare the batched kernels with.

import {
  addClosenessBatch,
  CLOSENESS_BATCH,
  createClosenessWorkspace,
  type TClosenessWorkspace,
} from './bit-closeness';
import { addBrandesBatch, createBrandesWorkspace, LANES, type TBrandesWorkspace } from './brandes-batch';
import { plainAllocate, type TAllocate } from './csr';
import { peelLeaves } from './leaf-peel';
import {
  addSource,
  createPathTotals,
  createPathWorkspace,
  type TPathGraph,
  type TPathTotals,
  type TPathWorkspace,
} from './paths';

/** Sources per unit of the per-source (weighted) path. */
const SCALAR_CHUNK = 32;
/** Leaves are folded only when the core keeps at most this share of the nodes. */
const MIN_FOLD = 0.95;
/** A closeness source costs about this fraction of a betweenness source (progress only). */
const CLOSENESS_COST = 0.1;

export interface TAllPairsPlan {
  graph: TPathGraph;
  /** false: weighted, one addSource per source. */
  batched: boolean;
  /** Betweenness runs here: the graph with its leaves folded, or the graph itself. */
  core: TPathGraph;
  /** Core index -> node; null when the core is the graph. */
  coreNodes: Int32Array | null;
  reach: Float64Array | null;
  /** Raw betweenness from the folded trees, per node; null when nothing was folded. */
  folded: Float64Array | null;
  /** Sources with at least one arc: of the core (betweenness), of the graph (closeness). */
  betweennessSources: Int32Array;
  closenessSources: Int32Array;
  betweennessUnits: number;
  units: number;
}

/**
 * The nodes with at least one arc, in breadth-first order from the node of highest degree (then from
 * each node not yet listed): sources close together share more of their searches (a third less work on
 * the power-law bench graph than in node order, the same on a uniform random graph).
 */
function sourcesInBfsOrder(g: TPathGraph, alloc: TAllocate): Int32Array {
  const { n, outStart, outAdj } = g;
  const order = new Int32Array(n);
  const listed = new Uint8Array(n);
  let hub = 0;
  for (let v = 0; v < n; v++) if (outStart[v + 1]! - outStart[v]! > outStart[hub + 1]! - outStart[hub]!) hub = v;
  let tail = 0;
  for (let k = -1; k < n; k++) {
    const root = k < 0 ? hub : k;
    if (n === 0 || listed[root] === 1) continue;
    listed[root] = 1;
    order[tail++] = root;
    for (let head = tail - 1; head < tail; head++) {
      const u = order[head]!;
      for (let e = outStart[u]!; e < outStart[u + 1]!; e++) {
        const v = outAdj[e]!;
        if (listed[v] === 0) {
          listed[v] = 1;
          order[tail++] = v;
        }
      }
    }
  }
  let count = 0;
  for (let v = 0; v < n; v++) if (outStart[v + 1]! > outStart[v]!) count++;
  const sources = new Int32Array(alloc(4 * count));
  for (let k = 0, at = 0; k < n; k++) {
    const v = order[k]!;
    if (outStart[v + 1]! > outStart[v]!) sources[at++] = v;
  }
  return sources;
}

/**
 * Splits the work; `alloc` gives the arrays the workers share. `closeness: false` leaves out the separate
 * closeness searches (betweenness alone is wanted: stability samples, comparisons); the distance sums the
 * betweenness searches give on their own are then partial.
 */
export function planAllPairs(
  graph: TPathGraph,
  alloc: TAllocate = plainAllocate,
  { closeness = true }: { closeness?: boolean } = {},
): TAllPairsPlan {
  const none = new Int32Array(0);
  if (graph.length) {
    const units = Math.ceil(graph.n / SCALAR_CHUNK);
    return {
      graph,
      batched: false,
      core: graph,
      coreNodes: null,
      reach: null,
      folded: null,
      betweennessSources: none,
      closenessSources: none,
      betweennessUnits: units,
      units,
    };
  }
  // Folding pays when it removes enough nodes to cover the separate closeness pass it needs (about a
  // tenth of a betweenness pass): a twentieth of the nodes.
  const peeled = peelLeaves(graph, alloc, Math.floor(MIN_FOLD * graph.n));
  const core = peeled?.core ?? graph;
  const betweennessSources = sourcesInBfsOrder(core, alloc);
  const closenessSources = peeled ? sourcesInBfsOrder(graph, alloc) : betweennessSources;
  const betweennessUnits = Math.ceil(betweennessSources.length / LANES);
  // Without folded leaves, the betweenness searches are the closeness searches too.
  const closenessUnits = peeled && closeness ? Math.ceil(closenessSources.length / CLOSENESS_BATCH) : 0;
  return {
    graph,
    batched: true,
    core,
    coreNodes: peeled?.nodes ?? null,
    reach: peeled?.reach ?? null,
    folded: peeled?.betweenness ?? null,
    betweennessSources,
    closenessSources,
    betweennessUnits,
    units: betweennessUnits + closenessUnits,
  };
}

/** What one thread keeps between units. */
export interface TAllPairsState {
  totals: TPathTotals;
  /** Per core node (batched). */
  coreBetweenness: Float64Array;
  scalar: TPathWorkspace | null;
  brandes: TBrandesWorkspace | null;
  closeness: TClosenessWorkspace | null;
}

export const createAllPairsState = (plan: TAllPairsPlan): TAllPairsState => ({
  totals: createPathTotals(plan.graph.n),
  coreBetweenness: new Float64Array(plan.batched ? plan.core.n : 0),
  scalar: null,
  brandes: null,
  closeness: null,
});

/** Runs one unit; answers its weight for progress (unitWeight). */
export function runUnit(plan: TAllPairsPlan, state: TAllPairsState, unit: number): number {
  if (!plan.batched) {
    state.scalar ??= createPathWorkspace(plan.graph.n);
    const end = Math.min(plan.graph.n, (unit + 1) * SCALAR_CHUNK);
    for (let s = unit * SCALAR_CHUNK; s < end; s++) addSource(plan.graph, state.scalar, state.totals, s);
  } else if (unit < plan.betweennessUnits) {
    state.brandes ??= createBrandesWorkspace(plan.core.n);
    const sources = plan.betweennessSources;
    const from = unit * LANES;
    const to = Math.min(sources.length, from + LANES);
    const distances = plan.coreNodes ? null : state.totals;
    addBrandesBatch(plan.core, state.brandes, state.coreBetweenness, sources, from, to, plan.reach, distances);
  } else {
    state.closeness ??= createClosenessWorkspace(plan.graph.n);
    const sources = plan.closenessSources;
    const from = (unit - plan.betweennessUnits) * CLOSENESS_BATCH;
    const to = Math.min(sources.length, from + CLOSENESS_BATCH);
    addClosenessBatch(plan.graph, state.closeness, state.totals, sources, from, to);
  }
  return unitWeight(plan, unit);
}

/** A unit's share of the work, for progress: sources, a closeness source counting CLOSENESS_COST. */
export function unitWeight(plan: TAllPairsPlan, unit: number): number {
  if (!plan.batched) return Math.min(plan.graph.n, (unit + 1) * SCALAR_CHUNK) - unit * SCALAR_CHUNK;
  if (unit < plan.betweennessUnits) return Math.min(plan.betweennessSources.length - unit * LANES, LANES);
  const from = (unit - plan.betweennessUnits) * CLOSENESS_BATCH;
  return CLOSENESS_COST * Math.min(plan.closenessSources.length - from, CLOSENESS_BATCH);
}

export function totalWeight(plan: TAllPairsPlan): number {
  let total = 0;
  for (let unit = 0; unit < plan.units; unit++) total += unitWeight(plan, unit);
  return total;
}

/** A thread's totals, with its core betweenness moved to node order. */
export function threadTotals(plan: TAllPairsPlan, state: TAllPairsState): TPathTotals {
  const { totals, coreBetweenness } = state;
  const { coreNodes } = plan;
  for (let c = 0; c < coreBetweenness.length; c++)
    totals.betweenness[coreNodes ? coreNodes[c]! : c]! += coreBetweenness[c]!;
  coreBetweenness.fill(0);
  return totals;
}

/** Adds what does not depend on the sources (the folded trees' betweenness) to the summed totals. */
export function finishTotals(plan: TAllPairsPlan, totals: TPathTotals): TPathTotals {
  const { folded } = plan;
  if (folded) for (let v = 0; v < folded.length; v++) totals.betweenness[v]! += folded[v]!;
  return totals;
}

/** The whole all-pairs part on this thread (`closeness: false`: betweenness alone, as planAllPairs says). */
export function allPairs(
  graph: TPathGraph,
  onProgress?: (fraction: number) => void,
  options: { closeness?: boolean } = {},
): TPathTotals {
  const plan = planAllPairs(graph, plainAllocate, options);
  const state = createAllPairsState(plan);
  const total = totalWeight(plan);
  let done = 0;
  let reported = 0;
  for (let unit = 0; unit < plan.units; unit++) {
    done += runUnit(plan, state, unit);
    if (onProgress && (done - reported >= total / 100 || unit === plan.units - 1)) {
      reported = done;
      onProgress(total > 0 ? done / total : 1);
    }
  }
  return finishTotals(plan, threadTotals(plan, state));
}
