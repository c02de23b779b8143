// Communities by Louvain (louvain.ts) on the undirected simple graph, with a seeded random source so a
// network always gets the same answer; modularity is recomputed here as igraph defines it (weights when
// weighted, resolution 1).
import type { TAdjacency } from './csr';
import { louvain } from './louvain';

/** mulberry32: a small seeded generator, enough for Louvain's visiting order. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function modularity(und: TAdjacency, n: number, community: Int32Array): number {
  const { start, adj, weight } = und;
  let total = 0;
  const strength = new Float64Array(n);
  for (let v = 0; v < n; v++) for (let e = start[v]!; e < start[v + 1]!; e++) strength[v]! += weight[e]!;
  for (const s of strength) total += s;
  if (total === 0) return 0;
  const degree = new Map<number, number>();
  let within = 0;
  for (let v = 0; v < n; v++) {
    const c = community[v]!;
    degree.set(c, (degree.get(c) ?? 0) + strength[v]!);
    for (let e = start[v]!; e < start[v + 1]!; e++) if (community[adj[e]!] === c) within += weight[e]!;
  }
  let expected = 0;
  for (const d of degree.values()) expected += (d / total) ** 2;
  return within / total - expected;
}

/** Community per node, numbered 0.. in order of each community's first node (louvain.ts, seeded). */
export function communities(und: TAdjacency, n: number, seed: number) {
  const { community, count } = louvain(und, n, seededRandom(seed));
  return { community, count, modularity: modularity(und, n, community) };
}
