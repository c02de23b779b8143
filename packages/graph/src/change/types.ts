// What the comparison of two snapshots and the stability of rankings answer (issue 34; formulas in
// docs/analysis.md). Field names are the public JSON contract of POST /api/base/networks/compare and
// POST /api/base/networks/{id}/stability. Ratios and scores are rounded to 12 decimals.

export type TPair<T> = [T, T];

export interface TComparePerson {
  /** The other snapshot's spelling; the base's for people who left. */
  name: string;
  status: 'kept' | 'joined' | 'left';
  /** [base, other]; null where the person is absent. */
  degree: TPair<number | null>;
  betweenness: TPair<number | null>;
  topBroker: TPair<boolean | null>;
}

export interface TTieChange {
  source: string;
  target: string;
  change: 'born' | 'dissolved';
}

export interface TEiGroup {
  name: string;
  /** People with this value in [base, other] (0 where the group is absent). */
  people: TPair<number>;
  ei: TPair<number | null>;
}

export interface TSnapshotComparison {
  directed: boolean;
  people: { kept: number; joined: number; left: number };
  ties: { kept: number; born: number; dissolved: number };
  jaccard: number;
  qap: { r: number | null; p: number | null; permutations: number };
  /** By |betweenness change| (an absent side as 0), largest first, then folded name. */
  persons: TComparePerson[];
  /** Born ties, then dissolved ones, each by source then target (folded names). */
  tieChanges: TTieChange[];
  /** With an attribute; null without. */
  ei: { base: number | null; other: number | null; pBase: number | null; pOther: number | null } | null;
  groups: TEiGroup[] | null;
}

/** Why two snapshots cannot be compared (the API words each as a 400). */
export type TCompareRefusal =
  | { kind: 'foldedAlike'; snapshot: 'base' | 'other'; names: TPair<string> }
  | { kind: 'noSharedPeople' }
  | { kind: 'unknownLayer'; layer: string }
  | { kind: 'missingAttribute'; snapshot: 'base' | 'other'; attribute: string };

export class CompareRefusal extends Error {
  constructor(readonly reason: TCompareRefusal) {
    super(`Cannot compare: ${reason.kind}`);
    this.name = 'CompareRefusal';
  }
}

export interface TStabilityPerson {
  name: string;
  /** In the full network. */
  betweenness: number;
  /** 5th and 95th percentiles over the samples that kept the person; null when none did. */
  low: number | null;
  high: number | null;
  /** A top broker of the full network. */
  topBroker: boolean;
  /** Of the samples that kept the person, the share in which they were a top broker of the sample. */
  topBrokerShare: number | null;
  /** Top brokers only: stable (share >= 0.8), unstable (<= 0.5), else null. */
  badge: 'stable' | 'unstable' | null;
}

export interface TStability {
  dropout: number;
  samples: number;
  /** By betweenness, largest first, then folded name. */
  persons: TStabilityPerson[];
}
