// adaptableReadiness (issue 24; docs/analysis.md): the union of networks by person, with each
// person's Connector, Broker and Energizer scores, role flags and a readiness score.
import { combinedLayerNames, combineNetworks, type TCombineSource, type TLayerSource } from '../combine';
import type { TAttributeValue, TNetworkData } from '../model';
import { compareNames, foldName, round12 } from './fold';
import { simpleGraph, type TSimpleGraph } from './simple-graph';
import type { TAdaptableReadiness, TReadinessPerson } from './types';

/** The score attributes in role order (Role lists flags in this order). */
const ROLES = [
  ['Broker', 'broker'],
  ['Connector', 'connector'],
  ['Energizer', 'energizer'],
] as const;

/** Burt's constraint of every person, unweighted (networkx `constraint`); NaN without ties. */
export function burtConstraint(g: TSimpleGraph): number[] {
  const n = g.names.length;
  const degree = g.neighbours.map((ns) => ns.length);
  const mark = new Int32Array(n).fill(-1);
  const share = new Float64Array(n);
  return g.neighbours.map((ns, v) => {
    if (ns.length === 0) return Number.NaN;
    const p = 1 / degree[v]!;
    for (const j of ns) {
      mark[j] = v;
      share[j] = p;
    }
    // p_vj plus the indirect p_vq * p_qj through every neighbour q of v that is also j's neighbour.
    for (const q of ns) for (const j of g.neighbours[q]!) if (mark[j] === v) share[j]! += p / degree[q]!;
    let c = 0;
    for (const j of ns) c += share[j]! * share[j]!;
    return c;
  });
}

/** Number of distinct people with an energy tie towards each person (ties of undirected sources count both ways). */
function energyInDegree(union: TNetworkData, g: TSimpleGraph, energy: boolean[], both: boolean[]): Int32Array {
  const n = g.names.length;
  const seen = new Set<number>();
  const count = new Int32Array(n);
  const add = (s: number, t: number) => {
    if (s === t || seen.has(s * n + t)) return;
    seen.add(s * n + t);
    count[t]!++;
  };
  for (const e of union.edges) {
    if (!energy[e.layer]) continue;
    const s = g.personOf[e.source]!;
    const t = g.personOf[e.target]!;
    add(s, t);
    if (both[e.layer]) add(t, s);
  }
  return count;
}

/** Indices of the top `k` by score (highest first), ties broken by name. */
function top(scores: number[], names: string[], k: number): Set<number> {
  const order = names.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || compareNames(names[a]!, names[b]!));
  return new Set(order.slice(0, k));
}

/** Share of people with a strictly smaller score, for each person. */
function percentileRanks(scores: number[]): number[] {
  const sorted = [...scores].sort((a, b) => a - b);
  const smaller = new Map<number, number>();
  sorted.forEach((s, i) => {
    if (!smaller.has(s)) smaller.set(s, i);
  });
  return scores.map((s) => smaller.get(s)! / scores.length);
}

/** Each layer of the union adaptableReadiness makes, by its name there, and whether the name rule counts it as energy. */
export interface TReadinessLayer {
  /** `<network name>: <layer>`, or the network's name for a network without layers or a blank layer. */
  name: string;
  /** Its own layer name (the network's name when it has none) contains "energ", any case. */
  energy: boolean;
}

/**
 * A layer without a name of its own: blank, or the only layer of a file that had no edge types, which
 * the readers call "Edges" (formats/build.ts DEFAULT_LAYER): such a layer goes by its network's name.
 */
const unnamed = (layer: string, layers: number) =>
  layer.trim() === '' || (layers === 1 && layer.trim().toLowerCase() === 'edges');

/** The union's layers of networks with these names and layers, in order (the form lists them to tick). */
export function readinessLayers(sources: readonly TLayerSource[]): TReadinessLayer[] {
  const names = combinedLayerNames(sources, true);
  const own = sources.flatMap(({ name, layers }) =>
    layers.length === 0 ? [name] : layers.map((layer) => (unnamed(layer, layers.length) ? name : layer)),
  );
  return names.map((name, i) => ({ name, energy: own[i]!.toLowerCase().includes('energ') }));
}

export interface TReadinessOptions {
  /**
   * The union's layers, by name, that count as energy layers, and no others (even none); absent: the
   * layers whose own name contains "energ" (readinessLayers). Matched ignoring case and surrounding spaces.
   */
  energyLayers?: readonly string[];
}

/** `energyLayers` named a layer the union does not have (`names`: each such name, as given). */
export class UnknownLayersError extends Error {
  constructor(readonly names: string[]) {
    super(`Unknown layers: ${names.join(', ')}`);
  }
}

const layerKey = (name: string) => name.trim().toLowerCase();

/** Which union layers count as energy, by the explicit list when given, else by the name rule. */
function energyFlags(sources: readonly TCombineSource[], chosen: readonly string[] | undefined): boolean[] {
  const layers = readinessLayers(sources.map((s) => ({ name: s.name, layers: s.data.layers })));
  if (chosen === undefined) return layers.map((l) => l.energy);
  const known = new Set(layers.map((l) => layerKey(l.name)));
  const unknown = [...new Set(chosen.filter((name) => !known.has(layerKey(name))))];
  if (unknown.length > 0) throw new UnknownLayersError(unknown);
  const wanted = new Set(chosen.map(layerKey));
  return layers.map((l) => wanted.has(layerKey(l.name)));
}

export function adaptableReadiness(
  sources: readonly TCombineSource[],
  options: TReadinessOptions = {},
): TAdaptableReadiness {
  const energy = energyFlags(sources, options.energyLayers);
  const hasEnergy = energy.some(Boolean);
  const directed = sources.some((s) => s.data.directed);
  const union = combineNetworks(sources, directed, { key: foldName, prefixLayers: true });
  // Which union layers came from an undirected source (combineNetworks keeps the sources' order).
  const both = sources.flatMap((s) => Array<boolean>(Math.max(1, s.data.layers.length)).fill(!s.data.directed));

  const g = simpleGraph(union);
  const n = g.names.length;
  const per = (x: number) => (n < 2 ? null : round12(x / (n - 1)));
  const constraint = burtConstraint(g);
  const inEnergy = hasEnergy ? energyInDegree(union, g, energy, both) : null;
  const scores = {
    connector: g.neighbours.map((ns) => per(ns.length)),
    broker: constraint.map((c) => (Number.isNaN(c) ? 0 : round12(1 - c))),
    energizer: g.names.map((_, v) => (inEnergy ? per(inEnergy[v]!) : null)),
  };
  const k = Math.ceil(n / 10);
  const flags: string[][] = g.names.map(() => []);
  const counts: Record<string, number | null> = { broker: 0, connector: 0, energizer: hasEnergy ? 0 : null };
  const ranks: number[][] = g.names.map(() => []);
  for (const [label, key] of ROLES) {
    const values = scores[key];
    if (n === 0 || values[0] === null) continue;
    const available = values as number[];
    for (const v of top(available, g.names, k)) flags[v]!.push(label);
    counts[key] = Math.min(k, n);
    percentileRanks(available).forEach((r, v) => {
      ranks[v]!.push(r);
    });
  }
  const people: TReadinessPerson[] = g.names.map((name, v) => ({
    name,
    connector: scores.connector[v]!,
    broker: scores.broker[v]!,
    energizer: scores.energizer[v]!,
    readiness: ranks[v]!.length === 0 ? null : round12(ranks[v]!.reduce((s, r) => s + r, 0) / ranks[v]!.length),
    role: flags[v]!.length === 0 ? 'None' : flags[v]!.join(', '),
  }));

  const added = ['Connector', 'Broker', ...(hasEnergy ? ['Energizer'] : []), 'Readiness', 'Role'];
  const network: TNetworkData = {
    ...union,
    nodeAttributes: [
      ...union.nodeAttributes.filter((d) => !added.includes(d.key)),
      ...added.map((key) => ({ key, type: key === 'Role' ? ('category' as const) : ('number' as const) })),
    ],
    nodes: union.nodes.map((node, i) => {
      const p = people[g.personOf[i]!]!;
      const values: Record<string, TAttributeValue> = {
        Connector: p.connector,
        Broker: p.broker,
        ...(hasEnergy ? { Energizer: p.energizer } : {}),
        Readiness: p.readiness,
        Role: p.role,
      };
      return { ...node, attributes: { ...node.attributes, ...values } };
    }),
  };
  return {
    network,
    people: n,
    ties: g.ties,
    brokers: counts.broker!,
    connectors: counts.connector!,
    energizers: counts.energizer ?? null,
    energyLayers: union.layers.filter((_, i) => energy[i]),
    scores: [...people].sort((a, b) => (b.readiness ?? -1) - (a.readiness ?? -1) || compareNames(a.name, b.name)),
  };
}
