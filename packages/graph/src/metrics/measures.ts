// The network-level measures a series shows per snapshot (issue 34), as the explorer's dashboard
// defines them (computeMetrics' `network`: docs/network-metrics.md) but without the all-pairs pass: the
// merged simple graph of all layers, unweighted, Louvain seeded as the metrics are.
import type { TNetworkData } from '../model';
import { communities } from './community';
import { buildCsr, type TCsr } from './csr';
import { clustering, reciprocity } from './structure';

/** Ties over possible ties: ordered pairs when directed, unordered when not. */
export function densityOf(csr: TCsr): number {
  const pairs = csr.n * (csr.n - 1);
  return pairs > 0 ? (csr.directed ? csr.edges : 2 * csr.edges) / pairs : 0;
}

export interface TNetworkMeasures {
  people: number;
  /** Distinct ties (ordered pairs when directed), self-ties dropped. */
  ties: number;
  density: number;
  /** 2 x ties / people (0 without people). */
  meanDegree: number;
  /** Null when undirected. */
  reciprocity: number | null;
  transitivity: number;
  modularity: number;
}

export function networkMeasures(data: TNetworkData, seed = 1): TNetworkMeasures {
  const csr = buildCsr(data);
  const { n } = csr;
  return {
    people: n,
    ties: csr.edges,
    density: densityOf(csr),
    meanDegree: n > 0 ? (2 * csr.edges) / n : 0,
    reciprocity: csr.directed ? reciprocity(csr) : null,
    transitivity: clustering(csr.und, n).transitivity,
    modularity: communities(csr.und, n, seed).modularity,
  };
}
