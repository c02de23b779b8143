import type { TNetworkData } from '@tieline/graph';
import Graph from 'graphology';
import noverlap from 'graphology-layout-noverlap';
import Sigma from 'sigma';
import type { TEncoded } from './encoding';
import { layerColor } from './encoding';
import type { TExplorerState } from './explorer-state';
import { ForceLayout } from './force-layout';
import type { TPositions } from './layouts';
import { insidePolygon } from './sigma-view-geometry';

// The drawing: one graphology graph (node and edge keys are their indexes in the network data) and
// one sigma renderer (WebGL). Encoding and filters are written into the graph's attributes, so the
// reducers only do the hover/focus highlight; on large networks the highlight refreshes only the
// focused neighbourhood, so hovering stays fast.

const FADED = '#e5e7eb';
/** Up to this many nodes, a highlight fades everyone else (a full refresh is cheap enough). */
const FADE_LIMIT = 1_500;
/** The force layout stops by itself once nodes move less than this share of the drawing per check. */
const SETTLED = 0.001;
const CHECK_MS = 500;
/** FA2 starts slowly (its speed adapts over the first iterations): never judge it settled before this. */
const MIN_FORCE_MS = 2_000;
const MAX_FORCE_MS = 30_000;
/** Past this many ties (or people, for labels), the camera moves without them: software WebGL keeps its frame rate. */
const LIGHT_MOVE = 5_000;

export interface TViewEvents {
  onClickNode(node: number): void;
  onClickStage(): void;
  onForceChange(running: boolean): void;
}

export interface TSceneItem {
  x: number;
  y: number;
  size: number;
  color: string;
  label: string;
}

export class SigmaView {
  readonly graph: Graph;
  readonly renderer: Sigma;
  private fa2: ForceLayout | null = null;
  private forceTimer = 0;
  private hovered: number | null = null;
  private focused: number | null = null;
  private selected = new Set<number>();
  private near = new Set<string>();

  constructor(
    container: HTMLElement,
    private readonly data: TNetworkData,
    start: TPositions,
    private readonly events: TViewEvents,
  ) {
    const graph = new Graph({ multi: true, type: data.directed ? 'directed' : 'undirected', allowSelfLoops: true });
    data.nodes.forEach((node, i) => {
      graph.addNode(String(i), { label: node.name, x: start.x[i] ?? 0, y: start.y[i] ?? 0, size: 5, color: '#4f6bed' });
    });
    data.edges.forEach((e, i) => {
      graph.addEdgeWithKey(String(i), String(e.source), String(e.target), {
        layer: e.layer,
        weight: e.weight,
        size: 1,
        color: layerColor(e.layer),
      });
    });
    this.graph = graph;
    this.renderer = new Sigma(graph, container, {
      defaultEdgeType: data.directed ? 'arrow' : 'line',
      renderEdgeLabels: false,
      hideEdgesOnMove: data.edges.length > LIGHT_MOVE,
      hideLabelsOnMove: data.nodes.length > LIGHT_MOVE,
      zIndex: true,
      labelFont: 'Inter, system-ui, sans-serif',
      labelSize: 12,
      labelColor: { color: '#1f2937' },
      nodeReducer: (key, attrs) => this.reduceNode(key, attrs),
      edgeReducer: (key, attrs) => this.reduceEdge(key, attrs),
    });
    this.renderer.on('enterNode', ({ node }) => this.setHovered(Number(node)));
    this.renderer.on('leaveNode', () => this.setHovered(null));
    this.renderer.on('clickNode', ({ node }) => this.events.onClickNode(Number(node)));
    this.renderer.on('clickStage', () => this.events.onClickStage());
  }

  private reduceNode(key: string, attrs: Record<string, unknown>) {
    const i = Number(key);
    const focus = this.hovered ?? this.focused;
    if (focus === null && this.selected.size === 0) return attrs;
    const out: Record<string, unknown> = { ...attrs };
    if (this.selected.has(i)) {
      out.highlighted = true;
      out.zIndex = 1;
    }
    if (focus === null) return out;
    if (i === focus || this.near.has(key)) {
      out.zIndex = 2;
      out.forceLabel = true;
      if (i === focus) out.highlighted = true;
    } else if (this.data.nodes.length <= FADE_LIMIT) {
      out.color = FADED;
      out.label = '';
      out.zIndex = 0;
    }
    return out;
  }

  private reduceEdge(key: string, attrs: Record<string, unknown>) {
    const focus = this.hovered ?? this.focused;
    if (focus === null) return attrs;
    const [s, t] = this.graph.extremities(key);
    if (s === String(focus) || t === String(focus))
      return { ...attrs, size: Math.max(2, Number(attrs.size)), zIndex: 1 };
    return this.data.nodes.length <= FADE_LIMIT ? { ...attrs, hidden: true } : attrs;
  }

  private neighbourhood(node: number | null): { nodes: string[]; edges: string[] } {
    if (node === null) return { nodes: [], edges: [] };
    const key = String(node);
    return { nodes: [key, ...this.graph.neighbors(key)], edges: this.graph.edges(key) };
  }

  /** Re-runs the reducers for what the highlight touched: all on small networks, the neighbourhoods on large. */
  private refreshFocus(before: number | null, after: number | null) {
    const focus = after;
    this.near = new Set(focus === null ? [] : this.graph.neighbors(String(focus)));
    if (this.data.nodes.length <= FADE_LIMIT) {
      this.renderer.refresh({ skipIndexation: true });
      return;
    }
    const a = this.neighbourhood(before);
    const b = this.neighbourhood(after);
    this.renderer.refresh({
      partialGraph: { nodes: [...a.nodes, ...b.nodes], edges: [...a.edges, ...b.edges] },
      skipIndexation: true,
    });
  }

  private setHovered(node: number | null) {
    const before = this.hovered ?? this.focused;
    this.hovered = node;
    this.refreshFocus(before, this.hovered ?? this.focused);
  }

  setFocused(node: number | null) {
    const before = this.hovered ?? this.focused;
    this.focused = node;
    this.refreshFocus(before, this.hovered ?? this.focused);
  }

  setSelection(nodes: number[]) {
    this.selected = new Set(nodes);
    this.renderer.refresh({ skipIndexation: true });
  }

  /** Writes colours, sizes, visibility and edge styling into the graph in one pass each. */
  apply(encoded: TEncoded, visible: Uint8Array, state: TExplorerState) {
    const layers = new Set(state.layers);
    this.graph.updateEachNodeAttributes(
      (key, attrs) => {
        const i = Number(key);
        return { ...attrs, color: encoded.color[i], size: encoded.size[i], hidden: visible[i] !== 1 };
      },
      { attributes: ['color', 'size', 'hidden'] },
    );
    let maxWeight = 1;
    for (const e of this.data.edges) if (e.weight > maxWeight) maxWeight = e.weight;
    this.graph.updateEachEdgeAttributes(
      (key, attrs) => {
        const e = this.data.edges[Number(key)];
        if (!e) return attrs;
        return {
          ...attrs,
          hidden: !layers.has(e.layer),
          color: state.encoding.edgeColorByLayer ? layerColor(e.layer) : '#9ca3af',
          size: state.encoding.edgeWidthByWeight ? 0.5 + 3.5 * (e.weight / maxWeight) : 1,
        };
      },
      { attributes: ['hidden', 'color', 'size'] },
    );
    const labels = state.encoding.labels;
    this.renderer.setSettings({
      renderLabels: labels !== 'none',
      labelRenderedSizeThreshold: labels === 'all' ? 0 : 5,
      labelDensity: labels === 'all' ? 10 : 0.07,
    });
  }

  setPositions(p: TPositions) {
    this.graph.updateEachNodeAttributes(
      (key, attrs) => ({ ...attrs, x: p.x[Number(key)] ?? 0, y: p.y[Number(key)] ?? 0 }),
      {
        attributes: ['x', 'y'],
      },
    );
  }

  positions(): { x: number[]; y: number[] } {
    const n = this.data.nodes.length;
    const x = new Array<number>(n);
    const y = new Array<number>(n);
    this.graph.forEachNode((key, a) => {
      x[Number(key)] = Math.round(a.x * 100) / 100;
      y[Number(key)] = Math.round(a.y * 100) / 100;
    });
    return { x, y };
  }

  isForceRunning() {
    return this.fa2?.isRunning() ?? false;
  }

  /** ForceAtlas2 in its web worker; stops by itself once the drawing has settled. */
  startForce(onSettled?: () => void) {
    this.stopForce();
    this.fa2 = new ForceLayout(this.graph);
    this.events.onForceChange(true);
    const startedAt = performance.now();
    let last = this.positions();
    this.forceTimer = window.setInterval(() => {
      const now = this.positions();
      let moved = 0;
      let minX = Number.POSITIVE_INFINITY;
      let maxX = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < now.x.length; i++) {
        const dx = (now.x[i] ?? 0) - (last.x[i] ?? 0);
        const dy = (now.y[i] ?? 0) - (last.y[i] ?? 0);
        moved += Math.sqrt(dx * dx + dy * dy);
        minX = Math.min(minX, now.x[i] ?? 0);
        maxX = Math.max(maxX, now.x[i] ?? 0);
      }
      last = now;
      const extent = Math.max(1, maxX - minX);
      const elapsed = performance.now() - startedAt;
      const still = moved / Math.max(1, now.x.length) / extent < SETTLED;
      if ((still && elapsed > MIN_FORCE_MS) || elapsed > MAX_FORCE_MS) {
        this.stopForce();
        onSettled?.();
      }
    }, CHECK_MS);
  }

  stopForce() {
    window.clearInterval(this.forceTimer);
    if (this.fa2) {
      this.fa2.kill();
      this.fa2 = null;
      this.events.onForceChange(false);
    }
  }

  /** Pushes overlapping nodes apart, in screen space so the sizes drawn are the sizes compared. */
  distribute() {
    const r = this.renderer;
    noverlap.assign(this.graph, {
      maxIterations: this.data.nodes.length > 5_000 ? 20 : 60,
      settings: { ratio: 1, margin: 2 },
      inputReducer: (key, attrs) => {
        const p = r.graphToViewport(attrs);
        return { x: p.x, y: p.y, size: r.getNodeDisplayData(key)?.size ?? 3 };
      },
      outputReducer: (_key, pos) => ({ ...pos, ...r.viewportToGraph(pos) }),
    });
  }

  fit() {
    this.renderer.getCamera().animatedReset({ duration: 300 });
  }

  zoom(by: 'in' | 'out') {
    const camera = this.renderer.getCamera();
    if (by === 'in') camera.animatedZoom({ duration: 200 });
    else camera.animatedUnzoom({ duration: 200 });
  }

  /** Centres the camera on a node and zooms in on it. */
  focusNode(node: number) {
    const d = this.renderer.getNodeDisplayData(String(node));
    if (!d) return;
    this.renderer.getCamera().animate({ x: d.x, y: d.y, ratio: 0.3 }, { duration: 400 });
  }

  /** Nodes drawn inside a polygon given in viewport pixels (the lasso). */
  nodesInside(polygon: { x: number; y: number }[]): number[] {
    const out: number[] = [];
    this.graph.forEachNode((key, attrs) => {
      if (attrs.hidden) return;
      const p = this.renderer.graphToViewport(attrs as { x: number; y: number });
      if (insidePolygon(p, polygon)) out.push(Number(key));
    });
    return out;
  }

  /** What is on screen, in viewport pixels, for the PNG and SVG exports. */
  scene(): {
    width: number;
    height: number;
    nodes: TSceneItem[];
    edges: { from: TSceneItem; to: TSceneItem; color: string; size: number }[];
  } {
    const r = this.renderer;
    const { width, height } = r.getDimensions();
    const items = new Map<string, TSceneItem>();
    this.graph.forEachNode((key) => {
      const d = r.getNodeDisplayData(key);
      if (!d || d.hidden) return;
      const p = r.framedGraphToViewport(d);
      items.set(key, { x: p.x, y: p.y, size: r.scaleSize(d.size), color: d.color, label: d.label ?? '' });
    });
    const edges: { from: TSceneItem; to: TSceneItem; color: string; size: number }[] = [];
    this.graph.forEachEdge((key, _a, s, t) => {
      const d = r.getEdgeDisplayData(key);
      const from = items.get(s);
      const to = items.get(t);
      if (!d || d.hidden || !from || !to) return;
      edges.push({ from, to, color: d.color, size: d.size });
    });
    return { width, height, nodes: [...items.values()], edges };
  }

  kill() {
    this.stopForce();
    this.renderer.kill();
  }
}
