// A network read as the AONA analyses read it (issue 24): an undirected simple graph of people keyed
// by folded name. All layers merged, parallel ties merged, self-ties ignored; nodes whose names fold
// to the same key are one person, named by the first spelling.
import type { TNetworkData } from '../model';
import { foldName } from './fold';

export interface TSimpleGraph {
  /** People: index = person. */
  names: string[];
  keys: string[];
  /** Person of each key. */
  index: Map<string, number>;
  /** Person of each node of the network. */
  personOf: Int32Array;
  /** Neighbours of each person, ascending. */
  neighbours: Int32Array[];
  /** Distinct ties. */
  ties: number;
}

/**
 * Each person's distinct neighbours, ascending, in typed arrays (issue 36: buildCsr's general merge,
 * a Map and a tuple per tie, took most of an analysis of 200,000 ties). Self-ties are dropped.
 */
function undirectedRows(n: number, data: TNetworkData, personOf: Int32Array) {
  const start = new Int32Array(n + 1);
  for (const e of data.edges) {
    const u = personOf[e.source]!;
    const v = personOf[e.target]!;
    if (u === v) continue;
    start[u + 1]!++;
    start[v + 1]!++;
  }
  for (let p = 0; p < n; p++) start[p + 1]! += start[p]!;
  const adj = new Int32Array(start[n]!);
  const fill = start.slice(0, n);
  for (const e of data.edges) {
    const u = personOf[e.source]!;
    const v = personOf[e.target]!;
    if (u === v) continue;
    adj[fill[u]!++] = v;
    adj[fill[v]!++] = u;
  }
  // Sort each row and drop repeats (parallel ties, ties in several layers), compacting as it goes.
  const neighbours: Int32Array[] = new Array(n);
  let at = 0;
  for (let p = 0; p < n; p++) {
    const row = adj.subarray(start[p]!, start[p + 1]!).sort();
    const from = at;
    for (let i = 0; i < row.length; i++) if (i === 0 || row[i] !== row[i - 1]) adj[at++] = row[i]!;
    neighbours[p] = adj.subarray(from, at);
  }
  return { neighbours, ties: at / 2 };
}

export function simpleGraph(data: TNetworkData): TSimpleGraph {
  const names: string[] = [];
  const keys: string[] = [];
  const index = new Map<string, number>();
  const personOf = new Int32Array(data.nodes.length);
  data.nodes.forEach((node, i) => {
    const key = foldName(node.name);
    let p = index.get(key);
    if (p === undefined) {
      p = names.length;
      index.set(key, p);
      names.push(node.name.trim());
      keys.push(key);
    }
    personOf[i] = p;
  });
  const { neighbours, ties } = undirectedRows(names.length, data, personOf);
  return { names, keys, index, personOf, neighbours, ties };
}

/** Each tie once, as [lower person, higher person]. */
export function tiesOf(g: TSimpleGraph): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  g.neighbours.forEach((ns, u) => {
    for (const v of ns) if (u < v) out.push([u, v]);
  });
  return out;
}
