import type { TNetworkData } from '@tieline/graph';
import Graph from 'graphology';
import { assignLayoutChanges, graphToByteArray } from 'graphology-layout-noverlap/helpers.js';
import Sigma from 'sigma';
import { EdgeLineProgram, NodePointProgram } from 'sigma/rendering';
import type { Coordinates } from 'sigma/types';
import { CameraMotion } from './camera-motion';
import type { TEncoded } from './encoding';
import { layerColor } from './encoding';
import type { TExplorerState } from './explorer-state';
import { ForceLayout } from './force-layout';
import { HighlightOverlay } from './highlight-overlay';
import type { TPositions } from './layouts';
import { buildNodeGrid, pickNode, type TNodeGrid } from './node-grid';
import { LATER_LAYERS, ProgressiveDraw } from './progressive-draw';
import { sceneOf, type TScene } from './sigma-scene';
import { fitInside, insidePolygon, type TRect } from './sigma-view-geometry';

// The drawing: one graphology graph (node and edge keys are their indexes in the network data) and
// one sigma renderer (WebGL). Encoding and filters are written into the graph's attributes; the
// reducer only marks the lasso's selection. Four things keep large networks interactive in
// software WebGL, where one redraw of 100,000 ties takes seconds: the node under the pointer comes
// from our grid (not sigma's pixel read-back), the hover/focus highlight is drawn on its own 2D
// overlay (not by redrawing the scene), the camera moves the last drawing until it rests, and a
// redraw is drawn in slices off screen, then shown at once (progressive-draw.ts).

/**
 * Past this many ties, ties are drawn as one-pixel lines (sigma's EdgeLineProgram: two vertices a tie,
 * no arrowheads, no width) instead of quads with arrowheads: in software WebGL that makes the one
 * redraw at rest several times cheaper. The hover/focus overlay still draws a person's ties with
 * direction and width.
 */
const THIN_TIES = 10_000;

/**
 * Past this many people, nodes are point sprites (sigma's NodePointProgram: one vertex a node)
 * instead of instanced triangles: SwiftShader pays per instance, and draws 20,000 points in about
 * 25 ms against 470 ms for the triangles. Points whose centre leaves the view are clipped whole.
 */
const POINT_NODES = 2_000;

export interface TViewEvents {
  onClickNode(node: number): void;
  onClickStage(): void;
  onForceChange(running: boolean): void;
  /** A drawing is on screen (the first one marks the canvas for tests and benchmarks). */
  onDrawn(): void;
  /** The part of the canvas no overlay (tools, legend) covers, in viewport pixels; null: all of it. */
  freeArea?(): TRect | null;
}

export class SigmaView {
  readonly graph: Graph;
  readonly renderer: Sigma;
  private fa2: ForceLayout | null = null;
  private distributeWorker: Worker | null = null;
  /** Called once the next drawing is on screen (the force layout asks for positions then). */
  private afterDrawing: (() => void)[] = [];
  private readonly overlay: HighlightOverlay;
  private readonly motion: CameraMotion;
  private readonly progressive: ProgressiveDraw | null;
  private hovered: number | null = null;
  private focused: number | null = null;
  private selected = new Set<number>();
  /** Rebuilt on the first pick after any node moved, resized or was hidden. */
  private grid: { index: TNodeGrid; x: Float64Array; y: Float64Array; size: Float64Array; maxSize: number } | null =
    null;

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
    // Sigma draws its first frame on an empty graph, so the network's first drawing goes through
    // ProgressiveDraw like every later one (setGraph below).
    const empty = new Graph({ multi: true, type: graph.type, allowSelfLoops: true });
    this.renderer = new Sigma(empty, container, {
      defaultEdgeType: data.edges.length > THIN_TIES ? 'thin' : data.directed ? 'arrow' : 'line',
      edgeProgramClasses: { thin: EdgeLineProgram },
      ...(data.nodes.length > POINT_NODES ? { nodeProgramClasses: { circle: NodePointProgram } } : {}),
      renderEdgeLabels: false,
      // Off: the camera moves without redraws (camera-motion.ts), and with it on, sigma reprocesses the
      // whole graph after each drag to bring the ties back.
      hideEdgesOnMove: false,
      hideLabelsOnMove: false,
      zIndex: true,
      labelFont: 'Inter, system-ui, sans-serif',
      labelSize: 12,
      labelColor: { color: '#1f2937' },
      nodeReducer: (key, attrs) => this.reduceNode(key, attrs),
    });
    // Sigma 3.0.2 finds the node under the pointer by reading a pixel of its picking buffer back from
    // WebGL on every move, click and wheel step, which waits for the GPU (the CPU, in software WebGL)
    // to finish drawing. Its hover and click events keep working on top of our grid instead.
    (this.renderer as unknown as { getNodeAtPosition: (p: Coordinates) => string | null }).getNodeAtPosition = (p) =>
      this.pick(p);
    for (const event of ['nodeAdded', 'nodeDropped', 'nodeAttributesUpdated', 'eachNodeAttributesUpdated', 'cleared']) {
      graph.on(event as 'nodeAdded', () => {
        this.grid = null;
      });
    }
    this.overlay = new HighlightOverlay(this.renderer, graph, data.directed);
    this.progressive = ProgressiveDraw.install(this.renderer, {
      onLayerShown: (id, camera) => this.motion.shown([id], camera),
      onDrawn: () => this.drawn(0),
    });
    this.motion = new CameraMotion(
      this.renderer,
      () => this.overlay.draw(),
      new Set(this.progressive ? LATER_LAYERS : []),
    );
    if (!this.progressive) {
      let renderStart = 0;
      this.renderer.on('beforeRender', () => {
        renderStart = performance.now();
      });
      // Drawn in the render itself, which kept the page busy that long: the layout leaves it as long
      // again before its next positions.
      this.renderer.on('afterRender', () => this.drawn(performance.now() - renderStart));
    }
    this.renderer.setGraph(graph);
    this.renderer.on('enterNode', ({ node }) => this.setHovered(Number(node)));
    this.renderer.on('leaveNode', () => this.setHovered(null));
    this.renderer.on('clickNode', ({ node }) => this.events.onClickNode(Number(node)));
    this.renderer.on('clickStage', () => this.events.onClickStage());
  }

  /** A drawing is on screen: the page is told, and the layout asks for its next positions `pauseMs` later. */
  private drawn(pauseMs: number) {
    this.events.onDrawn();
    const waiting = this.afterDrawing;
    this.afterDrawing = [];
    if (waiting.length === 0) return;
    window.setTimeout(() => {
      for (const then of waiting) then();
    }, pauseMs);
  }

  private reduceNode(key: string, attrs: Record<string, unknown>) {
    if (!this.selected.has(Number(key))) return attrs;
    return { ...attrs, highlighted: true, zIndex: 1 };
  }

  /** The node under a viewport point, from the grid: of the discs that contain it, the one it is deepest inside. */
  private pick(p: Coordinates): string | null {
    const grid = this.grid ?? this.buildGrid();
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

  private buildGrid() {
    const n = this.data.nodes.length;
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

  /** Sigma writes the hovered person's name itself (its hover layer); the overlay names a focused one. */
  private highlight() {
    this.overlay.show(this.hovered ?? this.focused, this.hovered === null);
  }

  private setHovered(node: number | null) {
    this.hovered = node;
    this.highlight();
  }

  setFocused(node: number | null) {
    this.focused = node;
    this.highlight();
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
    const next = {
      renderLabels: labels !== 'none',
      labelRenderedSizeThreshold: labels === 'all' ? 0 : 5,
      labelDensity: labels === 'all' ? 10 : 0.07,
    };
    const now = this.renderer.getSettings();
    if (Object.entries(next).every(([k, v]) => now[k as keyof typeof next] === v)) return;
    this.renderer.setSettings(next);
    // Sigma 3.0.2 empties its edge index on a settings change and rebuilds it at the scheduled redraw; an
    // edge update before that frame (the next apply) throws "edge can't be repaint". Redraw now instead.
    this.renderer.refresh();
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

  /**
   * ForceAtlas2 in its web worker; stops by itself once the drawing has settled. `fresh`: a new
   * layout, not a continuation of the positions now (a large network then starts multilevel).
   */
  startForce({ fresh = false, onSettled }: { fresh?: boolean; onSettled?: () => void } = {}) {
    this.stopForce();
    this.fa2 = new ForceLayout(this.graph, {
      multilevel: fresh,
      afterDrawing: (then) => this.afterDrawing.push(then),
      onSettled: () => {
        this.fa2 = null;
        this.events.onForceChange(false);
        onSettled?.();
      },
    });
    this.events.onForceChange(true);
  }

  stopForce() {
    if (this.fa2) {
      this.fa2.kill();
      this.fa2 = null;
      this.events.onForceChange(false);
    }
  }

  /** Pushes overlapping nodes apart, in screen space so the sizes drawn are the sizes compared (in a worker). */
  distribute(): Promise<void> {
    const r = this.renderer;
    const camera = { cameraState: r.getCamera().getState() };
    const nodes = graphToByteArray(this.graph, (_key, attrs) => ({
      ...r.graphToViewport({ x: Number(attrs.x), y: Number(attrs.y) }, camera),
      size: r.scaleSize(Number(attrs.size) || 3),
    }));
    this.distributeWorker?.terminate();
    const worker = new Worker(new URL('./distribute-worker.ts', import.meta.url), { type: 'module' });
    this.distributeWorker = worker;
    return new Promise((resolve) => {
      worker.onmessage = (e: MessageEvent<{ nodes: ArrayBuffer }>) => {
        worker.terminate();
        this.distributeWorker = null;
        // The camera may have moved meanwhile: positions go back through the camera they were taken with.
        assignLayoutChanges(this.graph, new Float32Array(e.data.nodes), (_key, pos) => r.viewportToGraph(pos, camera));
        resolve();
      };
      worker.postMessage({ nodes: nodes.buffer, maxIterations: this.data.nodes.length > 5_000 ? 20 : 60 }, [
        nodes.buffer,
      ]);
    });
  }

  /** Fits the whole drawing to the part of the canvas the legend and tools leave free. */
  fit(animate = true) {
    const r = this.renderer;
    const { width, height } = r.getDimensions();
    const free = this.events.freeArea?.() ?? { x: 0, y: 0, width, height };
    const state = fitInside(width, height, free, (p, cameraState) => r.viewportToFramedGraph(p, { cameraState }));
    if (animate) r.getCamera().animate(state, { duration: 300 });
    else r.getCamera().setState(state);
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
  scene(): TScene {
    return sceneOf(this.graph, this.renderer);
  }

  kill() {
    this.stopForce();
    this.motion.kill();
    this.progressive?.kill();
    this.distributeWorker?.terminate();
    this.renderer.kill();
  }
}
