import type Graph from 'graphology';
import { assignLayoutChanges, graphToByteArray } from 'graphology-layout-noverlap/helpers.js';
import type Sigma from 'sigma';

/**
 * "Distribute nodes": overlapping nodes pushed apart (noverlap, in distribute-worker.ts), in screen space
 * so the sizes drawn are the sizes compared. One at a time: a new one ends the one before.
 */
export class Distribute {
  private worker: Worker | null = null;

  constructor(
    private readonly graph: Graph,
    private readonly renderer: Sigma,
  ) {}

  run(maxIterations: number): Promise<void> {
    const r = this.renderer;
    const camera = { cameraState: r.getCamera().getState() };
    const nodes = graphToByteArray(this.graph, (_key, attrs) => ({
      ...r.graphToViewport({ x: Number(attrs.x), y: Number(attrs.y) }, camera),
      size: r.scaleSize(Number(attrs.size) || 3),
    }));
    this.kill();
    const worker = new Worker(new URL('./distribute-worker.ts', import.meta.url), { type: 'module' });
    this.worker = worker;
    return new Promise((resolve) => {
      worker.onmessage = (e: MessageEvent<{ nodes: ArrayBuffer }>) => {
        worker.terminate();
        this.worker = null;
        // The camera may have moved meanwhile: positions go back through the camera they were taken with.
        assignLayoutChanges(this.graph, new Float32Array(e.data.nodes), (_key, pos) => r.viewportToGraph(pos, camera));
        resolve();
      };
      worker.postMessage({ nodes: nodes.buffer, maxIterations }, [nodes.buffer]);
    });
  }

  kill() {
    this.worker?.terminate();
    this.worker = null;
  }
}
