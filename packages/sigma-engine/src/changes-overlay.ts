import type Graph from 'graphology';
import type Sigma from 'sigma';
import { fitCanvas, projector } from './overlay-canvas';

// A series' "changes" view: the ties dissolved since the snapshot before, drawn dashed on their own 2D
// canvas under the people (the born ties are ordinary ties in their own colour, written by `apply`).
// It is redrawn at each camera step and after each render, like the hover highlight, so it never waits
// for a WebGL redraw; a few thousand dashed lines cost a millisecond or two.

/** The dissolved ties' colour; they are dashed too, so they do not depend on colour alone. */
export const DISSOLVED_COLOR = '#dc2626';
const DASH = [5, 4];

export class ChangesOverlay {
  private readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  /** Node index pairs (source, target, source, target, …); null: the view is off. */
  private pairs: Int32Array | null = null;

  constructor(
    private readonly renderer: Sigma,
    private readonly graph: Graph,
  ) {
    this.canvas = renderer.createCanvas('changes', { beforeLayer: 'nodes', style: { pointerEvents: 'none' } });
    this.canvas.dataset.testid = 'explorer-changes';
    this.ctx = this.canvas.getContext('2d') as CanvasRenderingContext2D;
    renderer.on('afterRender', () => this.draw());
    renderer.on('resize', () => this.draw());
  }

  set(pairs: Int32Array | null) {
    this.pairs = pairs && pairs.length > 0 ? pairs : null;
    this.draw();
  }

  draw() {
    const { width, height } = this.renderer.getDimensions();
    const ctx = this.ctx;
    fitCanvas(this.canvas, ctx, width, height);
    const pairs = this.pairs;
    this.canvas.dataset.dissolved = String(pairs ? pairs.length / 2 : 0);
    if (!pairs) return;
    const toScreen = projector(this.renderer);
    ctx.strokeStyle = DISSOLVED_COLOR;
    ctx.lineWidth = 1.5;
    ctx.setLineDash(DASH);
    ctx.beginPath();
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      const s = String(pairs[i]);
      const t = String(pairs[i + 1]);
      if (!this.graph.hasNode(s) || !this.graph.hasNode(t)) continue;
      const a = this.graph.getNodeAttributes(s);
      const b = this.graph.getNodeAttributes(t);
      if (a.hidden || b.hidden) continue;
      const from = toScreen(a as { x: number; y: number });
      const to = toScreen(b as { x: number; y: number });
      ctx.moveTo(from.x, from.y);
      ctx.lineTo(to.x, to.y);
    }
    ctx.stroke();
    ctx.setLineDash([]);
  }
}
