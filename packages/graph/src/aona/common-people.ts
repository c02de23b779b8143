// The people two networks share (C), matched by folded name, and each network's ties among them.
import type { TNetworkData } from '../model';
import { compareCodePoints, foldName } from './fold';
import { simpleGraph, type TSimpleGraph } from './simple-graph';
import type { TTooFewShared } from './types';

export interface TCommon {
  formal: TSimpleGraph;
  informal: TSimpleGraph;
  /** Formal person of each shared person; shared people ordered by folded name (code points). */
  formalOf: Int32Array;
  informalOf: Int32Array;
  /** Shared index of each formal / informal person, -1 when not shared. */
  fromFormal: Int32Array;
  fromInformal: Int32Array;
  /** Ties among the shared people, [lower, higher] shared indices. */
  formalTies: Array<[number, number]>;
  informalTies: Array<[number, number]>;
}

export function commonPeople(formalData: TNetworkData, informalData: TNetworkData): TCommon {
  const formal = simpleGraph(formalData);
  const informal = simpleGraph(informalData);
  const keys = informal.keys.filter((k) => formal.index.has(k)).sort(compareCodePoints);
  const formalOf = Int32Array.from(keys, (k) => formal.index.get(k)!);
  const informalOf = Int32Array.from(keys, (k) => informal.index.get(k)!);
  const fromFormal = new Int32Array(formal.names.length).fill(-1);
  const fromInformal = new Int32Array(informal.names.length).fill(-1);
  keys.forEach((_, c) => {
    fromFormal[formalOf[c]!] = c;
    fromInformal[informalOf[c]!] = c;
  });
  const among = (g: TSimpleGraph, from: Int32Array) => {
    const out: Array<[number, number]> = [];
    g.neighbours.forEach((ns, u) => {
      const a = from[u]!;
      if (a < 0) return;
      for (const v of ns) {
        const b = from[v]!;
        if (u < v && b >= 0) out.push(a < b ? [a, b] : [b, a]);
      }
    });
    return out;
  };
  return {
    formal,
    informal,
    formalOf,
    informalOf,
    fromFormal,
    fromInformal,
    formalTies: among(formal, fromFormal),
    informalTies: among(informal, fromInformal),
  };
}

/**
 * Null when the two networks may be compared; otherwise how many people they share and how many the
 * informal network has (fewer than 2 shared, or fewer than half of the informal network's people).
 */
export function sharedPeople(formal: TNetworkData, informal: TNetworkData): TTooFewShared | null {
  const f = new Set(formal.nodes.map((n) => foldName(n.name)));
  const i = new Set(informal.nodes.map((n) => foldName(n.name)));
  const shared = [...i].filter((k) => f.has(k)).length;
  const of = i.size;
  return shared < 2 || 2 * shared < of ? { shared, of } : null;
}
