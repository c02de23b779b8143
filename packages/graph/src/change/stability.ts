// How sure a ranking is (issue 34; docs/analysis.md): betweenness recomputed with a share of the people
// removed at random, as if they had not answered, many times over. Each sample draws from its own
// seeded generator, so samples can be computed in any order, by any number of threads, with the same
// answer; stabilitySamples computes a range of them and summarizeStability combines the ranges.
import { compareCodePoints, round12 } from '../aona/fold';
import { seededRandom } from '../metrics';
import type { TNetworkData } from '../model';
import { normalizedBetweenness, topBrokers } from './betweenness';
import { forEachTie, readSnapshot, rowsOf, type TSnapshot } from './snapshot';
import type { TStability, TStabilityPerson } from './types';

export interface TStabilityOptions {
  /** Share of the people removed in each sample: 0.1 by default. */
  dropout?: number;
  /** 200 by default. */
  samples?: number;
  /** 1 by default. */
  seed?: number;
}

/** Samples from..to - 1: each one's betweenness per person (NaN where removed) and top brokers, row by row. */
export interface TStabilitySamples {
  from: number;
  to: number;
  values: Float64Array;
  top: Uint8Array;
}

const settings = (o: TStabilityOptions) => ({
  dropout: o.dropout ?? 0.1,
  samples: o.samples ?? 200,
  seed: o.seed ?? 1,
});

/** Sample t's generator: mulberry32 seeded with seed XOR (t + 1)·0x9E3779B9 (32-bit). */
export const sampleRandom = (seed: number, t: number) => seededRandom(Math.imul(t + 1, 0x9e3779b9) ^ seed);

/** People removed in each sample: round(dropout × n), halves up. */
export const removedCount = (dropout: number, n: number) => Math.round(dropout * n);

/** Each person's place in name order: folded name, then the name itself (code points). */
function nameOrder(s: TSnapshot): Int32Array {
  const order = new Int32Array(s.n);
  Int32Array.from({ length: s.n }, (_, p) => p)
    .sort((a, b) => compareCodePoints(s.keys[a]!, s.keys[b]!) || compareCodePoints(s.names[a]!, s.names[b]!))
    .forEach((p, i) => {
      order[p] = i;
    });
  return order;
}

/** The sample's graph: the people `kept` (ascending) renumbered 0.., with the ties among them. */
function subgraph(s: TSnapshot, kept: Int32Array, newIndex: Int32Array) {
  const from: number[] = [];
  const to: number[] = [];
  forEachTie(s, (p, q) => {
    const a = newIndex[p]!;
    const b = newIndex[q]!;
    if (a >= 0 && b >= 0) {
      from.push(a);
      to.push(b);
    }
  });
  const n = kept.length;
  const out = rowsOf(n, Int32Array.from(from), Int32Array.from(to), from.length, !s.directed);
  return { n, directed: s.directed, out };
}

export function stabilitySamples(
  data: TNetworkData,
  options: TStabilityOptions,
  from: number,
  to: number,
  onSample?: () => void,
): TStabilitySamples {
  const { dropout, seed } = settings(options);
  const s = readSnapshot(data, data.directed);
  const { n } = s;
  const order = nameOrder(s);
  const k = removedCount(dropout, n);
  const values = new Float64Array((to - from) * n).fill(Number.NaN);
  const top = new Uint8Array((to - from) * n);
  const pick = new Int32Array(n);
  const newIndex = new Int32Array(n);
  for (let t = from; t < to; t++) {
    // The first k places of a partial Fisher-Yates shuffle are the people removed.
    const random = sampleRandom(seed, t);
    for (let p = 0; p < n; p++) pick[p] = p;
    for (let i = 0; i < k; i++) {
      const j = i + Math.floor(random() * (n - i));
      const x = pick[i]!;
      pick[i] = pick[j]!;
      pick[j] = x;
    }
    newIndex.fill(0);
    for (let i = 0; i < k; i++) newIndex[pick[i]!] = -1;
    const kept = new Int32Array(n - k);
    let at = 0;
    for (let p = 0; p < n; p++) {
      if (newIndex[p] === -1) continue;
      newIndex[p] = at;
      kept[at++] = p;
    }
    const b = normalizedBetweenness(subgraph(s, kept, newIndex));
    const brokers = topBrokers(
      b,
      Int32Array.from(kept, (p) => order[p]!),
    );
    const row = (t - from) * n;
    kept.forEach((p, i) => {
      values[row + p] = b[i]!;
      top[row + p] = brokers[i]!;
    });
    onSample?.();
  }
  return { from, to, values, top };
}

/** numpy's default percentile: linear interpolation between the sorted values, at (count - 1)·q. */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return round12(sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!));
}

export function summarizeStability(
  data: TNetworkData,
  options: TStabilityOptions,
  parts: readonly TStabilitySamples[],
): TStability {
  const { dropout, samples } = settings(options);
  const s = readSnapshot(data, data.directed);
  const order = nameOrder(s);
  const full = normalizedBetweenness(s);
  const fullTop = topBrokers(full, order);
  const persons: TStabilityPerson[] = [];
  const ranked = Int32Array.from({ length: s.n }, (_, p) => p).sort(
    (a, b) => full[b]! - full[a]! || order[a]! - order[b]!,
  );
  for (const p of ranked) {
    const xs: number[] = [];
    let topCount = 0;
    for (const part of parts) {
      for (let t = 0; t < part.to - part.from; t++) {
        const v = part.values[t * s.n + p]!;
        if (Number.isNaN(v)) continue;
        xs.push(v);
        topCount += part.top[t * s.n + p]!;
      }
    }
    const sorted = Float64Array.from(xs).sort();
    const share = xs.length === 0 ? null : round12(topCount / xs.length);
    const topBroker = fullTop[p] === 1;
    persons.push({
      name: s.names[p]!,
      betweenness: full[p]!,
      low: xs.length === 0 ? null : percentile(sorted, 0.05),
      high: xs.length === 0 ? null : percentile(sorted, 0.95),
      topBroker,
      topBrokerShare: share,
      badge: !topBroker || share === null ? null : share >= 0.8 ? 'stable' : share <= 0.5 ? 'unstable' : null,
    });
  }
  return { dropout, samples, persons };
}

/** Every sample on this thread, then the summary. */
export function stability(
  data: TNetworkData,
  options: TStabilityOptions = {},
  hooks: { onProgress?(fraction: number): void } = {},
): TStability {
  const { samples } = settings(options);
  let done = 0;
  const part = stabilitySamples(data, options, 0, samples, () => hooks.onProgress?.(++done / samples));
  return summarizeStability(data, options, [part]);
}
