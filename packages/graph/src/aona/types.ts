// The AONA analyses' answers (issue 24; formulas in docs/analysis.md). Field names are the public
// JSON contract of POST /api/base/passiveData/{informalAlignment,informalDistance,CFI,adaptableReadiness}.
// Every ratio is null where its denominator is 0; scores are rounded to 12 decimal places.

import type { TNetworkData } from '../model';

/** The people two networks share (matched by folded name), when too few to compare. */
export interface TTooFewShared {
  shared: number;
  /** People in the informal network. */
  of: number;
}

export interface TAlignmentPerson {
  name: string;
  informalTies: number;
  sharedTies: number;
  alignment: number | null;
}

export interface TInformalAlignment {
  commonPeople: number;
  formalTies: number;
  informalTies: number;
  sharedTies: number;
  jaccard: number;
  formalCoverage: number | null;
  informalConfinement: number | null;
  qap: { r: number | null; p: number | null; permutations: number };
  /** Sorted by name. */
  people: TAlignmentPerson[];
}

export interface TDistanceTie {
  source: string;
  target: string;
  distance: number | null;
}

export interface TInformalDistance {
  ties: TDistanceTie[];
  reachable: number;
  unreachable: number;
  meanDistance: number | null;
  medianDistance: number | null;
  /** Reachable ties by distance, ascending. */
  histogram: { distance: number; ties: number }[];
  /** People with informal ties, sorted by name. */
  people: { name: string; ties: number; meanDistance: number | null }[];
}

export interface TCfiGroup {
  value: string;
  people: number;
  external: number;
  internal: number;
  cfi: number | null;
  ei: number | null;
}

export interface TCfi {
  external: number;
  internal: number;
  cfi: number | null;
  ei: number | null;
  /** Sorted by value. */
  groups: TCfiGroup[];
  /** People with a non-blank value, sorted by name. */
  people: { name: string; value: string; cfi: number | null }[];
}

export interface TReadinessPerson {
  name: string;
  connector: number | null;
  broker: number;
  energizer: number | null;
  readiness: number | null;
  /** The flags joined by ", " (Broker, Connector, Energizer), or "None". */
  role: string;
}

export interface TAdaptableReadiness {
  /** The union network with the Connector, Broker, Energizer (when energy layers exist), Readiness and Role attributes. */
  network: TNetworkData;
  people: number;
  ties: number;
  brokers: number;
  connectors: number;
  energizers: number | null;
  /** The union's layers that counted as energy layers, in layer order. */
  energyLayers: string[];
  /** Sorted by readiness, highest first, then by name. */
  scores: TReadinessPerson[];
}
