// A network version read as the comparisons and the stability sampling read it (issue 34): a simple
// graph in compressed rows, directed (ordered pairs) or not, parallel ties merged, self-ties ignored,
// weights ignored. People are the network's nodes, in node order, keyed by folded name.
import { foldName } from '../aona/fold';
import type { TNetworkData } from '../model';

/** Neighbour rows: `adj[start[p] .. start[p + 1])` ascending, without repeats. */
export interface TRows {
  start: Int32Array;
  adj: Int32Array;
}

export interface TSnapshot {
  n: number;
  directed: boolean;
  /** Node names, trimmed (the network keeps them trimmed already). */
  names: string[];
  /** Folded names (foldName). */
  keys: string[];
  /** Out-neighbours; all neighbours when undirected. */
  out: TRows;
  /** In-neighbours when directed; `out` itself when undirected. */
  inn: TRows;
  /** Distinct ties (directed: ordered pairs). */
  ties: number;
}

/**
 * Rows of the pairs (from[i], to[i]), each row sorted and its repeats dropped. `symmetric`: each pair
 * also goes the other way (an undirected tie in both rows).
 */
export function rowsOf(n: number, from: Int32Array, to: Int32Array, count: number, symmetric: boolean): TRows {
  const start = new Int32Array(n + 1);
  for (let i = 0; i < count; i++) {
    start[from[i]! + 1]!++;
    if (symmetric) start[to[i]! + 1]!++;
  }
  for (let p = 0; p < n; p++) start[p + 1]! += start[p]!;
  const adj = new Int32Array(start[n]!);
  const fill = start.slice(0, n);
  for (let i = 0; i < count; i++) {
    adj[fill[from[i]!]!++] = to[i]!;
    if (symmetric) adj[fill[to[i]!]!++] = from[i]!;
  }
  // Sort each row and compact it in place, dropping repeats (parallel ties, ties in several layers).
  let at = 0;
  let lo = 0;
  for (let p = 0; p < n; p++) {
    const hi = start[p + 1]!;
    const row = adj.subarray(lo, hi).sort();
    start[p] = at;
    for (let i = 0; i < row.length; i++) if (i === 0 || row[i] !== row[i - 1]) adj[at++] = row[i]!;
    lo = hi;
  }
  start[n] = at;
  return { start, adj: adj.slice(0, at) };
}

/** Does row `p` hold `q`? (binary search) */
export function hasTie(rows: TRows, p: number, q: number): boolean {
  let lo = rows.start[p]!;
  let hi = rows.start[p + 1]! - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = rows.adj[mid]!;
    if (v === q) return true;
    if (v < q) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/**
 * The simple graph of `data` read as `directed` (an undirected reading of a directed network merges the
 * two directions), with only the ties `keep` accepts (all when absent).
 */
export function readSnapshot(
  data: TNetworkData,
  directed: boolean,
  keep?: (edge: TNetworkData['edges'][number]) => boolean,
): TSnapshot {
  const n = data.nodes.length;
  const from = new Int32Array(data.edges.length);
  const to = new Int32Array(data.edges.length);
  let count = 0;
  for (const e of data.edges) {
    if (e.source === e.target || (keep && !keep(e))) continue;
    from[count] = e.source;
    to[count] = e.target;
    count++;
  }
  const names = data.nodes.map((node) => node.name.trim());
  const keys = names.map(foldName);
  if (!directed) {
    const out = rowsOf(n, from, to, count, true);
    return { n, directed, names, keys, out, inn: out, ties: out.adj.length / 2 };
  }
  const out = rowsOf(n, from, to, count, false);
  return { n, directed, names, keys, out, inn: rowsOf(n, to, from, count, false), ties: out.adj.length };
}

/** Degree as the metrics define it: distinct neighbours (undirected), in + out (directed). */
export function degreeOf(s: TSnapshot, p: number): number {
  const out = s.out.start[p + 1]! - s.out.start[p]!;
  return s.directed ? out + s.inn.start[p + 1]! - s.inn.start[p]! : out;
}

/** What a tie walk needs of a snapshot (a stability sample has no names). */
export type TTies = Pick<TSnapshot, 'n' | 'directed' | 'out'>;

/** Each tie once: [p, q] with p < q when undirected, every ordered pair when directed. */
export function forEachTie(s: TTies, visit: (p: number, q: number) => void): void {
  const { start, adj } = s.out;
  for (let p = 0; p < s.n; p++) {
    for (let e = start[p]!; e < start[p + 1]!; e++) {
      const q = adj[e]!;
      if (s.directed || p < q) visit(p, q);
    }
  }
}
