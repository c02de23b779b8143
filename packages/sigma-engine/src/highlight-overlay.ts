import type Graph from 'graphology';
import type Sigma from 'sigma';
import { fitCanvas, projector } from './overlay-canvas';

// The hover/focus highlight on its own 2D canvas, between sigma's labels and its hover layer: a white
// wash over the drawing, then the person, their neighbours and their ties drawn again on top. It
// costs the neighbourhood only, so hovering never redraws the WebGL scene (at 20,000 people and
// 100,000 ties, one redraw takes seconds in software WebGL).

const WASH = 'rgba(255, 255, 255, 0.78)';
const RING = '#111827';
const FONT = 'Inter, system-ui, sans-serif';
/** Past this many neighbours, only the person's own name is written (the names would cover each other). */
const MAX_LABELS = 40;

interface TAttrs {
  x: number;
  y: number;
  size: number;
  color: string;
  label: string;
  hidden?: boolean;
}

export class HighlightOverlay {
  private readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private node: number | null = null;
  private named = true;

  constructor(
    private readonly renderer: Sigma,
    private readonly graph: Graph,
    private readonly directed: boolean,
  ) {
    this.canvas = renderer.createCanvas('highlight', { beforeLayer: 'hovers', style: { pointerEvents: 'none' } });
    this.canvas.dataset.testid = 'explorer-highlight';
    this.ctx = this.canvas.getContext('2d') as CanvasRenderingContext2D;
    // A redraw clears sigma's own layers, not this one: draw again after it so both follow the same camera.
    renderer.on('afterRender', () => this.draw());
    renderer.on('resize', () => this.draw());
  }

  /** The person highlighted (hovered, else focused), or null; `named`: write their name too. */
  show(node: number | null, named: boolean) {
    if (node === this.node && named === this.named) return;
    this.node = node;
    this.named = named;
    this.draw();
  }

  draw() {
    const { width, height } = this.renderer.getDimensions();
    const ctx = this.ctx;
    fitCanvas(this.canvas, ctx, width, height);
    const key = this.node === null ? null : String(this.node);
    const container = this.renderer.getContainer();
    if (key === null || !this.graph.hasNode(key) || this.graph.getNodeAttribute(key, 'hidden')) {
      delete container.dataset.highlight;
      return;
    }
    container.dataset.highlight = key;
    const toScreen = projector(this.renderer);
    ctx.fillStyle = WASH;
    ctx.fillRect(0, 0, width, height);

    const focus = this.graph.getNodeAttributes(key) as TAttrs;
    const near = new Map<string, TAttrs>();
    ctx.lineCap = 'round';
    this.graph.forEachEdge(key, (_edge, attrs, s, t, sa, ta) => {
      const a = sa as TAttrs;
      const b = ta as TAttrs;
      if (attrs.hidden || a.hidden || b.hidden) return;
      near.set(s === key ? t : s, s === key ? b : a);
      const from = toScreen(a);
      const to = toScreen(b);
      ctx.strokeStyle = String(attrs.color);
      ctx.lineWidth = Math.max(1.5, Number(attrs.size));
      ctx.beginPath();
      ctx.moveTo(from.x, from.y);
      ctx.lineTo(to.x, to.y);
      ctx.stroke();
      if (this.directed) this.arrowHead(from, to, this.renderer.scaleSize(b.size), String(attrs.color));
    });
    near.delete(key);
    for (const attrs of near.values()) this.disc(toScreen(attrs), attrs, false);
    const centre = toScreen(focus);
    this.disc(centre, focus, true);
    ctx.font = `12px ${FONT}`;
    if (near.size <= MAX_LABELS) {
      for (const attrs of near.values()) this.label(toScreen(attrs), attrs, false);
    }
    ctx.font = `600 13px ${FONT}`;
    if (this.named) this.label(centre, focus, true);
  }

  private disc(p: { x: number; y: number }, attrs: TAttrs, ring: boolean) {
    const ctx = this.ctx;
    const radius = this.renderer.scaleSize(attrs.size);
    ctx.beginPath();
    ctx.arc(p.x, p.y, radius, 0, Math.PI * 2);
    ctx.fillStyle = attrs.color;
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    if (!ring) return;
    ctx.beginPath();
    ctx.arc(p.x, p.y, radius + 3, 0, Math.PI * 2);
    ctx.lineWidth = 2;
    ctx.strokeStyle = RING;
    ctx.stroke();
  }

  private arrowHead(from: { x: number; y: number }, to: { x: number; y: number }, radius: number, color: string) {
    const length = Math.hypot(to.x - from.x, to.y - from.y);
    if (length <= radius + 1) return;
    const ux = (to.x - from.x) / length;
    const uy = (to.y - from.y) / length;
    const tip = { x: to.x - ux * radius, y: to.y - uy * radius };
    const ctx = this.ctx;
    ctx.beginPath();
    ctx.moveTo(tip.x, tip.y);
    ctx.lineTo(tip.x - ux * 7 - uy * 3.5, tip.y - uy * 7 + ux * 3.5);
    ctx.lineTo(tip.x - ux * 7 + uy * 3.5, tip.y - uy * 7 - ux * 3.5);
    ctx.closePath();
    ctx.fillStyle = color;
    ctx.fill();
  }

  private label(p: { x: number; y: number }, attrs: TAttrs, strong: boolean) {
    if (!attrs.label) return;
    const ctx = this.ctx;
    const x = p.x + this.renderer.scaleSize(attrs.size) + (strong ? 6 : 3);
    const y = p.y + 4;
    ctx.lineWidth = 3;
    ctx.strokeStyle = '#ffffff';
    ctx.strokeText(attrs.label, x, y);
    ctx.fillStyle = '#111827';
    ctx.fillText(attrs.label, x, y);
  }
}
