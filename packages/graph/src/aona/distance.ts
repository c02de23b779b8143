// informalDistance (issue 24; docs/analysis.md): how many reporting-line steps each informal tie spans.
// Issue 36 made it scale (20,000 people and 200,000 ties took minutes): the steps come from
// pairDistances (lowest common ancestors, not a search per person), names are folded once and compared
// by rank, and the tallies are typed arrays rather than a list per person.
import type { TNetworkData } from '../model';
import { commonPeople } from './common-people';
import { compareCodePoints, foldName, round12 } from './fold';
import { pairDistances } from './pair-distances';
import type { TDistanceTie, TInformalDistance } from './types';

/**
 * The shared people in compareNames order (folded name, then name). Two shared people never compare
 * equal (their folded names differ); the shared index breaks a tie all the same.
 */
function byName(names: string[]): Int32Array {
  const folded = names.map(foldName);
  const order = Int32Array.from(names, (_, k) => k);
  return order.sort(
    (x, y) => compareCodePoints(folded[x]!, folded[y]!) || compareCodePoints(names[x]!, names[y]!) || x - y,
  );
}

/** The mean of `count` whole numbers summing to `sum` (exact below 2^53), as round12 of issue 24. */
const mean = (sum: number, count: number): number | null => (count === 0 ? null : round12(sum / count));

export function informalDistance(formal: TNetworkData, informal: TNetworkData): TInformalDistance {
  const c = commonPeople(formal, informal);
  const n = c.formalOf.length;
  const names = Array.from(c.formalOf, (p) => c.formal.names[p]!);
  const ordered = byName(names);
  const rank = new Int32Array(n);
  ordered.forEach((k, r) => {
    rank[k] = r;
  });
  // Each tie once as (source rank, target rank), source the name that sorts first; sorted as numbers.
  const keys = Float64Array.from(c.informalTies, ([a, b]) =>
    rank[a]! < rank[b]! ? rank[a]! * n + rank[b]! : rank[b]! * n + rank[a]!,
  ).sort();
  const m = keys.length;
  const pairs = new Int32Array(2 * m);
  for (let i = 0; i < m; i++) {
    pairs[2 * i] = c.formalOf[ordered[Math.floor(keys[i]! / n)]!]!;
    pairs[2 * i + 1] = c.formalOf[ordered[keys[i]! % n]!]!;
  }
  const steps = pairDistances(c.formal, pairs);
  const ties: TDistanceTie[] = new Array(m);
  const tieCount = new Int32Array(n);
  const reachedOf = new Int32Array(n);
  const sumOf = new Float64Array(n);
  const atDistance: number[] = [];
  let reachable = 0;
  let sum = 0;
  for (let i = 0; i < m; i++) {
    const s = ordered[Math.floor(keys[i]! / n)]!;
    const t = ordered[keys[i]! % n]!;
    const d = steps[i]!;
    ties[i] = { source: names[s]!, target: names[t]!, distance: d < 0 ? null : d };
    tieCount[s]!++;
    tieCount[t]!++;
    if (d < 0) continue;
    reachedOf[s]!++;
    reachedOf[t]!++;
    sumOf[s]! += d;
    sumOf[t]! += d;
    atDistance[d] = (atDistance[d] ?? 0) + 1;
    reachable++;
    sum += d;
  }
  const histogram: TInformalDistance['histogram'] = [];
  atDistance.forEach((count, distance) => {
    if (count) histogram.push({ distance, ties: count });
  });
  const people: TInformalDistance['people'] = [];
  for (const k of ordered) {
    if (tieCount[k]! > 0)
      people.push({ name: names[k]!, ties: tieCount[k]!, meanDistance: mean(sumOf[k]!, reachedOf[k]!) });
  }
  return {
    ties,
    reachable,
    unreachable: m - reachable,
    meanDistance: mean(sum, reachable),
    medianDistance: median(histogram, reachable),
    histogram,
    people,
  };
}

/** The median of the reachable distances from their histogram (of an even count, the two middle values' mean). */
function median(histogram: TInformalDistance['histogram'], count: number): number | null {
  if (count === 0) return null;
  const at = (i: number) => {
    let seen = 0;
    for (const h of histogram) {
      seen += h.ties;
      if (i < seen) return h.distance;
    }
    return Number.NaN;
  };
  return count % 2 === 1 ? at((count - 1) / 2) : round12((at(count / 2 - 1) + at(count / 2)) / 2);
}
