// QAP for two snapshots of the same people (issue 34; docs/analysis.md): Pearson r of the two 0/1
// adjacencies over the pairs of the people in both, and its permutation p.
import { pairCorrelation } from '../aona/alignment';
import { round12 } from '../aona/fold';
import { seededRandom } from '../metrics';
import { shuffle } from '../shuffle';
import { rowsOf, type TRows, type TSnapshot } from './snapshot';

/** The people in both snapshots, in folded-name order (code points), and each one's place in each. */
export interface TCommon {
  m: number;
  baseOf: Int32Array;
  otherOf: Int32Array;
  /** Common index of each base / other person, -1 when only in that snapshot. */
  fromBase: Int32Array;
  fromOther: Int32Array;
}

export interface TQap {
  r: number | null;
  p: number | null;
  permutations: number;
}

/** A snapshot's ties among the common people, in common indices (undirected: both directions). */
function among(s: TSnapshot, from: Int32Array, m: number): TRows {
  const a: number[] = [];
  const b: number[] = [];
  const { start, adj } = s.out;
  for (let p = 0; p < s.n; p++) {
    const x = from[p]!;
    if (x < 0) continue;
    for (let e = start[p]!; e < start[p + 1]!; e++) {
      const y = from[adj[e]!]!;
      if (y >= 0) {
        a.push(x);
        b.push(y);
      }
    }
  }
  return rowsOf(m, Int32Array.from(a), Int32Array.from(b), a.length, false);
}

/**
 * r over the N pairs of the m common people (N = m(m - 1)/2 undirected, m(m - 1) directed). The other
 * snapshot's people are relabelled among themselves `permutations` times (Fisher-Yates, one mulberry32
 * generator of `seed`, the labels shuffled on from the previous relabelling), and
 * p = (1 + relabellings with r_perm >= r - 1e-12) / (1 + permutations). Null when either adjacency is
 * constant. N, and both tie counts, stay fixed: r_perm depends only on the shared count s_perm.
 */
export function qapTest(
  base: TSnapshot,
  other: TSnapshot,
  common: TCommon,
  directed: boolean,
  permutations: number,
  seed: number,
): TQap {
  const { m } = common;
  const b = among(base, common.fromBase, m);
  const o = among(other, common.fromOther, m);
  const pairs = directed ? m * (m - 1) : (m * (m - 1)) / 2;
  const f = directed ? b.adj.length : b.adj.length / 2;
  const i = directed ? o.adj.length : o.adj.length / 2;
  // Shared ties for the labelling `label` (other person x stands where base person label[x] is).
  const mark = new Int32Array(m);
  let stamp = 0;
  const shared = (label: Int32Array): number => {
    let s = 0;
    for (let x = 0; x < m; x++) {
      const lo = o.start[x]!;
      const hi = o.start[x + 1]!;
      if (lo === hi) continue;
      const bx = label[x]!;
      stamp++;
      for (let e = b.start[bx]!; e < b.start[bx + 1]!; e++) mark[b.adj[e]!] = stamp;
      for (let e = lo; e < hi; e++) {
        const y = o.adj[e]!;
        // Undirected ties are in both rows: count each once.
        if ((directed || x < y) && mark[label[y]!] === stamp) s++;
      }
    }
    return s;
  };
  const label = Int32Array.from({ length: m }, (_, k) => k);
  const r = pairCorrelation(pairs, f, i, shared(label));
  if (r === null) return { r: null, p: null, permutations };
  const random = seededRandom(seed);
  let atLeast = 0;
  for (let t = 0; t < permutations; t++) {
    shuffle(label, random);
    if (pairCorrelation(pairs, f, i, shared(label))! >= r - 1e-12) atLeast++;
  }
  return { r, p: round12((1 + atLeast) / (1 + permutations)), permutations };
}
