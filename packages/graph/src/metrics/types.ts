// What computeMetrics takes and answers. Plain types (no zod) so the server, its jobs and the explorer
// share them; docs/network-metrics.md states the convention behind every field.

export interface TMetricsOptions {
  /** Layer indexes to include; all layers when absent. */
  layers?: number[];
  /** Use edge weights as tie strength (pagerank, eigenvector, hub/authority, katz, strength, Louvain). */
  weighted?: boolean;
  /** With `weighted`, paths use 1/weight as the length of a tie (betweenness, closeness, diameter). */
  weightAsDistance?: boolean;
  /** A category node attribute: enables the ONA measures (group tie matrix, E-I index, roles). */
  groupAttribute?: string;
  /** Seed of the Louvain run (same seed, same communities). */
  seed?: number;
}

export interface TMetricsHooks {
  /** Called with 0..1 as the work advances (the all-pairs part dominates). */
  onProgress?(fraction: number): void;
}

export interface TNodeMetrics {
  name: string;
  degree: number;
  inDegree: number;
  outDegree: number;
  /** Sum of tie weights (equals degree when unweighted). */
  strength: number;
  betweenness: number;
  betweennessNormalized: number;
  closeness: number;
  harmonicCloseness: number;
  eigenvector: number;
  pagerank: number;
  hub: number;
  authority: number;
  katz: number;
  clustering: number;
  coreNumber: number;
  community: number;
}

export interface TNetworkMetrics {
  nodes: number;
  /** Distinct ties after merging parallel edges and dropping self-loops. */
  edges: number;
  selfLoops: number;
  density: number;
  reciprocity: number;
  transitivity: number;
  diameter: number;
  averagePathLength: number;
  components: number;
  largestComponent: number;
  modularity: number;
  communities: number;
}

export const ONA_ROLES = ['broker', 'connector', 'peripheral', 'none'] as const;
export type TOnaRole = (typeof ONA_ROLES)[number];

export interface TOnaGroup {
  name: string;
  size: number;
  /** Ties with both ends in the group. */
  internal: number;
  /** Ties with one end in the group and the other in another group. */
  external: number;
  /** (external - internal) / (external + internal); 0 when the group has no ties. */
  eiIndex: number;
}

export interface TOnaMetrics {
  attribute: string;
  groups: TOnaGroup[];
  /** ties[i][j]: ties from group i to group j (undirected ties count in both cells, once on the diagonal). */
  ties: number[][];
  eiIndex: number;
  /** Per node, in node order. */
  roles: TOnaRole[];
  /** Per node: index into `groups`, -1 when the node has no value. */
  groupOf: number[];
}

export interface TMetricsResult {
  network: TNetworkMetrics;
  nodes: TNodeMetrics[];
  ona: TOnaMetrics | null;
}
