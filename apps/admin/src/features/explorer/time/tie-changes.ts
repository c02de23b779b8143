import type { TNetworkData } from '@tieline/graph';

// The explorer's "changes" view of a series: which ties of the snapshot shown were born since the one
// before it, and which ties of that one have dissolved. As POST /networks/compare reads two snapshots
// (docs/analysis.md): people matched by name, simple graphs (parallel ties of any layer merged, self-ties
// ignored), directed only when both snapshots are. Dissolved ties are drawn between the people still
// there; those with someone who left are counted, not drawn (that person is not in the picture).

export interface TTieChanges {
  /** The label of the snapshot compared with. */
  since: string;
  /** Per tie of the snapshot shown: 1 when born. */
  born: Uint8Array;
  /** Distinct ties born (pairs, not parallel ties). */
  bornCount: number;
  /** Dissolved ties between people of the snapshot shown, as node index pairs (s, t, s, t, …). */
  dissolved: Int32Array;
  /** Dissolved ties with a person who has left since. */
  dissolvedWithLeavers: number;
}

const pairKey = (a: string, b: string, directed: boolean) =>
  directed || a < b ? JSON.stringify([a, b]) : JSON.stringify([b, a]);

export function tieChanges(before: TNetworkData, now: TNetworkData, since: string): TTieChanges {
  const directed = before.directed && now.directed;
  const beforeNames = before.nodes.map((n) => n.name);
  const nowNames = now.nodes.map((n) => n.name);
  const nowIndex = new Map(nowNames.map((name, i) => [name, i]));
  const had = new Map<string, [string, string]>();
  for (const e of before.edges) {
    if (e.source === e.target) continue;
    const a = beforeNames[e.source]!;
    const b = beforeNames[e.target]!;
    had.set(pairKey(a, b, directed), [a, b]);
  }
  const born = new Uint8Array(now.edges.length);
  const has = new Set<string>();
  const bornPairs = new Set<string>();
  now.edges.forEach((e, i) => {
    if (e.source === e.target) return;
    const key = pairKey(nowNames[e.source]!, nowNames[e.target]!, directed);
    has.add(key);
    if (had.has(key)) return;
    born[i] = 1;
    bornPairs.add(key);
  });
  const dissolved: number[] = [];
  let dissolvedWithLeavers = 0;
  for (const [key, [a, b]] of had) {
    if (has.has(key)) continue;
    const s = nowIndex.get(a);
    const t = nowIndex.get(b);
    if (s === undefined || t === undefined) dissolvedWithLeavers += 1;
    else dissolved.push(s, t);
  }
  return { since, born, bornCount: bornPairs.size, dissolved: Int32Array.from(dissolved), dissolvedWithLeavers };
}
