// Local structure on the undirected simple graph (ties regardless of direction): clustering and
// transitivity (triangles), core numbers (Batagelj-Zaversnik), weak components; and reciprocity.
import type { TAdjacency, TCsr } from './csr';

const degreeOf = (a: TAdjacency, v: number) => a.start[v + 1]! - a.start[v]!;

/** Triangles through each node, counted once per triangle. */
export function triangles(und: TAdjacency, n: number): Float64Array {
  const { start, adj } = und;
  const mark = new Int32Array(n).fill(-1);
  const count = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    for (let e = start[v]!; e < start[v + 1]!; e++) mark[adj[e]!] = v;
    let twice = 0;
    for (let e = start[v]!; e < start[v + 1]!; e++) {
      const u = adj[e]!;
      for (let f = start[u]!; f < start[u + 1]!; f++) if (mark[adj[f]!] === v) twice++;
    }
    count[v] = twice / 2;
  }
  return count;
}

/** Local clustering: triangles / (k (k - 1) / 2), 0 below two neighbours; and the global ratio. */
export function clustering(und: TAdjacency, n: number): { local: Float64Array; transitivity: number } {
  const t = triangles(und, n);
  const local = new Float64Array(n);
  let closed = 0;
  let triples = 0;
  for (let v = 0; v < n; v++) {
    const k = degreeOf(und, v);
    const pairs = (k * (k - 1)) / 2;
    if (pairs > 0) local[v] = t[v]! / pairs;
    closed += t[v]!;
    triples += pairs;
  }
  return { local, transitivity: triples > 0 ? closed / triples : 0 };
}

/** k-core numbers by bucket peeling, O(m). */
export function coreNumbers(und: TAdjacency, n: number): Int32Array {
  const { start, adj } = und;
  const deg = new Int32Array(n);
  let maxDeg = 0;
  for (let v = 0; v < n; v++) {
    deg[v] = degreeOf(und, v);
    maxDeg = Math.max(maxDeg, deg[v]!);
  }
  const bin = new Int32Array(maxDeg + 1);
  for (let v = 0; v < n; v++) bin[deg[v]!]!++;
  let at = 0;
  for (let d = 0; d <= maxDeg; d++) {
    const c = bin[d]!;
    bin[d] = at;
    at += c;
  }
  const pos = new Int32Array(n);
  const vert = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    pos[v] = bin[deg[v]!]!++;
    vert[pos[v]!] = v;
  }
  for (let d = maxDeg; d > 0; d--) bin[d] = bin[d - 1]!;
  bin[0] = 0;
  for (let i = 0; i < n; i++) {
    const v = vert[i]!;
    for (let e = start[v]!; e < start[v + 1]!; e++) {
      const u = adj[e]!;
      if (deg[u]! > deg[v]!) {
        const du = deg[u]!;
        const pu = pos[u]!;
        const pw = bin[du]!;
        const w = vert[pw]!;
        if (u !== w) {
          pos[u] = pw;
          vert[pu] = w;
          pos[w] = pu;
          vert[pw] = u;
        }
        bin[du]!++;
        deg[u] = du - 1;
      }
    }
  }
  return deg;
}

/** Weak components: a component index per node, the count and the largest size. */
export function components(und: TAdjacency, n: number) {
  const { start, adj } = und;
  const of = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  let count = 0;
  let largest = 0;
  for (let s = 0; s < n; s++) {
    if (of[s]! >= 0) continue;
    let top = 0;
    let size = 0;
    stack[top++] = s;
    of[s] = count;
    while (top > 0) {
      const v = stack[--top]!;
      size++;
      for (let e = start[v]!; e < start[v + 1]!; e++) {
        const u = adj[e]!;
        if (of[u]! < 0) {
          of[u] = count;
          stack[top++] = u;
        }
      }
    }
    largest = Math.max(largest, size);
    count++;
  }
  return { of, count, largest };
}

/** Share of directed ties whose reverse tie exists (igraph's default); 1 for undirected networks. */
export function reciprocity(csr: TCsr): number {
  if (!csr.directed) return csr.edges > 0 ? 1 : 0;
  const { start, adj } = csr.out;
  const mark = new Int32Array(csr.n).fill(-1);
  let mutual = 0;
  for (let v = 0; v < csr.n; v++) {
    for (let e = start[v]!; e < start[v + 1]!; e++) mark[adj[e]!] = v;
    for (let e = csr.in.start[v]!; e < csr.in.start[v + 1]!; e++) if (mark[csr.in.adj[e]!] === v) mutual++;
  }
  return csr.edges > 0 ? mutual / csr.edges : 0;
}
