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
