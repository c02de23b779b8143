import iterate from 'graphology-layout-forceatlas2/iterate.js';
import { fa2Settings, levelFromFa2, multilevelStart } from './multilevel';

// ForceAtlas2 iterations off the main thread. A module worker served from our own origin: the
// package's own supervisor starts its worker from a blob: URL, which the server's CSP refuses.
// The worker iterates without waiting for the page: each time the page asks, the next batch ends
// with a copy of the positions. (Waiting for the page tied the layout's speed to the redraws, a few
// iterations a second in software WebGL.) A fresh layout of a large network first builds a
// multilevel start (multilevel.ts), a level at a time, showing each level's picture when asked.

type TStart = { type: 'start'; nodes: ArrayBuffer; edges: ArrayBuffer; batchMs: number; multilevel: boolean };

const PPN = 10;
let nodes: Float32Array | null = null;
let edges: Float32Array | null = null;
let settings: object = {};
let batchMs = 16;
let iterations = 0;
let asked = false;

function send() {
  if (!asked || !nodes) return;
  asked = false;
  const copy = nodes.slice();
  (self as unknown as Worker).postMessage({ nodes: copy.buffer, iterations }, [copy.buffer]);
}

function loop() {
  if (!nodes || !edges) return;
  const start = performance.now();
  do {
    iterate(settings, nodes, edges);
    iterations++;
  } while (performance.now() - start < batchMs);
  send();
  // A macrotask between batches lets the page's "ask" messages in.
  setTimeout(loop, 0);
}

/** Runs the multilevel start a level per task, then the main iterations from where it ends. */
function startFrom(levels: Generator<{ x: Float32Array; y: Float32Array }>) {
  const step = levels.next();
  if (step.done || !nodes) {
    loop();
    return;
  }
  const { x, y } = step.value;
  for (let v = 0; v < x.length; v++) {
    nodes[v * PPN] = x[v] ?? 0;
    nodes[v * PPN + 1] = y[v] ?? 0;
  }
  send();
  setTimeout(() => startFrom(levels), 0);
}

self.onmessage = (e: MessageEvent<TStart | { type: 'ask' }>) => {
  if (e.data.type === 'ask') {
    asked = true;
    return;
  }
  nodes = new Float32Array(e.data.nodes);
  edges = new Float32Array(e.data.edges);
  const n = nodes.length / PPN;
  settings = fa2Settings(n);
  batchMs = e.data.batchMs;
  // The page asks for the first positions itself (force-layout.ts beforeFirst).
  asked = false;
  if (e.data.multilevel) startFrom(multilevelStart(levelFromFa2(n, edges)));
  else loop();
};
