// Internals of graphology-layout-forceatlas2 that its package ships without types: the iteration
// kernel, its default settings and the graph <-> typed array helpers (used to run the layout in our own module worker).
declare module 'graphology-layout-forceatlas2/iterate.js' {
  export default function iterate(settings: object, nodes: Float32Array, edges: Float32Array): void;
}
declare module 'graphology-layout-forceatlas2/defaults.js' {
  const defaults: Record<string, number | boolean>;
  export default defaults;
}
declare module 'graphology-layout-forceatlas2/helpers.js' {
  import type Graph from 'graphology';
  export function graphToByteArrays(
    graph: Graph,
    getEdgeWeight: () => number,
  ): { nodes: Float32Array; edges: Float32Array };
  export function assignLayoutChanges(graph: Graph, nodes: Float32Array, outputReducer: null): void;
}
// The same for graphology-layout-noverlap ("Distribute nodes" runs in distribute-worker.ts).
declare module 'graphology-layout-noverlap/iterate.js' {
  export default function iterate(settings: object, nodes: Float32Array): { converged: boolean };
}
declare module 'graphology-layout-noverlap/defaults.js' {
  const defaults: Record<string, number>;
  export default defaults;
}
declare module 'graphology-layout-noverlap/helpers.js' {
  import type Graph from 'graphology';

  type TPoint = { x: number; y: number };
  export function graphToByteArray(
    graph: Graph,
    reducer: (key: string, attrs: Record<string, unknown>) => TPoint & { size: number },
  ): Float32Array;
  export function assignLayoutChanges(
    graph: Graph,
    nodes: Float32Array,
    reducer: (key: string, pos: TPoint) => TPoint,
  ): void;
}
