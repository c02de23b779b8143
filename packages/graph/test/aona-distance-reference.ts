// The informal distance of issue 24, one breadth-first search per person starting a tie, kept as the
// reference the faster src/aona/distance.ts (issue 36) is checked against (aona-distance-fast.test.ts).
import type { TNetworkData } from '../src';
import { commonPeople } from '../src/aona/common-people';
import { compareNames, round12 } from '../src/aona/fold';
import type { TSimpleGraph } from '../src/aona/simple-graph';
import type { TDistanceTie, TInformalDistance } from '../src/aona/types';

/** Steps from `from` to every person of g (-1 when unreachable). */
function bfs(g: TSimpleGraph, from: number): Int32Array {
  const dist = new Int32Array(g.names.length).fill(-1);
  const queue = new Int32Array(g.names.length);
  let head = 0;
  let tail = 0;
  dist[from] = 0;
  queue[tail++] = from;
  while (head < tail) {
    const u = queue[head++]!;
    for (const v of g.neighbours[u]!) {
      if (dist[v]! < 0) {
        dist[v] = dist[u]! + 1;
        queue[tail++] = v;
      }
    }
  }
  return dist;
}

const mean = (xs: number[]): number | null =>
  xs.length === 0 ? null : round12(xs.reduce((s, x) => s + x, 0) / xs.length);

function median(sorted: number[]): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  return n % 2 === 1 ? sorted[(n - 1) / 2]! : round12((sorted[n / 2 - 1]! + sorted[n / 2]!) / 2);
}

export function informalDistanceBySearch(formal: TNetworkData, informal: TNetworkData): TInformalDistance {
  const c = commonPeople(formal, informal);
  const name = (k: number) => c.formal.names[c.formalOf[k]!]!;
  // One search per shared person that starts an informal tie.
  const bySource = new Map<number, number[]>();
  for (const [a, b] of c.informalTies) {
    const [s, t] = compareNames(name(a), name(b)) <= 0 ? [a, b] : [b, a];
    const list = bySource.get(s);
    if (list) list.push(t);
    else bySource.set(s, [t]);
  }
  const ties: TDistanceTie[] = [];
  const own = new Map<number, number[]>();
  const count = new Map<number, number>();
  for (const [s, targets] of bySource) {
    const dist = bfs(c.formal, c.formalOf[s]!);
    for (const t of targets) {
      const d = dist[c.formalOf[t]!]!;
      ties.push({ source: name(s), target: name(t), distance: d < 0 ? null : d });
      for (const k of [s, t]) {
        count.set(k, (count.get(k) ?? 0) + 1);
        if (d >= 0) {
          const list = own.get(k);
          if (list) list.push(d);
          else own.set(k, [d]);
        }
      }
    }
  }
  ties.sort((x, y) => compareNames(x.source, y.source) || compareNames(x.target, y.target));
  const reached = ties.flatMap((t) => (t.distance === null ? [] : [t.distance])).sort((x, y) => x - y);
  const histogram: TInformalDistance['histogram'] = [];
  for (const d of reached) {
    const last = histogram[histogram.length - 1];
    if (last?.distance === d) last.ties++;
    else histogram.push({ distance: d, ties: 1 });
  }
  const people = [...count]
    .map(([k, n]) => ({ name: name(k), ties: n, meanDistance: mean(own.get(k) ?? []) }))
    .sort((x, y) => compareNames(x.name, y.name));
  return {
    ties,
    reachable: reached.length,
    unreachable: ties.length - reached.length,
    meanDistance: mean(reached),
    medianDistance: median(reached),
    histogram,
    people,
  };
}
