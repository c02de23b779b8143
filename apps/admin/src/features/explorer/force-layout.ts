import type Graph from 'graphology';
import { inferSettings } from 'graphology-layout-forceatlas2';
import FA2_DEFAULTS from 'graphology-layout-forceatlas2/defaults.js';
import { assignLayoutChanges, graphToByteArrays } from 'graphology-layout-forceatlas2/helpers.js';

/** Runs ForceAtlas2 in force-worker.ts, writing positions back into the graph each time a batch comes. */
export class ForceLayout {
  private worker: Worker;
  private running = true;
  /** Iterations the worker had run at its last positions (the settle rule measures movement per iteration). */
  iterations = 0;

  /** `pauseMs`: how long to leave the page alone between two position updates (see SigmaView). */
  constructor(
    private readonly graph: Graph,
    pauseMs: () => number,
  ) {
    const order = graph.order;
    // The kernel reads every setting: the defaults fill what inferSettings leaves out.
    const settings = { ...FA2_DEFAULTS, ...inferSettings(graph), barnesHutOptimize: order > 500, adjustSizes: false };
    // Large networks take new positions less often: each redraw costs the CPU the layout needs.
    const batchMs = order > 5_000 ? 120 : order > 1_000 ? 40 : 16;
    const { nodes, edges } = graphToByteArrays(graph, () => 1);
    this.worker = new Worker(new URL('./force-worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<{ nodes: ArrayBuffer; iterations: number }>) => {
      if (!this.running) return;
      this.iterations = e.data.iterations;
      assignLayoutChanges(this.graph, new Float32Array(e.data.nodes), null);
      window.setTimeout(() => {
        if (this.running) this.worker.postMessage({ type: 'ask' });
      }, pauseMs());
    };
    this.worker.postMessage({ type: 'start', settings, nodes: nodes.buffer, edges: edges.buffer, batchMs }, [
      nodes.buffer,
      edges.buffer,
    ]);
  }

  isRunning() {
    return this.running;
  }

  kill() {
    this.running = false;
    this.worker.terminate();
  }
}
