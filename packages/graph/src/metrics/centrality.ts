// Spectral and walk measures on the CSR: eigenvector (on A + I, which has A's eigenvectors but no
// oscillation on bipartite graphs), PageRank (igraph/PRPACK: dangling nodes jump uniformly), HITS and
// Katz. Symmetric problems use Lanczos, the others power iteration; both stop at machine precision so
// results equal the references.
import type { TAdjacency, TCsr } from './csr';
import { leadingEigenvector } from './lanczos';

const MAX_ITERATIONS = 100_000;

/** Repeats `step` (old -> new, both scaled by the caller) until the largest change is below `tol`. */
function iterate(
  n: number,
  start: Float64Array<ArrayBufferLike>,
  step: (x: Float64Array, y: Float64Array) => void,
  tol: number,
) {
  let x = start;
  let y: Float64Array<ArrayBufferLike> = new Float64Array(n);
  let last = Number.POSITIVE_INFINITY;
  let stalled = 0;
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    step(x, y);
    let change = 0;
    for (let i = 0; i < n; i++) change = Math.max(change, Math.abs(y[i]! - x[i]!));
    [x, y] = [y, x];
    if (change <= tol) break;
    // Rounding can keep the change just above tol: stop once it no longer shrinks.
    stalled = change >= last ? stalled + 1 : 0;
    if (stalled > 20) break;
    last = change;
  }
  return x;
}

function scaleToMax(x: Float64Array) {
  let max = 0;
  for (const v of x) max = Math.max(max, Math.abs(v));
  if (max > 0) for (let i = 0; i < x.length; i++) x[i] = x[i]! / max;
  return x;
}

/** y = A^T x over `a` (each row lists the sources of its ties when `a` is the in-adjacency). */
function pull(a: TAdjacency, x: Float64Array, y: Float64Array) {
  const { start, adj, weight } = a;
  for (let v = 0; v < y.length; v++) {
    let sum = 0;
    for (let e = start[v]!, stop = start[v + 1]!; e < stop; e++) sum += weight[e]! * x[adj[e]!]!;
    y[v] = sum;
  }
}

/** Whether the directed ties (self-loops are dropped from the CSR) form no cycle: Kahn's algorithm. */
function isAcyclic(csr: TCsr): boolean {
  const { n } = csr;
  const { start, adj } = csr.out;
  const indegree = new Int32Array(n);
  for (let e = 0; e < start[n]!; e++) indegree[adj[e]!]! += 1;
  const ready: number[] = [];
  for (let v = 0; v < n; v++) if (indegree[v] === 0) ready.push(v);
  let seen = 0;
  while (ready.length > 0) {
    const u = ready.pop()!;
    seen += 1;
    for (let e = start[u]!; e < start[u + 1]!; e++) {
      const v = adj[e]!;
      indegree[v]! -= 1;
      if (indegree[v] === 0) ready.push(v);
    }
  }
  return seen === n;
}

/**
 * Principal eigenvector of A + I over in-ties, largest value 1 (igraph's scale=True). Undirected
 * graphs give a symmetric operator, solved by Lanczos; directed ones by power iteration. A directed
 * graph without cycles has no positive eigenvalue (every eigenvalue of A is 0): igraph answers all
 * zeros with a warning, and so do we (power iteration on A + I would end on an artefact of the shift).
 */
export function eigenvector(csr: TCsr): Float64Array {
  const { n } = csr;
  if (csr.edges === 0) return new Float64Array(n).fill(1);
  if (csr.directed && isAcyclic(csr)) return new Float64Array(n);
  const step = (x: Float64Array, y: Float64Array) => {
    pull(csr.in, x, y);
    for (let i = 0; i < n; i++) y[i]! += x[i]!;
  };
  if (!csr.directed) return nonNegative(scaleToMax(leadingEigenvector(n, step, new Float64Array(n).fill(1))));
  const scaled = (x: Float64Array, y: Float64Array) => {
    step(x, y);
    scaleToMax(y);
  };
  return iterate(n, new Float64Array(n).fill(1), scaled, 1e-15);
}

/** Rounding leaves ~-1e-17 where a Perron vector is 0. */
function nonNegative(x: Float64Array) {
  for (let i = 0; i < x.length; i++) if (x[i]! < 0) x[i] = 0;
  return x;
}

/** PageRank with damping `alpha`, run until the L1 change is below 1e-12 (igraph's PRPACK result). */
export function pagerank(csr: TCsr, alpha = 0.85): Float64Array {
  const { n } = csr;
  const out = new Float64Array(n);
  const { start, weight } = csr.out;
  for (let u = 0; u < n; u++) for (let e = start[u]!; e < start[u + 1]!; e++) out[u]! += weight[e]!;
  const { start: inStart, adj: inAdj, weight: inWeight } = csr.in;
  let x = new Float64Array(n).fill(1 / n);
  let y = new Float64Array(n);
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    let dangling = 0;
    for (let u = 0; u < n; u++) if (out[u] === 0) dangling += x[u]!;
    const jump = (alpha * dangling + 1 - alpha) / n;
    let change = 0;
    let total = 0;
    for (let v = 0; v < n; v++) {
      let sum = 0;
      for (let e = inStart[v]!, stop = inStart[v + 1]!; e < stop; e++) {
        const u = inAdj[e]!;
        sum += (inWeight[e]! * x[u]!) / out[u]!;
      }
      y[v] = alpha * sum + jump;
      total += y[v]!;
    }
    for (let v = 0; v < n; v++) {
      y[v] = y[v]! / total;
      change += Math.abs(y[v]! - x[v]!);
    }
    [x, y] = [y, x];
    if (change < 1e-12) break;
  }
  return x;
}

/** HITS: authority is the principal eigenvector of A^T A (symmetric: Lanczos), hub = A * authority. */
export function hits(csr: TCsr): { hub: Float64Array; authority: Float64Array } {
  const { n } = csr;
  if (csr.edges === 0) return { hub: new Float64Array(n).fill(1), authority: new Float64Array(n).fill(1) };
  const tmp = new Float64Array(n);
  const step = (x: Float64Array, y: Float64Array) => {
    pull(csr.out, x, tmp); // tmp = A x (per source, sum over its out-ties)
    pull(csr.in, tmp, y); // y = A^T tmp
  };
  const authority = nonNegative(scaleToMax(leadingEigenvector(n, step, new Float64Array(n).fill(1))));
  const hub = new Float64Array(n);
  pull(csr.out, authority, hub);
  return { hub: scaleToMax(hub), authority };
}

/** Katz's attenuation: 0.1, or less when the largest in-strength could make the series diverge. */
export function katzAlpha(csr: TCsr): number {
  const { start, weight } = csr.in;
  let max = 0;
  for (let v = 0; v < csr.n; v++) {
    let s = 0;
    for (let e = start[v]!; e < start[v + 1]!; e++) s += weight[e]!;
    max = Math.max(max, s);
  }
  return Math.min(0.1, 1 / (1 + max));
}

/** Katz (networkx): x = alpha A^T x + 1 over in-ties, scaled to unit Euclidean norm. */
export function katz(csr: TCsr, alpha = katzAlpha(csr)): Float64Array {
  const { n } = csr;
  const step = (x: Float64Array, y: Float64Array) => {
    pull(csr.in, x, y);
    for (let i = 0; i < n; i++) y[i] = alpha * y[i]! + 1;
  };
  const x = iterate(n, new Float64Array(n).fill(1), step, 1e-13);
  let norm = 0;
  for (const v of x) norm += v * v;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < n; i++) x[i] = x[i]! / norm;
  return x;
}
