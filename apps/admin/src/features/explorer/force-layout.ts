import type Graph from 'graphology';
import { inferSettings } from 'graphology-layout-forceatlas2';
import FA2_DEFAULTS from 'graphology-layout-forceatlas2/defaults.js';
import { assignLayoutChanges, graphToByteArrays } from 'graphology-layout-forceatlas2/helpers.js';

/** Runs ForceAtlas2 in force-worker.ts, writing positions back into the graph after each batch. */
export class ForceLayout {
  private worker: Worker;
  private nodes: Float32Array;
  private running = true;
  private readonly settings: object;
  /** Large networks redraw less often while laying out: each redraw costs the CPU the layout needs. */
  private readonly batchMs: number;

  constructor(private readonly graph: Graph) {
    const order = graph.order;
    // The kernel reads every setting: the defaults fill what inferSettings leaves out.
    this.settings = { ...FA2_DEFAULTS, ...inferSettings(graph), barnesHutOptimize: order > 500, adjustSizes: false };
    this.batchMs = order > 5_000 ? 120 : order > 1_000 ? 40 : 16;
    const { nodes, edges } = graphToByteArrays(graph, () => 1);
    this.nodes = nodes;
    this.worker = new Worker(new URL('./force-worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<{ nodes: ArrayBuffer }>) => {
      if (!this.running) return;
      this.nodes = new Float32Array(e.data.nodes);
      assignLayoutChanges(this.graph, this.nodes, null);
      this.ask();
    };
    this.worker.postMessage(
      { settings: this.settings, nodes: nodes.buffer, edges: edges.buffer, batchMs: this.batchMs },
      [nodes.buffer, edges.buffer],
    );
  }

  private ask() {
    this.worker.postMessage({ settings: this.settings, nodes: this.nodes.buffer, batchMs: this.batchMs }, [
      this.nodes.buffer,
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
