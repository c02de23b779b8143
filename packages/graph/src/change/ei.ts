// E-I index of one snapshot by a node attribute, per group, and its permutation p (issue 34;
// docs/analysis.md). Values are compared as CFI compares them (cfiValue: text, trimmed; blank left out).
import { cfiValue } from '../aona/cfi';
import { compareCodePoints, round12 } from '../aona/fold';
import { seededRandom } from '../metrics';
import { attributeOf, type TNetworkData } from '../model';
import { shuffle } from '../shuffle';
import { forEachTie, type TSnapshot } from './snapshot';

export interface TEi {
  /** (E - I) / (E + I) over the ties whose two ends have a value; null when E + I = 0. */
  ei: number | null;
  p: number | null;
  /** Per group value: people, and the group's own E-I. */
  groups: Map<string, { people: number; ei: number | null }>;
}

const ratio = (a: number, b: number): number | null => (b === 0 ? null : round12(a / b));

/** Groups in the order CFI lists them: natural order (numbers by value), then code points. */
export const compareGroups = (x: string, y: string): number =>
  x.localeCompare(y, 'en', { numeric: true }) || compareCodePoints(x, y);

/**
 * E = ties between different values, I = ties within one (each undirected tie once, each ordered tie
 * when directed). Per group g, E_g = ties with exactly one end in g, I_g = ties with both. p: the values
 * are permuted among the people who have one `permutations` times (Fisher-Yates, shuffled on from the
 * last permutation, mulberry32 of `seed`); p = (1 + permutations with EI_perm <= EI) / (1 + permutations).
 * E + I does not change under a permutation, so EI_perm <= EI exactly when E_perm <= E.
 */
export function eiTest(data: TNetworkData, s: TSnapshot, attribute: string, permutations: number, seed: number): TEi {
  const names: string[] = [];
  const id = new Map<string, number>();
  // Each person's group (-1: blank), and the valued people's places in `valued`.
  const group = new Int32Array(s.n).fill(-1);
  const place = new Int32Array(s.n).fill(-1);
  const valued: number[] = [];
  data.nodes.forEach((node, p) => {
    const v = cfiValue(attributeOf(node.attributes, attribute));
    if (v === null) return;
    let g = id.get(v);
    if (g === undefined) {
      g = names.length;
      id.set(v, g);
      names.push(v);
    }
    group[p] = g;
    place[p] = valued.length;
    valued.push(g);
  });
  const people = new Int32Array(names.length);
  for (const g of valued) people[g]!++;
  const from: number[] = [];
  const to: number[] = [];
  const external = new Int32Array(names.length);
  const internal = new Int32Array(names.length);
  let E = 0;
  forEachTie(s, (p, q) => {
    const a = group[p]!;
    const b = group[q]!;
    if (a < 0 || b < 0) return;
    from.push(place[p]!);
    to.push(place[q]!);
    if (a === b) internal[a]!++;
    else {
      E++;
      external[a]!++;
      external[b]!++;
    }
  });
  const total = from.length;
  const ei = ratio(E - (total - E), total);
  const groups = new Map(
    names.map((name, g) => [
      name,
      { people: people[g]!, ei: ratio(external[g]! - internal[g]!, external[g]! + internal[g]!) },
    ]),
  );
  if (ei === null) return { ei, p: null, groups };
  const labels = Int32Array.from(valued);
  const a = Int32Array.from(from);
  const b = Int32Array.from(to);
  const random = seededRandom(seed);
  let atMost = 0;
  for (let t = 0; t < permutations; t++) {
    shuffle(labels, random);
    let e = 0;
    for (let k = 0; k < total; k++) if (labels[a[k]!] !== labels[b[k]!]) e++;
    if (e <= E) atMost++;
  }
  return { ei, p: round12((1 + atMost) / (1 + permutations)), groups };
}
