import iterate from 'graphology-layout-forceatlas2/iterate.js';

// ForceAtlas2 iterations off the main thread. A module worker served from our own origin: the
// package's own supervisor starts its worker from a blob: URL, which the server's CSP refuses.

let edges: Float32Array | null = null;

/** Iterations per round trip run for `batchMs`, so positions reach the screen every frame or few. */
self.onmessage = (e: MessageEvent<{ settings: object; nodes: ArrayBuffer; edges?: ArrayBuffer; batchMs: number }>) => {
  if (e.data.edges) edges = new Float32Array(e.data.edges);
  const nodes = new Float32Array(e.data.nodes);
  if (!edges) return;
  const start = performance.now();
  do iterate(e.data.settings, nodes, edges);
  while (performance.now() - start < e.data.batchMs);
  (self as unknown as Worker).postMessage({ nodes: nodes.buffer }, [nodes.buffer]);
};
