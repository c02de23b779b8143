// computeMetrics: every node and network measure from one CSR. The all-pairs part (betweenness,
// closeness, diameter) is the expensive one; @tieline/graph/node runs it in worker threads and then
// calls assembleMetrics like this file does.
import type { TNetworkData } from '../model';
import { eigenvector, hits, katz, pagerank } from './centrality';
import { communities } from './community';
import { buildCsr, plainAllocate, type TAllocate, type TCsr } from './csr';
import { densityOf } from './measures';
import { ona } from './ona';
import { addSource, createPathTotals, createPathWorkspace, type TPathGraph, type TPathTotals } from './paths';
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
  const g = pathGraph(csr, options);
  const totals = createPathTotals(csr.n);
  const ws = createPathWorkspace(csr.n);
  const every = Math.max(1, Math.floor(csr.n / 100));
  for (let s = 0; s < csr.n; s++) {
    addSource(g, ws, totals, s);
    if (hooks.onProgress && (s + 1) % every === 0) hooks.onProgress((0.9 * (s + 1)) / csr.n);
  }
  return assembleMetrics(data, options, csr, totals, hooks);
}

/** Everything but the all-pairs pass, combined with its totals into the result. */
export function assembleMetrics(
  data: TNetworkData,
  options: TMetricsOptions,
  csr: TCsr,
  totals: TPathTotals,
  hooks: TMetricsHooks = {},
): TMetricsResult {
  const { n } = csr;
  const strength = new Float64Array(n);
  for (const a of csr.directed ? [csr.out, csr.in] : [csr.out]) {
    for (let v = 0; v < n; v++) for (let e = a.start[v]!; e < a.start[v + 1]!; e++) strength[v]! += a.weight[e]!;
  }
  const eig = eigenvector(csr);
  const pr = pagerank(csr);
  const { hub, authority } = hits(csr);
  const kz = katz(csr);
  const clus = clustering(csr.und, n);
  const core = coreNumbers(csr.und, n);
  const comp = components(csr.und, n);
  const comm = communities(csr.und, n, options.seed ?? 1);
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
      reciprocity: reciprocity(csr),
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
