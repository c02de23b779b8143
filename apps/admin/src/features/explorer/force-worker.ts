import iterate from 'graphology-layout-forceatlas2/iterate.js';

// ForceAtlas2 iterations off the main thread. A module worker served from our own origin: the
// package's own supervisor starts its worker from a blob: URL, which the server's CSP refuses.

/** Iterations per round trip are capped by time, so positions reach the screen every frame or so. */
const BATCH_MS = 12;
let edges: Float32Array | null = null;

self.onmessage = (e: MessageEvent<{ settings: object; nodes: ArrayBuffer; edges?: ArrayBuffer }>) => {
  if (e.data.edges) edges = new Float32Array(e.data.edges);
  const nodes = new Float32Array(e.data.nodes);
  if (!edges) return;
  const start = performance.now();
  do iterate(e.data.settings, nodes, edges);
  while (performance.now() - start < BATCH_MS);
  (self as unknown as Worker).postMessage({ nodes: nodes.buffer }, [nodes.buffer]);
};
