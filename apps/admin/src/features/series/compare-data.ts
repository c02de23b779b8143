import type { TNetworkData } from '@tieline/graph';
import type { TCompareAnswer, TCompareNetworksInput } from '@tieline/validation';

// The compare view's arithmetic and words (issue 34 "Comparing two snapshots"; formulas in
// docs/analysis.md): what can be asked of two snapshots, and how the answer reads.

/** What was compared, to say so above the answer and to download the same comparison. */
export type TAsked = { input: TCompareNetworksInput; before: string; after: string };

export type TComparePerson = TCompareAnswer['persons'][number];
export type TTieChange = TCompareAnswer['tieChanges'][number];
export type TCompareGroup = NonNullable<TCompareAnswer['groups']>[number];

/** Significance of the permutation tests: below it, "more than chance". */
export const SIGNIFICANCE = 0.05;

/** The layers either snapshot has (a layer neither has is refused), in order of first appearance. */
export function layerChoices(base: TNetworkData | undefined, other: TNetworkData | undefined): string[] {
  return [...new Set([...(base?.layers ?? []), ...(other?.layers ?? [])])];
}

/** The node attributes both snapshots have (one missing from either is refused), sorted by name. */
export function attributeChoices(base: TNetworkData | undefined, other: TNetworkData | undefined): string[] {
  if (!base || !other) return [];
  const there = new Set(other.nodeAttributes.map((a) => a.key));
  return base.nodeAttributes
    .map((a) => a.key)
    .filter((k) => there.has(k))
    .sort((a, b) => a.localeCompare(b));
}

export const formatCount = (n: number) => n.toLocaleString('en-US');

/** A ratio (r, E-I, Jaccard, betweenness) to `digits` decimals, negatives with the true minus; a dash when absent. */
export function formatRatio(x: number | null, digits = 2): string {
  if (x === null) return '—';
  const text = x.toFixed(digits);
  return text.startsWith('-') ? (Number(text) === 0 ? text.slice(1) : `−${text.slice(1)}`) : text;
}

/** A p-value of a 1,000-permutation test: three decimals (its smallest, 1/1001, reads 0.001). */
export function formatP(p: number): string {
  return p.toFixed(3);
}

/** A signed change, `+3` / `−0.012` / `0`, with the true minus sign. */
export function formatDelta(x: number, digits = 0): string {
  const text = Math.abs(x).toFixed(digits);
  if (Number(text) === 0) return (0).toFixed(digits);
  return `${x > 0 ? '+' : '−'}${text}`;
}

/** The change of a pair, an absent side counting as 0 (as the API's order and the workbook do). */
export function delta(pair: readonly [number | null, number | null]): number {
  return (pair[1] ?? 0) - (pair[0] ?? 0);
}

/** "r 0.86, p 0.001 over 1,000 permutations", and what it means in plain words. */
export function qapReading(qap: TCompareAnswer['qap']): { figures: string; words: string } {
  const over = `${formatCount(qap.permutations)} permutations`;
  if (qap.r === null || qap.p === null) {
    return {
      figures: `r and p not computed (${over})`,
      words:
        'One snapshot has no ties among the people of both, or every possible tie: with a constant adjacency there is no correlation to test.',
    };
  }
  const figures = `r ${formatRatio(qap.r)}, p ${formatP(qap.p)} over ${over}`;
  if (qap.p < SIGNIFICANCE && qap.r > 0)
    return { figures, words: "The two snapshots' ties are more alike than chance: much of the structure held." };
  if (qap.r <= 0)
    return { figures, words: "The two snapshots' ties are no more alike than chance: the structure did not hold." };
  return {
    figures,
    words: `Some of the ties held, but no more than chance would keep (p ≥ ${SIGNIFICANCE}).`,
  };
}

/** An E-I index and its p in plain words (the figures are shown beside): where the ties run relative to the groups. */
export function eiReading(ei: number | null, p: number | null): string {
  if (ei === null) return 'No ties between people who both have a value: no E-I index.';
  const lean =
    ei < -0.05
      ? 'more ties inside groups than between'
      : ei > 0.05
        ? 'more ties between groups than inside'
        : 'balanced';
  if (p === null) return `${lean[0]!.toUpperCase()}${lean.slice(1)}.`;
  const test =
    p < SIGNIFICANCE ? 'more inward than chance: a silo signal' : 'not more inward than chance would make it';
  return `${lean[0]!.toUpperCase()}${lean.slice(1)}; ${test}.`;
}

export type TPersonSort = { id: string; desc: boolean };

const PERSON_SORT_VALUES: Record<string, (p: TComparePerson) => number | string | null> = {
  name: (p) => p.name,
  status: (p) => p.status,
  degreeBefore: (p) => p.degree[0],
  degreeAfter: (p) => p.degree[1],
  degreeChange: (p) => delta(p.degree),
  betweennessBefore: (p) => p.betweenness[0],
  betweennessAfter: (p) => p.betweenness[1],
  betweennessChange: (p) => delta(p.betweenness),
};

/**
 * The persons in the order asked; `null` keeps the API's (largest change of betweenness first). Absent
 * values go last whichever the direction.
 */
export function sortPersons(persons: readonly TComparePerson[], sort: TPersonSort | null): readonly TComparePerson[] {
  const value = sort ? PERSON_SORT_VALUES[sort.id] : undefined;
  if (!sort || !value) return persons;
  const sign = sort.desc ? -1 : 1;
  return [...persons].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number);
    return sign * order;
  });
}
