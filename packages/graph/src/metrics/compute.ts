// computeMetrics: every node and network measure from one CSR. The all-pairs part (betweenness,
// closeness, diameter) is the expensive one; @tieline/graph/node runs it in worker threads and then
// calls assembleMetrics like this file does.
import type { TNetworkData } from '../model';
import { allPairs } from './all-pairs';
import { eigenvector, hits, katz, pagerank } from './centrality';
import { communities } from './community';
import { buildCsr, plainAllocate, type TAllocate, type TCsr } from './csr';
import { densityOf } from './measures';
import { ona } from './ona';
import type { TPathGraph, TPathTotals } from './paths';
import { clustering, components, coreNumbers, reciprocity } from './structure';
import type { TMetricsHooks, TMetricsOptions, TMetricsResult, TNodeMetrics } from './types';

/** The arrays the path kernel reads; lengths are 1/weight only when asked for. */
export function pathGraph(csr: TCsr, options: TMetricsOptions, alloc: TAllocate = plainAllocate): TPathGraph {
  let length: Float64Array | null = null;
  if (options.weighted && options.weightAsDistance) {
    const w = csr.out.weight;
    length = new Float64Array(alloc(w.byteLength));
    for (let e = 0; e < w.length; e++) length[e] = 1 / w[e]!;
  }
  return {
    n: csr.n,
    directed: csr.directed,
    outStart: csr.out.start,
    outAdj: csr.out.adj,
    inStart: csr.in.start,
    inAdj: csr.in.adj,
    length,
  };
}

export function computeMetrics(
  data: TNetworkData,
  options: TMetricsOptions = {},
  hooks: TMetricsHooks = {},
): TMetricsResult {
  const csr = buildCsr(data, options);
  const onProgress = hooks.onProgress;
  const totals = allPairs(pathGraph(csr, options), onProgress && ((f) => onProgress(0.9 * f)));
  return assembleMetrics(data, options, csr, totals, hooks);
}

/** Every measure but the all-pairs ones: computeMetricsParallel runs these while its workers run. */
export function localMeasures(options: TMetricsOptions, csr: TCsr) {
  const { n } = csr;
  const strength = new Float64Array(n);
  for (const a of csr.directed ? [csr.out, csr.in] : [csr.out]) {
    for (let v = 0; v < n; v++) for (let e = a.start[v]!; e < a.start[v + 1]!; e++) strength[v]! += a.weight[e]!;
  }
  return {
    strength,
    eig: eigenvector(csr),
    pr: pagerank(csr),
    hits: hits(csr),
    kz: katz(csr),
    clus: clustering(csr.und, n),
    core: coreNumbers(csr.und, n),
    comp: components(csr.und, n),
    comm: communities(csr.und, n, options.seed ?? 1),
    reciprocity: reciprocity(csr),
  };
}

/** Everything but the all-pairs pass (or `local`, computed already), combined with its totals into the result. */
export function assembleMetrics(
  data: TNetworkData,
  options: TMetricsOptions,
  csr: TCsr,
  totals: TPathTotals,
  hooks: TMetricsHooks = {},
  local: ReturnType<typeof localMeasures> = localMeasures(options, csr),
): TMetricsResult {
  const { n } = csr;
  const { strength, eig, pr, kz, clus, core, comp, comm } = local;
  const { hub, authority } = local.hits;
  // networkx's normalization: raw Brandes sums over ordered sources / ((n-1)(n-2)).
  const betweennessScale = n > 2 ? 1 / ((n - 1) * (n - 2)) : 0;
  const nodes: TNodeMetrics[] = data.nodes.map((node, v) => {
    const outDegree = csr.out.start[v + 1]! - csr.out.start[v]!;
    const inDegree = csr.in.start[v + 1]! - csr.in.start[v]!;
    const reached = totals.reached[v]!;
    const sum = totals.distanceSum[v]!;
    const raw = totals.betweenness[v]!;
    return {
      name: node.name,
      degree: csr.directed ? inDegree + outDegree : outDegree,
      inDegree,
      outDegree,
      strength: strength[v]!,
      betweenness: csr.directed ? raw : raw / 2,
      betweennessNormalized: raw * betweennessScale,
      closeness: sum > 0 && n > 1 ? (reached / sum) * (reached / (n - 1)) : 0,
      harmonicCloseness: totals.harmonic[v]!,
      eigenvector: eig[v]!,
      pagerank: pr[v]!,
      hub: hub[v]!,
      authority: authority[v]!,
      katz: kz[v]!,
      clustering: clus.local[v]!,
      coreNumber: core[v]!,
      community: comm.community[v]!,
    };
  });
  const result: TMetricsResult = {
    network: {
      nodes: n,
      edges: csr.edges,
      selfLoops: csr.selfLoops,
      density: densityOf(csr),
      reciprocity: local.reciprocity,
      transitivity: clus.transitivity,
      diameter: totals.diameter,
      averagePathLength: totals.pairs > 0 ? totals.pathLengthSum / totals.pairs : 0,
      components: comp.count,
      largestComponent: comp.largest,
      modularity: comm.modularity,
      communities: comm.count,
    },
    nodes,
    ona: options.groupAttribute ? ona(data, csr, options.groupAttribute) : null,
  };
  hooks.onProgress?.(1);
  return result;
}
