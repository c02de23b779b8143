import type Graph from 'graphology';
import { assignLayoutChanges, graphToByteArrays } from 'graphology-layout-forceatlas2/helpers.js';
import { relativeStep } from './geometry';

/**
 * The layout stops by itself once nodes move, on average, less than this share of the drawing's
 * extent per iteration, or less than SETTLED_SHARE of the largest such step seen, at two checks in a
 * row. Measured on the bench networks: at 1k/5k the step falls from about 2e-3 to 1-5e-5 where the
 * picture no longer changes; at 5k and 20k, after the multilevel start, from about 5e-3 to a slow
 * drift of 1-2e-4 that no longer changes the picture (its clusters stay where they are).
 */
const SETTLED = 1e-4;
const SETTLED_SHARE = 0.05;
const CHECK_MS = 500;
/** FA2 starts slowly (its speed adapts over the first iterations): never judge it settled before this. */
const MIN_FORCE_MS = 2_000;
const MAX_FORCE_MS = 30_000;
/** From this many people, a fresh layout starts from a multilevel layout (multilevel.ts), not a disc. */
const MULTILEVEL_FROM = 2_000;

export interface TForceOptions {
  /** Start from a multilevel layout (a fresh layout of a large network) instead of the positions now. */
  multilevel: boolean;
  /** Calls back once the positions just written are on screen (the layout asks for more then). */
  afterDrawing: (then: () => void) => void;
  /**
   * Calls back when the first positions may come: once the network's first drawing is on screen when it
   * is still being made (positions sooner would start it again); absent: at once.
   */
  beforeFirst?: (then: () => void) => void;
  /** The layout stopped by itself: settled, or at the time cap. */
  onSettled: () => void;
}

/**
 * ForceAtlas2 in force-worker.ts, writing positions into the graph each time a batch comes, and its
 * settle rule. New positions are asked for only once the last ones are drawn, so a large network
 * lays out without redraws piling up and the page keeps answering.
 */
export class ForceLayout {
  private readonly worker: Worker;
  private running = true;
  /** Main iterations the worker had run at its last positions (the settle rule measures movement per iteration). */
  private iterations = 0;
  private readonly timer: number;

  constructor(
    private readonly graph: Graph,
    private readonly options: TForceOptions,
  ) {
    const order = graph.order;
    // Large networks take new positions less often: each redraw costs the CPU the layout needs.
    const batchMs = order > 5_000 ? 120 : order > 1_000 ? 40 : 16;
    const { nodes, edges } = graphToByteArrays(graph, () => 1);
    this.worker = new Worker(new URL('./force-worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<{ nodes: ArrayBuffer; iterations: number }>) => {
      if (!this.running) return;
      this.iterations = e.data.iterations;
      assignLayoutChanges(this.graph, new Float32Array(e.data.nodes), null);
      this.options.afterDrawing(() => {
        if (this.running) this.worker.postMessage({ type: 'ask' });
      });
    };
    const multilevel = options.multilevel && order >= MULTILEVEL_FROM;
    this.worker.postMessage({ type: 'start', nodes: nodes.buffer, edges: edges.buffer, batchMs, multilevel }, [
      nodes.buffer,
      edges.buffer,
    ]);
    // The worker lays out from now on; its first positions are asked for when they may be drawn.
    (options.beforeFirst ?? ((then) => then()))(() => {
      if (this.running) this.worker.postMessage({ type: 'ask' });
    });
    this.timer = this.watch();
  }

  /** Stops the layout once it has settled (see SETTLED), or at the cap. */
  private watch() {
    const startedAt = performance.now();
    let last = this.positions();
    let lastIterations = 0;
    let stillChecks = 0;
    let peak = 0;
    return window.setInterval(() => {
      const elapsed = performance.now() - startedAt;
      if (this.iterations > lastIterations) {
        const now = this.positions();
        const step = relativeStep(last, now, this.iterations - lastIterations);
        last = now;
        lastIterations = this.iterations;
        peak = Math.max(peak, step);
        stillChecks = step < Math.max(SETTLED, SETTLED_SHARE * peak) ? stillChecks + 1 : 0;
      }
      if ((stillChecks >= 2 && elapsed > MIN_FORCE_MS) || elapsed > MAX_FORCE_MS) {
        this.kill();
        this.options.onSettled();
      }
    }, CHECK_MS);
  }

  private positions() {
    const n = this.graph.order;
    const x = new Float32Array(n);
    const y = new Float32Array(n);
    this.graph.forEachNode((key, a) => {
      x[Number(key)] = a.x;
      y[Number(key)] = a.y;
    });
    return { x, y };
  }

  isRunning() {
    return this.running;
  }

  kill() {
    window.clearInterval(this.timer);
    this.running = false;
    this.worker.terminate();
  }
}
