// informalAlignment (issue 24; docs/analysis.md): how far informal ties follow reporting lines.
import { seededRandom } from '../metrics/community';
import type { TNetworkData } from '../model';
import { shuffle } from '../shuffle';
import { commonPeople } from './common-people';
import { compareNames, round12 } from './fold';
import type { TAlignmentPerson, TInformalAlignment } from './types';

export interface TAlignmentOptions {
  /** QAP permutations, 1000 by default. */
  permutations?: number;
  /** Seed of the permutations, 1 by default: the same inputs give the same p. */
  seed?: number;
}

const ratio = (a: number, b: number): number | null => (b === 0 ? null : round12(a / b));

/**
 * Pearson correlation of two 0/1 vectors over `pairs` entries with `f` and `i` ones, `s` of them in
 * common: (s·N - f·i) / sqrt(f(N - f) · i(N - i)); null when either vector is constant.
 */
export function pairCorrelation(pairs: number, f: number, i: number, s: number): number | null {
  const den = f * (pairs - f) * i * (pairs - i);
  return den === 0 ? null : round12((s * pairs - f * i) / Math.sqrt(den));
}

export function informalAlignment(
  formal: TNetworkData,
  informal: TNetworkData,
  options: TAlignmentOptions = {},
): TInformalAlignment {
  const permutations = options.permutations ?? 1000;
  const c = commonPeople(formal, informal);
  const m = c.formalOf.length;
  const F = new Set(c.formalTies.map(([a, b]) => a * m + b));
  const I = c.informalTies;
  let shared = 0;
  const informalDegree = new Int32Array(m);
  const sharedDegree = new Int32Array(m);
  for (const [a, b] of I) {
    informalDegree[a]!++;
    informalDegree[b]!++;
    if (F.has(a * m + b)) {
      shared++;
      sharedDegree[a]!++;
      sharedDegree[b]!++;
    }
  }
  const f = F.size;
  const i = I.length;
  const pairs = (m * (m - 1)) / 2;
  const r = pairCorrelation(pairs, f, i, shared);
  let p: number | null = null;
  if (r !== null) {
    // Relabel the informal network's people among C (Fisher-Yates) and count the shared ties. With
    // |F|, |I| and the pair count fixed, r only depends on that count: O(|I|) per permutation.
    const random = seededRandom(options.seed ?? 1);
    const label = Int32Array.from({ length: m }, (_, k) => k);
    let atLeast = 0;
    for (let t = 0; t < permutations; t++) {
      shuffle(label, random);
      let s = 0;
      for (const [a, b] of I) {
        const x = label[a]!;
        const y = label[b]!;
        if (F.has(x < y ? x * m + y : y * m + x)) s++;
      }
      if (pairCorrelation(pairs, f, i, s)! >= r) atLeast++;
    }
    p = round12((1 + atLeast) / (1 + permutations));
  }
  const people: TAlignmentPerson[] = Array.from({ length: m }, (_, k) => ({
    name: c.formal.names[c.formalOf[k]!]!,
    informalTies: informalDegree[k]!,
    sharedTies: sharedDegree[k]!,
    alignment: ratio(sharedDegree[k]!, informalDegree[k]!),
  })).sort((a, b) => compareNames(a.name, b.name));
  const union = f + i - shared;
  return {
    commonPeople: m,
    formalTies: f,
    informalTies: i,
    sharedTies: shared,
    jaccard: union === 0 ? 0 : round12(shared / union),
    formalCoverage: ratio(shared, f),
    informalConfinement: ratio(shared, i),
    qap: { r, p, permutations },
    people,
  };
}
