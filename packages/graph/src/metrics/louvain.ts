// Louvain community detection (Blondel, Guillaume, Lambiotte & Lefebvre 2008) on the typed arrays every
// kernel reads. graphology-communities-louvain gave the same quality, but it needs a graphology graph
// with string keys: building one cost more than the search itself, and a passive series measures 26
// snapshots of 20,000 people (issue 34). Here a level is a CSR: each pass visits the nodes in a seeded
// random order and moves each to the neighboring community that raises modularity most; when a pass
// moves no one, the communities become the nodes of the next level (their inner ties a self-loop).
// It ends when a level moves no one. Modularity at resolution 1, weights as given.
import { shuffle } from '../shuffle';
import type { TAdjacency } from './csr';

interface Level {
  n: number;
  start: Int32Array;
  adj: Int32Array;
  weight: Float64Array;
  /** Weight of ties inside the node (earlier levels' communities), counted from both ends. */
  inner: Float64Array;
  /** Strength: the row's weights plus `inner`. */
  strength: Float64Array;
}

/**
 * Communities of an undirected weighted graph (each tie listed from both ends, no self-loops): the
 * community of each node, numbered 0.. in order of each community's first node, and how many there are. The same `random`
 * sequence gives the same answer.
 */
export function louvain(und: TAdjacency, n: number, random: () => number): { community: Int32Array; count: number } {
  const membership = new Int32Array(n);
  for (let v = 0; v < n; v++) membership[v] = v;
  const strength = new Float64Array(n);
  for (let v = 0; v < n; v++) for (let e = und.start[v]!; e < und.start[v + 1]!; e++) strength[v]! += und.weight[e]!;
  let total = 0;
  for (const s of strength) total += s;
  if (total === 0) return { community: membership, count: n };
  let level: Level = { n, start: und.start, adj: und.adj, weight: und.weight, inner: new Float64Array(n), strength };
  for (;;) {
    const community = moveNodes(level, total, random);
    const count = renumber(community);
    if (count === level.n) break;
    for (let v = 0; v < n; v++) membership[v] = community[membership[v]!]!;
    level = aggregate(level, community, count);
  }
  return { community: membership, count: renumber(membership) };
}

/**
 * The local moving phase of one level (fast local moves, as Traag's Leiden paper describes them): every
 * node once in a seeded random order, then again only the neighbors of a node that moved, until no
 * node in line can raise modularity. Each move raises it, so the phase ends.
 */
function moveNodes(level: Level, total: number, random: () => number): Int32Array {
  const { n, start, adj, weight, strength } = level;
  const community = new Int32Array(n);
  const sum = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    community[v] = v;
    sum[v] = strength[v]!;
  }
  // The weight from the node in hand to each neighboring community, and which communities those are
  // (`seen` holds the visit that last listed a community).
  const toward = new Float64Array(n);
  const seen = new Int32Array(n).fill(-1);
  const listed = new Int32Array(n);
  // The nodes in line, a ring of n: each at most once.
  const line = new Int32Array(n);
  const waiting = new Uint8Array(n).fill(1);
  for (let v = 0; v < n; v++) line[v] = v;
  shuffle(line, random);
  let head = 0;
  let queued = n;
  for (let visit = 0; queued > 0; visit++) {
    const v = line[head]!;
    head = head + 1 === n ? 0 : head + 1;
    queued--;
    waiting[v] = 0;
    const own = community[v]!;
    const s = strength[v]!;
    let count = 0;
    for (let e = start[v]!; e < start[v + 1]!; e++) {
      const c = community[adj[e]!]!;
      if (seen[c] !== visit) {
        seen[c] = visit;
        toward[c] = 0;
        listed[count++] = c;
      }
      toward[c]! += weight[e]!;
    }
    sum[own]! -= s;
    // Gain of joining c, up to a factor common to all c: ties to c less what chance would give.
    let best = own;
    let bestGain = (seen[own] === visit ? toward[own]! : 0) - (sum[own]! * s) / total;
    for (let i = 0; i < count; i++) {
      const c = listed[i]!;
      const gain = toward[c]! - (sum[c]! * s) / total;
      if (gain > bestGain + 1e-12 * total) {
        best = c;
        bestGain = gain;
      }
    }
    sum[best]! += s;
    if (best === own) continue;
    community[v] = best;
    // Its neighbors outside its new community may now gain by moving: back in line.
    for (let e = start[v]!; e < start[v + 1]!; e++) {
      const u = adj[e]!;
      if (waiting[u] === 0 && community[u] !== best) {
        waiting[u] = 1;
        line[(head + queued) % n] = u;
        queued++;
      }
    }
  }
  return community;
}

/** Numbers the values 0.. in order of first appearance, in place; answers how many there are. */
function renumber(values: Int32Array): number {
  const next = new Map<number, number>();
  for (let i = 0; i < values.length; i++) {
    let id = next.get(values[i]!);
    if (id === undefined) {
      id = next.size;
      next.set(values[i]!, id);
    }
    values[i] = id;
  }
  return next.size;
}

/** The next level: one node per community, ties between communities summed, ties inside kept as `inner`. */
function aggregate(level: Level, community: Int32Array, count: number): Level {
  const { n, start, adj, weight } = level;
  // The members of each community, by counting sort.
  const first = new Int32Array(count + 1);
  for (let v = 0; v < n; v++) first[community[v]! + 1]!++;
  for (let c = 0; c < count; c++) first[c + 1]! += first[c]!;
  const members = new Int32Array(n);
  const fill = first.slice(0, count);
  for (let v = 0; v < n; v++) members[fill[community[v]!]!++] = v;

  const inner = new Float64Array(count);
  const strength = new Float64Array(count);
  const rowStart = new Int32Array(count + 1);
  const toward = new Float64Array(count);
  const seen = new Int32Array(count).fill(-1);
  const listed = new Int32Array(count);
  const rows: { adj: number[]; weight: number[] } = { adj: [], weight: [] };
  for (let c = 0; c < count; c++) {
    let listedCount = 0;
    for (let m = first[c]!; m < first[c + 1]!; m++) {
      const v = members[m]!;
      inner[c]! += level.inner[v]!;
      strength[c]! += level.strength[v]!;
      for (let e = start[v]!; e < start[v + 1]!; e++) {
        const d = community[adj[e]!]!;
        if (d === c) {
          inner[c]! += weight[e]!;
          continue;
        }
        if (seen[d] !== c) {
          seen[d] = c;
          toward[d] = 0;
          listed[listedCount++] = d;
        }
        toward[d]! += weight[e]!;
      }
    }
    for (let i = 0; i < listedCount; i++) {
      rows.adj.push(listed[i]!);
      rows.weight.push(toward[listed[i]!]!);
    }
    rowStart[c + 1] = rows.adj.length;
  }
  return {
    n: count,
    start: rowStart,
    adj: Int32Array.from(rows.adj),
    weight: Float64Array.from(rows.weight),
    inner,
    strength,
  };
}
