import { inferSettings } from 'graphology-layout-forceatlas2';
import FA2_DEFAULTS from 'graphology-layout-forceatlas2/defaults.js';
import iterate from 'graphology-layout-forceatlas2/iterate.js';

// A start for ForceAtlas2 on large networks (run in force-worker.ts before its own iterations).
// From a disc, FA2 spends thousands of iterations untangling a large network (at 20,000 people it
// was still a blob at the 30 s cap). Here the network is coarsened level by level (Walshaw's
// multilevel scheme, as in Graphviz's sfdp): each person is merged with the neighbour they share the
// heaviest tie with (relative to both sizes, so groups stay even), and people left over are paired
// through a neighbour they share; down to a few hundred groups. The groups are laid out from a disc,
// then each finer level starts with everyone at their group's place and is refined for a few
// iterations. FA2 then only has local work left.

/** FA2's node and edge records (graphology-layout-forceatlas2/helpers.js). */
const PPN = 10;
const PPE = 3;
const X = 0;
const Y = 1;
const MASS = 6;
const CONVERGENCE = 7;
const SIZE = 8;

/** Coarsening stops at this many groups, or once a level no longer shrinks the network by a fifth. */
const COARSEST = 200;
const MIN_SHRINK = 0.8;
const COARSEST_ITERATIONS = 400;
const LEVEL_ITERATIONS = 40;
const GOLDEN = Math.PI * (3 - Math.sqrt(5));

/**
 * ForceAtlas2's settings for n nodes (inferSettings: strong gravity, scaling 10, slowing down with
 * size). Past 5,000 nodes Barnes-Hut treats farther cells as one (theta 1 instead of 0.5): an
 * iteration costs about half and the picture at that size is the same.
 */
export function fa2Settings(n: number) {
  return {
    ...FA2_DEFAULTS,
    ...inferSettings(n),
    barnesHutOptimize: n > 500,
    barnesHutTheta: n > 5_000 ? 1 : 0.5,
    adjustSizes: false,
  };
}

/** One level: ties between its nodes (each pair once, weights summed), each node's mass. */
export interface TLevel {
  n: number;
  source: Int32Array;
  target: Int32Array;
  weight: Float32Array;
  mass: Float32Array;
}

/** The finest level: nodes 0..n-1 and the ties of an FA2 edge array (ends as node offsets). */
export function levelFromFa2(n: number, edges: Float32Array): TLevel {
  const m = edges.length / PPE;
  const source = new Int32Array(m);
  const target = new Int32Array(m);
  const weight = new Float32Array(m);
  const mass = new Float32Array(n).fill(1);
  for (let e = 0; e < m; e++) {
    const s = (edges[e * PPE] ?? 0) / PPN;
    const t = (edges[e * PPE + 1] ?? 0) / PPN;
    const w = edges[e * PPE + 2] ?? 1;
    source[e] = s;
    target[e] = t;
    weight[e] = w;
    mass[s] = (mass[s] ?? 0) + w;
    mass[t] = (mass[t] ?? 0) + w;
  }
  return { n, source, target, weight, mass };
}

/** Neighbours of each node, both directions, self-loops left out. */
function adjacency(level: TLevel) {
  const { n, source, target, weight } = level;
  const start = new Int32Array(n + 1);
  for (let e = 0; e < source.length; e++) {
    if (source[e] === target[e]) continue;
    start[source[e]! + 1]! += 1;
    start[target[e]! + 1]! += 1;
  }
  for (let v = 0; v < n; v++) start[v + 1] = (start[v + 1] ?? 0) + (start[v] ?? 0);
  const at = start.slice(0, n);
  const adj = new Int32Array(start[n] ?? 0);
  const w = new Float32Array(start[n] ?? 0);
  for (let e = 0; e < source.length; e++) {
    const s = source[e] ?? 0;
    const t = target[e] ?? 0;
    if (s === t) continue;
    adj[at[s]!] = t;
    w[at[s]!++] = weight[e] ?? 1;
    adj[at[t]!] = s;
    w[at[t]!++] = weight[e] ?? 1;
  }
  return { start, adj, w };
}

/**
 * Each node's group at the next level (numbered from 0), and the number of groups. Nodes are visited
 * from the fewest ties up, so the sparsely tied find a partner before hubs take them.
 */
export function matchNodes(level: TLevel): { parent: Int32Array; groups: number } {
  const { n, mass } = level;
  const { start, adj, w } = adjacency(level);
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => start[a + 1]! - start[a]! - (start[b + 1]! - start[b]!) || a - b,
  );
  const mate = new Int32Array(n).fill(-1);
  for (const u of order) {
    if (mate[u] !== -1) continue;
    let best = -1;
    let bestScore = 0;
    for (let e = start[u]!; e < start[u + 1]!; e++) {
      const v = adj[e]!;
      if (mate[v] !== -1 || v === u) continue;
      const score = w[e]! / (mass[u]! * mass[v]!);
      if (score > bestScore) {
        best = v;
        bestScore = score;
      }
    }
    if (best >= 0) {
      mate[u] = best;
      mate[best] = u;
    }
  }
  // People left over (a hub's many contacts, all tied only to it) pair up through the neighbour they share.
  for (let x = 0; x < n; x++) {
    let waiting = -1;
    for (let e = start[x]!; e < start[x + 1]!; e++) {
      const v = adj[e]!;
      if (mate[v] !== -1) continue;
      if (waiting === -1) waiting = v;
      else if (waiting !== v) {
        mate[waiting] = v;
        mate[v] = waiting;
        waiting = -1;
      }
    }
  }
  const parent = new Int32Array(n).fill(-1);
  let groups = 0;
  for (let v = 0; v < n; v++) {
    if (parent[v] !== -1) continue;
    parent[v] = groups;
    if (mate[v]! >= 0) parent[mate[v]!] = groups;
    groups++;
  }
  return { parent, groups };
}

/** The next level: groups as nodes, masses summed, ties between groups merged (weights summed). */
export function coarsen(level: TLevel, parent: Int32Array, groups: number): TLevel {
  const mass = new Float32Array(groups);
  for (let v = 0; v < level.n; v++) mass[parent[v]!]! += level.mass[v]!;
  const ties = new Map<number, number>();
  for (let e = 0; e < level.source.length; e++) {
    const a = parent[level.source[e]!]!;
    const b = parent[level.target[e]!]!;
    if (a === b) continue;
    const key = a < b ? a * groups + b : b * groups + a;
    ties.set(key, (ties.get(key) ?? 0) + level.weight[e]!);
  }
  const source = new Int32Array(ties.size);
  const target = new Int32Array(ties.size);
  const weight = new Float32Array(ties.size);
  let e = 0;
  for (const [key, w] of ties) {
    source[e] = Math.floor(key / groups);
    target[e] = key % groups;
    weight[e++] = w;
  }
  return { n: groups, source, target, weight, mass };
}

/** Levels from the network itself (first) to the coarsest, and each level's map to the next. */
export function hierarchy(finest: TLevel): { levels: TLevel[]; parents: Int32Array[] } {
  const levels = [finest];
  const parents: Int32Array[] = [];
  let level = finest;
  while (level.n > COARSEST) {
    const { parent, groups } = matchNodes(level);
    if (groups > level.n * MIN_SHRINK) break;
    parents.push(parent);
    level = coarsen(level, parent, groups);
    levels.push(level);
  }
  return { levels, parents };
}

/**
 * FA2's arrays for a level. Ties are weighted relative to the level's mean tie and a node's mass is
 * 1 + its weighted degree, as FA2 has them for a network: summed masses would make a group of
 * hundreds so heavy that FA2's per-node speed (which falls with mass) all but stops it.
 */
function fa2Arrays(level: TLevel, x: Float32Array, y: Float32Array) {
  const m = level.source.length;
  let total = 0;
  for (let e = 0; e < m; e++) total += level.weight[e]!;
  const scale = m > 0 && total > 0 ? m / total : 1;
  const nodes = new Float32Array(level.n * PPN);
  for (let v = 0; v < level.n; v++) {
    nodes[v * PPN + X] = x[v]!;
    nodes[v * PPN + Y] = y[v]!;
    nodes[v * PPN + MASS] = 1;
    nodes[v * PPN + CONVERGENCE] = 1;
    nodes[v * PPN + SIZE] = 1;
  }
  const edges = new Float32Array(m * PPE);
  for (let e = 0; e < m; e++) {
    const s = level.source[e]!;
    const t = level.target[e]!;
    const w = level.weight[e]! * scale;
    edges[e * PPE] = s * PPN;
    edges[e * PPE + 1] = t * PPN;
    edges[e * PPE + 2] = w;
    nodes[s * PPN + MASS]! += w;
    nodes[t * PPN + MASS]! += w;
  }
  return { nodes, edges };
}

/**
 * Positions for the finest level's nodes, once per level from the coarsest (everyone at their group's
 * place) to the finest: the coarsest level laid out from a disc, then each finer level from its
 * groups' places (members spread on a small circle around it) refined for a few iterations, except
 * the network itself, which the worker's own iterations refine. A generator, so the worker can
 * answer the page between levels.
 */
export function* multilevelStart(finest: TLevel): Generator<{ x: Float32Array; y: Float32Array }> {
  const { levels, parents } = hierarchy(finest);
  // Each finest node's node at each level.
  const ancestor = [Int32Array.from({ length: finest.n }, (_, v) => v)];
  for (const parent of parents)
    ancestor.push(Int32Array.from(ancestor[ancestor.length - 1] as Int32Array, (v) => parent[v]!));
  const coarsest = levels[levels.length - 1] as TLevel;
  let x = new Float32Array(coarsest.n);
  let y = new Float32Array(coarsest.n);
  for (let k = 0; k < coarsest.n; k++) {
    const r = 10 * Math.sqrt(k + 0.5);
    x[k] = r * Math.cos(k * GOLDEN);
    y[k] = r * Math.sin(k * GOLDEN);
  }
  for (let l = levels.length - 1; l >= 0; l--) {
    const level = levels[l] as TLevel;
    if (l < levels.length - 1) {
      const parent = parents[l] as Int32Array;
      const fine = { x: new Float32Array(level.n), y: new Float32Array(level.n) };
      const rank = new Int32Array(x.length);
      for (let v = 0; v < level.n; v++) {
        const g = parent[v]!;
        const k = rank[g]!;
        rank[g] = k + 1;
        fine.x[v] = x[g]! + Math.cos(k * GOLDEN + g);
        fine.y[v] = y[g]! + Math.sin(k * GOLDEN + g);
      }
      x = fine.x;
      y = fine.y;
    }
    // The network itself is refined by the worker's own iterations, which answer the page between batches.
    if (l > 0) {
      const { nodes, edges } = fa2Arrays(level, x, y);
      const options = fa2Settings(level.n);
      const iterations = l === levels.length - 1 ? COARSEST_ITERATIONS : LEVEL_ITERATIONS;
      for (let i = 0; i < iterations; i++) iterate(options, nodes, edges);
      for (let v = 0; v < level.n; v++) {
        x[v] = nodes[v * PPN + X]!;
        y[v] = nodes[v * PPN + Y]!;
      }
    }
    const up = ancestor[l] as Int32Array;
    yield { x: Float32Array.from(up, (a) => x[a]!), y: Float32Array.from(up, (a) => y[a]!) };
  }
}
