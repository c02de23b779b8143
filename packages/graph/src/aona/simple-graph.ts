// A network read as the AONA analyses read it (issue 24): an undirected simple graph of people keyed
// by folded name. All layers merged, parallel ties merged, self-ties ignored; nodes whose names fold
// to the same key are one person, named by the first spelling.
import { buildCsr } from '../metrics/csr';
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
  const csr = buildCsr({
    directed: false,
    layers: ['ties'],
    nodeAttributes: [],
    edgeAttributes: [],
    nodes: names.map((name) => ({ name, attributes: {} })),
    edges: data.edges.map((e) => ({
      source: personOf[e.source]!,
      target: personOf[e.target]!,
      layer: 0,
      weight: 1,
      attributes: {},
    })),
  });
  const { start, adj } = csr.und;
  const neighbours = names.map((_, p) => adj.subarray(start[p]!, start[p + 1]!));
  return { names, keys, index, personOf, neighbours, ties: csr.edges };
}

/** Each tie once, as [lower person, higher person]. */
export function tiesOf(g: TSimpleGraph): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  g.neighbours.forEach((ns, u) => {
    for (const v of ns) if (u < v) out.push([u, v]);
  });
  return out;
}
