// Two snapshots of a network compared (issue 34; docs/analysis.md): who joined and left, which ties
// were born and dissolved, QAP, each person's degree and betweenness on both sides, and with an
// attribute the E-I index of each side with its permutation p.
import { compareCodePoints, foldName, round12 } from '../aona/fold';
import type { TNetworkData } from '../model';
import { normalizedBetweenness, topBrokers } from './betweenness';
import { compareGroups, eiTest } from './ei';
import { qapTest, type TCommon } from './qap';
import { degreeOf, forEachTie, hasTie, readSnapshot, type TSnapshot } from './snapshot';
import { CompareRefusal, type TComparePerson, type TEiGroup, type TSnapshotComparison, type TTieChange } from './types';

export interface TCompareOptions {
  /** A layer's own name: only its ties count (people stay all of each snapshot's). */
  layer?: string;
  /** A node attribute: the E-I index of each snapshot by it. */
  attribute?: string;
  /** 1,000 by default (QAP and each E-I test). */
  permutations?: number;
  /**
   * Normalized betweenness already computed for a snapshot's nodes (the cached metrics of its version,
   * all layers). Used only where it is the same measure: no layer, and the snapshot read as it is
   * (its own direction).
   */
  betweenness?: { base?: ArrayLike<number> | null; other?: ArrayLike<number> | null };
}

/** Seeds of the permutation tests: fixed, so the same inputs give the same p. */
const SEED = { qap: 1, eiBase: 2, eiOther: 3 };

function keysOf(data: TNetworkData, snapshot: 'base' | 'other'): string[] {
  const first = new Map<string, string>();
  return data.nodes.map((node) => {
    const key = foldName(node.name);
    const seen = first.get(key);
    if (seen !== undefined) {
      throw new CompareRefusal({ kind: 'foldedAlike', snapshot, names: [seen, node.name.trim()] });
    }
    first.set(key, node.name.trim());
    return key;
  });
}

function commonOf(baseKeys: string[], otherKeys: string[]): TCommon {
  const inBase = new Map(baseKeys.map((k, p) => [k, p]));
  const keys = otherKeys.filter((k) => inBase.has(k)).sort(compareCodePoints);
  const inOther = new Map(otherKeys.map((k, p) => [k, p]));
  const baseOf = Int32Array.from(keys, (k) => inBase.get(k)!);
  const otherOf = Int32Array.from(keys, (k) => inOther.get(k)!);
  const fromBase = new Int32Array(baseKeys.length).fill(-1);
  const fromOther = new Int32Array(otherKeys.length).fill(-1);
  keys.forEach((_, c) => {
    fromBase[baseOf[c]!] = c;
    fromOther[otherOf[c]!] = c;
  });
  return { m: keys.length, baseOf, otherOf, fromBase, fromOther };
}

/** Each person's place in folded-name order (keys are distinct within a snapshot). */
function keyOrder(keys: string[]): Int32Array {
  const order = new Int32Array(keys.length);
  Int32Array.from({ length: keys.length }, (_, p) => p)
    .sort((a, b) => compareCodePoints(keys[a]!, keys[b]!))
    .forEach((p, i) => {
      order[p] = i;
    });
  return order;
}

/** The two snapshots as a comparison reads them, once its refusals are checked. */
export interface TComparisonReading {
  directed: boolean;
  layer: string | undefined;
  attribute: string | undefined;
  data: { base: TNetworkData; other: TNetworkData };
  base: TSnapshot;
  other: TSnapshot;
  common: TCommon;
}

/** Reads both snapshots, refusing what cannot be compared (CompareRefusal). */
export function readComparison(
  baseData: TNetworkData,
  otherData: TNetworkData,
  options: Pick<TCompareOptions, 'layer' | 'attribute'> = {},
): TComparisonReading {
  const directed = baseData.directed && otherData.directed;
  const common = commonOf(keysOf(baseData, 'base'), keysOf(otherData, 'other'));
  if (common.m === 0) throw new CompareRefusal({ kind: 'noSharedPeople' });
  const { layer, attribute } = options;
  if (layer !== undefined && !baseData.layers.includes(layer) && !otherData.layers.includes(layer)) {
    throw new CompareRefusal({ kind: 'unknownLayer', layer });
  }
  if (attribute !== undefined) {
    for (const [snapshot, data] of [
      ['base', baseData],
      ['other', otherData],
    ] as const) {
      if (!data.nodeAttributes.some((a) => a.key === attribute)) {
        throw new CompareRefusal({ kind: 'missingAttribute', snapshot, attribute });
      }
    }
  }
  const read = (data: TNetworkData) => {
    if (layer === undefined) return readSnapshot(data, directed);
    const index = data.layers.indexOf(layer);
    return readSnapshot(data, directed, (e) => e.layer === index);
  };
  const data = { base: baseData, other: otherData };
  return { directed, layer, attribute, data, base: read(baseData), other: read(otherData), common };
}

/**
 * A side's cached betweenness (its version's metrics, all layers), rounded, where it is the measure this
 * comparison needs: no layer, and the snapshot read in its own direction. Null otherwise.
 */
export function cachedBetweenness(
  reading: TComparisonReading,
  side: 'base' | 'other',
  cached: ArrayLike<number> | null | undefined,
): Float64Array | null {
  const plain = reading.layer === undefined && reading.data[side].directed === reading.directed;
  return cached && plain && cached.length === reading[side].n ? Float64Array.from(cached, round12) : null;
}

export function compareSnapshots(
  baseData: TNetworkData,
  otherData: TNetworkData,
  options: TCompareOptions = {},
): TSnapshotComparison {
  const reading = readComparison(baseData, otherData, options);
  const side = (s: 'base' | 'other') =>
    cachedBetweenness(reading, s, options.betweenness?.[s]) ?? normalizedBetweenness(reading[s]);
  return compareRead(reading, { base: side('base'), other: side('other') }, options.permutations ?? 1000);
}

/** The comparison of a reading, with each side's normalized betweenness (rounded) given. */
export function compareRead(
  reading: TComparisonReading,
  betweenness: { base: Float64Array; other: Float64Array },
  permutations: number,
): TSnapshotComparison {
  const { directed, base, other, common, attribute } = reading;
  const bb = { values: betweenness.base, top: topBrokers(betweenness.base, keyOrder(base.keys)) };
  const ob = { values: betweenness.other, top: topBrokers(betweenness.other, keyOrder(other.keys)) };

  // Names: the other snapshot's spelling, the base's for people who left.
  const baseName = (p: number) => {
    const c = common.fromBase[p]!;
    return c < 0 ? base.names[p]! : other.names[common.otherOf[c]!]!;
  };
  const changes: Array<TTieChange & { keys: [string, string] }> = [];
  const change = (s: TSnapshot, name: (p: number) => string, p: number, q: number, kind: TTieChange['change']) => {
    // An undirected tie names its ends in folded-name order.
    const [x, y] = directed || compareCodePoints(s.keys[p]!, s.keys[q]!) <= 0 ? [p, q] : [q, p];
    changes.push({ source: name(x), target: name(y), change: kind, keys: [s.keys[x]!, s.keys[y]!] });
  };
  let kept = 0;
  forEachTie(base, (p, q) => {
    const cp = common.fromBase[p]!;
    const cq = common.fromBase[q]!;
    if (cp >= 0 && cq >= 0 && hasTie(other.out, common.otherOf[cp]!, common.otherOf[cq]!)) kept++;
    else change(base, baseName, p, q, 'dissolved');
  });
  forEachTie(other, (p, q) => {
    const cp = common.fromOther[p]!;
    const cq = common.fromOther[q]!;
    if (!(cp >= 0 && cq >= 0 && hasTie(base.out, common.baseOf[cp]!, common.baseOf[cq]!))) {
      change(other, (x) => other.names[x]!, p, q, 'born');
    }
  });
  changes.sort(
    (a, b) =>
      (a.change === b.change ? 0 : a.change === 'born' ? -1 : 1) ||
      compareCodePoints(a.keys[0], b.keys[0]) ||
      compareCodePoints(a.keys[1], b.keys[1]),
  );
  const born = other.ties - kept;
  const dissolved = base.ties - kept;
  const union = kept + born + dissolved;

  const persons: Array<TComparePerson & { key: string; delta: number }> = [];
  const person = (b: number, o: number) => {
    const value = <T>(p: number, f: (p: number) => T): T | null => (p < 0 ? null : f(p));
    const betweenness: [number | null, number | null] = [
      value(b, (p) => bb.values[p]!),
      value(o, (p) => ob.values[p]!),
    ];
    persons.push({
      name: o >= 0 ? other.names[o]! : base.names[b]!,
      status: b < 0 ? 'joined' : o < 0 ? 'left' : 'kept',
      degree: [value(b, (p) => degreeOf(base, p)), value(o, (p) => degreeOf(other, p))],
      betweenness,
      topBroker: [value(b, (p) => bb.top[p] === 1), value(o, (p) => ob.top[p] === 1)],
      key: o >= 0 ? other.keys[o]! : base.keys[b]!,
      delta: round12(Math.abs((betweenness[1] ?? 0) - (betweenness[0] ?? 0))),
    });
  };
  for (let p = 0; p < base.n; p++) {
    const c = common.fromBase[p]!;
    person(p, c < 0 ? -1 : common.otherOf[c]!);
  }
  for (let p = 0; p < other.n; p++) if (common.fromOther[p]! < 0) person(-1, p);
  persons.sort((a, b) => b.delta - a.delta || compareCodePoints(a.key, b.key));

  let ei: TSnapshotComparison['ei'] = null;
  let groups: TEiGroup[] | null = null;
  if (attribute !== undefined) {
    const eb = eiTest(reading.data.base, base, attribute, permutations, SEED.eiBase);
    const eo = eiTest(reading.data.other, other, attribute, permutations, SEED.eiOther);
    ei = { base: eb.ei, other: eo.ei, pBase: eb.p, pOther: eo.p };
    groups = [...new Set([...eb.groups.keys(), ...eo.groups.keys()])].sort(compareGroups).map((name) => {
      const x = eb.groups.get(name);
      const y = eo.groups.get(name);
      return { name, people: [x?.people ?? 0, y?.people ?? 0], ei: [x?.ei ?? null, y?.ei ?? null] };
    });
  }

  return {
    directed,
    people: { kept: common.m, joined: other.n - common.m, left: base.n - common.m },
    ties: { kept, born, dissolved },
    jaccard: union === 0 ? 0 : round12(kept / union),
    qap: qapTest(base, other, common, directed, permutations, SEED.qap),
    persons: persons.map(({ key: _, delta: __, ...row }) => row),
    tieChanges: changes.map(({ keys: _, ...row }) => row),
    ei,
    groups,
  };
}
