import type Graph from 'graphology';
import type Sigma from 'sigma';
import type { Coordinates } from 'sigma/types';
import { buildNodeGrid, pickNode, type TNodeGrid } from './node-grid';

// The node under the pointer from our grid (node-grid.ts) instead of sigma's pixel read-back, which
// waits for the GPU (the CPU, in software WebGL) to finish drawing on every move, click and wheel step.
// Node keys are their indexes. The grid is rebuilt on the first pick after any node moved, resized or
// was hidden.

interface TSnapshot {
  index: TNodeGrid;
  x: Float64Array;
  y: Float64Array;
  size: Float64Array;
  maxSize: number;
}

export class NodePicker {
  private grid: TSnapshot | null = null;

  constructor(
    private readonly graph: Graph,
    private readonly renderer: Sigma,
    private readonly count: number,
  ) {
    for (const event of ['nodeAdded', 'nodeDropped', 'nodeAttributesUpdated', 'eachNodeAttributesUpdated', 'cleared']) {
      graph.on(event as 'nodeAdded', () => {
        this.grid = null;
      });
    }
  }

  /** The node under a viewport point: of the discs that contain it, the one it is deepest inside. */
  pick(p: Coordinates): string | null {
    const grid = this.grid ?? this.build();
    const r = this.renderer;
    const at = r.viewportToGraph(p);
    const next = r.viewportToGraph({ x: p.x + 1, y: p.y });
    const perPixel = Math.hypot(next.x - at.x, next.y - at.y) || 1;
    const reach = (r.scaleSize(grid.maxSize) + 1) * perPixel;
    const node = pickNode(grid.index, at.x, at.y, reach, (i) => {
      const radius = (r.scaleSize(grid.size[i] ?? 0) + 1) * perPixel;
      return Math.hypot((grid.x[i] ?? 0) - at.x, (grid.y[i] ?? 0) - at.y) / radius;
    });
    return node === null ? null : String(node);
  }

  private build(): TSnapshot {
    const n = this.count;
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    const size = new Float64Array(n);
    const shown = new Uint8Array(n);
    let maxSize = 0;
    this.graph.forEachNode((key, a) => {
      const i = Number(key);
      x[i] = a.x;
      y[i] = a.y;
      size[i] = a.size;
      shown[i] = a.hidden ? 0 : 1;
      if (!a.hidden && a.size > maxSize) maxSize = a.size;
    });
    const grid = { index: buildNodeGrid(x, y, (i) => shown[i] === 1), x, y, size, maxSize };
    this.grid = grid;
    return grid;
  }
}
