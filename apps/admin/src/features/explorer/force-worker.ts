import iterate from 'graphology-layout-forceatlas2/iterate.js';

// ForceAtlas2 iterations off the main thread. A module worker served from our own origin: the
// package's own supervisor starts its worker from a blob: URL, which the server's CSP refuses.
// The worker iterates without waiting for the page: each time the page asks, the next batch ends
// with a copy of the positions. (Waiting for the page tied the layout's speed to the redraws, a few
// iterations a second in software WebGL.)

type TStart = { type: 'start'; settings: object; nodes: ArrayBuffer; edges: ArrayBuffer; batchMs: number };

let nodes: Float32Array | null = null;
let edges: Float32Array | null = null;
let settings: object = {};
let batchMs = 16;
let iterations = 0;
let asked = false;

function loop() {
  if (!nodes || !edges) return;
  const start = performance.now();
  do {
    iterate(settings, nodes, edges);
    iterations++;
  } while (performance.now() - start < batchMs);
  if (asked) {
    asked = false;
    const copy = nodes.slice();
    (self as unknown as Worker).postMessage({ nodes: copy.buffer, iterations }, [copy.buffer]);
  }
  // A macrotask between batches lets the page's "ask" messages in.
  setTimeout(loop, 0);
}

self.onmessage = (e: MessageEvent<TStart | { type: 'ask' }>) => {
  if (e.data.type === 'ask') {
    asked = true;
    return;
  }
  nodes = new Float32Array(e.data.nodes);
  edges = new Float32Array(e.data.edges);
  settings = e.data.settings;
  batchMs = e.data.batchMs;
  asked = true;
  loop();
};
