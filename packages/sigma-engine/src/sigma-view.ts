import type { TNetworkData } from '@tieline/graph';
import Graph from 'graphology';
import Sigma from 'sigma';
import { EdgeLineProgram, NodePointProgram } from 'sigma/rendering';
import { CameraMotion } from './camera-motion';
import { ChangesOverlay } from './changes-overlay';
import { Distribute } from './distribute';
import { edgeStyleOf, labelSettings, type TDrawStyle, tieStyler } from './draw-style';
import { ForceRunner, type TForceOptions } from './force-runner';
import { fitInside, insidePolygon, type TCamera, type TPositions, type TRect } from './geometry';
import type { TPacerOptions } from './gpu-pacer';
import { HighlightOverlay } from './highlight-overlay';
import { peopleGraph } from './network-graph';
import { NodePicker } from './node-picker';
import { LATER_LAYERS, ProgressiveDraw } from './progressive-draw';
import { rendererName, slicedDrawing, type TDrawing } from './renderer-kind';
import { internalsProblems, replaceNodePicking, webGLContexts } from './sigma-internals';
import { sceneOf, type TScene } from './sigma-scene';
import { firstTieStride, TieLoading } from './tie-loading';

// The drawing: one graphology graph (node and edge keys are their indexes in the network data) and
// one sigma renderer (WebGL), behind this class's methods: nothing outside the package touches sigma.
// Styles are written into the graph's attributes; the reducer only marks the lasso's selection. Four
// things keep large networks interactive, above all in software WebGL, where one redraw of 100,000
// ties takes seconds: the node under the pointer comes from our grid (node-picker.ts, not sigma's
// pixel read-back), the hover/focus highlight is drawn on its own 2D overlay (not by redrawing the
// scene), the camera moves the last drawing until it rests (camera-motion.ts), and, in software WebGL
// only, a redraw is drawn in slices off screen, then shown at once (progressive-draw.ts).

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

export interface TViewOptions {
  /** A tie's colour when ties are coloured by their layer. */
  layerColor(layer: number): string;
  /** Sliced drawing: `auto` slices only in software WebGL; benchmarks and tests force either way. */
  drawing?: TDrawing;
  /** Past this many ties, the first drawing has about this many (tie-loading.ts; tests lower it). */
  firstTies?: number;
  /** The sliced drawing's pacing (tests force many small slices). */
  pacer?: Partial<TPacerOptions>;
}

export interface TViewEvents {
  onClickNode(node: number): void;
  onClickStage(): void;
  onForceChange(running: boolean): void;
  /** A drawing is on screen (the first one marks the canvas for tests and benchmarks). */
  onDrawn(): void;
  /** A large network's ties being added after its first drawing: `added` of `total` are in. */
  onTies?(added: number, total: number): void;
  /** The part of the canvas no overlay (tools, legend) covers, in viewport pixels; null: all of it. */
  freeArea?(): TRect | null;
}

export class SigmaView {
  private readonly graph: Graph;
  private readonly renderer: Sigma;
  private readonly force: ForceRunner;
  private readonly distributing: Distribute;
  /** Called once the next drawing is on screen (the force layout asks for positions then). */
  private afterDrawing: (() => void)[] = [];
  private readonly overlay: HighlightOverlay;
  private readonly changes: ChangesOverlay;
  /** Null if sigma's internals changed: sigma then redraws at each camera step itself. */
  private readonly motion: CameraMotion | null;
  private readonly progressive: ProgressiveDraw | null;
  private hovered: number | null = null;
  private focused: number | null = null;
  private selected = new Set<number>();
  /** Whether the network's first drawing is on screen (a layout started before waits for it). */
  private drawnOnce = false;
  /**
   * What people and ties were last styled with: apply leaves 50,000 people and 500,000 ties alone (and
   * sigma's reprocessing of each, which restarts the drawing) when it asks for the same again, as the
   * first apply after a constructor given the style does.
   */
  private nodeStyle: Pick<TDrawStyle, 'color' | 'size' | 'visible'> | null = null;
  private edgeStyle: { key: string; born: Uint8Array | null };
  /** How a tie added now looks (apply's latest style). */
  private tie: ReturnType<typeof tieStyler>;
  /** The ties a large network's first drawing left out, being added; null: all are in. */
  private ties: TieLoading | null = null;

  constructor(
    container: HTMLElement,
    private readonly data: TNetworkData,
    start: TPositions,
    private readonly events: TViewEvents,
    private readonly options: TViewOptions,
    /** The style of the first drawing (apply's), so that drawing is the only one; absent: plain. */
    style?: TDrawStyle,
  ) {
    const graph = peopleGraph(data, start, style);
    this.nodeStyle = style ?? null;
    const edgeStyle = style ?? {
      layers: data.layers.map((_, i) => i),
      edgeColorByLayer: true,
      edgeWidthByWeight: false,
      born: null,
    };
    this.tie = tieStyler(edgeStyle, data.edges, options.layerColor);
    this.graph = graph;
    this.force = new ForceRunner(graph, {
      afterDrawing: (then) => this.afterDrawing.push(then),
      firstDrawingPending: () => !this.drawnOnce,
      tiesLoading: () => this.ties !== null,
      onForceChange: (running) => events.onForceChange(running),
    });
    this.edgeStyle = edgeStyleOf(edgeStyle);
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
      ...(style ? labelSettings(style.labels) : {}),
      nodeReducer: (key, attrs) => this.reduceNode(key, attrs),
    });
    // Sigma's private parts are used only if they are as this package knows them (sigma-internals.ts).
    const problems = internalsProblems(this.renderer);
    if (problems.length > 0) console.warn(`sigma-engine: sigma's internals changed, drawing as sigma does`, problems);
    const known = problems.length === 0;
    // A large network's first drawing has a sample of its ties, the rest follow (tie-loading.ts).
    const stride = known ? firstTieStride(data.edges.length, options.firstTies) : 1;
    for (let i = 0; i < data.edges.length; i += stride) this.addTie(i);
    if (stride > 1) {
      this.ties = new TieLoading(this.renderer, data.edges.length, stride, {
        add: (i) => this.addTie(i),
        onProgress: (added, total) => events.onTies?.(added, total),
        onDone: () => this.tiesIn(),
        afterFirstDrawing: (then) => (this.drawnOnce ? then() : this.afterDrawing.push(then)),
      });
      window.setTimeout(() => this.ties?.start(), 0);
    }
    if (known) {
      const picker = new NodePicker(graph, this.renderer, data.nodes.length);
      replaceNodePicking(this.renderer, (p) => picker.pick(p));
    }
    this.distributing = new Distribute(graph, this.renderer);
    this.changes = new ChangesOverlay(this.renderer, graph);
    this.overlay = new HighlightOverlay(this.renderer, graph, data.directed);
    const gl = webGLContexts(this.renderer).nodes;
    const sliced = known && !!gl && slicedDrawing(options.drawing ?? 'auto', rendererName(gl));
    this.progressive = sliced
      ? ProgressiveDraw.install(
          this.renderer,
          { onLayerShown: (id, camera) => this.motion?.shown([id], camera), onDrawn: () => this.drawn(0) },
          options.pacer,
        )
      : null;
    // For tests and benchmarks: which drawing this canvas uses.
    container.dataset.drawing = this.progressive ? 'sliced' : 'whole';
    this.motion = known
      ? new CameraMotion(
          this.renderer,
          () => {
            this.changes.draw();
            this.overlay.draw();
          },
          new Set(this.progressive ? LATER_LAYERS : []),
        )
      : null;
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
    this.drawnOnce = true;
    this.events.onDrawn();
    const waiting = this.afterDrawing;
    this.afterDrawing = [];
    if (waiting.length === 0) return;
    window.setTimeout(() => {
      for (const then of waiting) then();
    }, pauseMs);
  }

  private addTie(i: number) {
    const e = this.data.edges[i] as TNetworkData['edges'][number];
    this.graph.addEdgeWithKey(String(i), String(e.source), String(e.target), {
      layer: e.layer,
      weight: e.weight,
      ...this.tie(e, i),
    });
  }

  /** Every tie is in: a layout asked for meanwhile starts after the drawing that shows them all. */
  private tiesIn() {
    this.ties = null;
    this.force.tiesIn();
  }

  private reduceNode(key: string, attrs: Record<string, unknown>) {
    if (!this.selected.has(Number(key))) return attrs;
    return { ...attrs, highlighted: true, zIndex: 1 };
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
    const next = new Set(nodes);
    if (next.size === this.selected.size && nodes.every((v) => this.selected.has(v))) return;
    this.selected = next;
    this.renderer.refresh({ skipIndexation: true });
  }

  /** Writes colours, sizes, visibility and edge styling into the graph in one pass each. */
  apply(style: TDrawStyle) {
    const was = this.nodeStyle;
    if (!was || was.color !== style.color || was.size !== style.size || was.visible !== style.visible) {
      this.nodeStyle = style;
      this.graph.updateEachNodeAttributes(
        (key, attrs) => {
          const i = Number(key);
          return { ...attrs, color: style.color[i], size: style.size[i], hidden: style.visible[i] !== 1 };
        },
        { attributes: ['color', 'size', 'hidden'] },
      );
    }
    const edgeStyle = edgeStyleOf(style);
    if (edgeStyle.key !== this.edgeStyle.key || edgeStyle.born !== this.edgeStyle.born) {
      this.edgeStyle = edgeStyle;
      const tie = tieStyler(style, this.data.edges, this.options.layerColor);
      this.tie = tie;
      this.graph.updateEachEdgeAttributes(
        (key, attrs) => {
          const i = Number(key);
          const e = this.data.edges[i];
          return e ? { ...attrs, ...tie(e, i) } : attrs;
        },
        { attributes: ['hidden', 'color', 'size'] },
      );
    }
    const next = labelSettings(style.labels);
    const now = this.renderer.getSettings();
    if (Object.entries(next).every(([k, v]) => now[k as keyof typeof next] === v)) return;
    this.renderer.setSettings(next);
    // Sigma 3.0.2 empties its edge index on a settings change and rebuilds it at the scheduled redraw; an
    // edge update before that frame (the next apply) throws "edge can't be repaint". Redraw now instead.
    this.renderer.refresh();
  }

  /** A series' changes view: the ties dissolved since the snapshot before, as node index pairs, drawn dashed; null: off. */
  setDissolved(pairs: Int32Array | null) {
    this.changes.set(pairs);
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
    return this.force.isRunning();
  }

  /** ForceAtlas2 in its web worker (force-runner.ts); stops by itself once the drawing has settled. */
  startForce(options: TForceOptions = {}) {
    this.force.start(options);
  }

  stopForce() {
    this.force.stop();
  }

  /** Pushes overlapping nodes apart (distribute.ts). */
  distribute(): Promise<void> {
    return this.distributing.run(this.data.nodes.length > 5_000 ? 20 : 60);
  }

  /** Where the camera is (sigma's framed-graph coordinates), to save with a view. */
  camera(): TCamera {
    return this.renderer.getCamera().getState();
  }

  setCamera(state: TCamera) {
    this.renderer.getCamera().setState(state);
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
    this.ties?.finishNow();
    return sceneOf(this.graph, this.renderer);
  }

  kill() {
    this.ties?.kill();
    this.ties = null;
    this.stopForce();
    this.motion?.kill();
    this.progressive?.kill();
    this.distributing.kill();
    this.renderer.kill();
  }
}
