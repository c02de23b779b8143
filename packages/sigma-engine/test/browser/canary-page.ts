// Bundled by test/sigma-internals.test.ts (esbuild) and run in Chromium: a real sigma on real WebGL.
import type { TNetworkData } from '@tieline/graph';
import Graph from 'graphology';
import Sigma from 'sigma';
import { EdgeLineProgram, NodePointProgram } from 'sigma/rendering';
import type { TDrawing } from '../../src/renderer-kind';
import { internalsProblems, replaceCameraListener, replaceNodePicking } from '../../src/sigma-internals';
import { SigmaView } from '../../src/sigma-view';

const box = (id: string) => {
  const el = document.createElement('div');
  el.id = id;
  el.style.cssText = 'width:400px;height:300px;position:relative;background:#fff';
  document.body.append(el);
  return el;
};

/** A ring of n people, each tied to the next two, on a circle. */
function ring(n: number) {
  const graph = new Graph({ multi: true, type: 'directed' });
  for (let i = 0; i < n; i++) {
    graph.addNode(String(i), { x: Math.cos((2 * Math.PI * i) / n), y: Math.sin((2 * Math.PI * i) / n), size: 6 });
  }
  for (let i = 0; i < n; i++) {
    graph.addEdge(String(i), String((i + 1) % n), { size: 1 });
    graph.addEdge(String(i), String((i + 2) % n), { size: 1 });
  }
  return graph;
}

const frames = (k: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(k);
  });

/** The programs sigma-view.ts chooses: default (circles, arrows), and thin ties with point nodes. */
function problems(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const plain = new Sigma(ring(12), box('plain'), { defaultEdgeType: 'arrow' });
  out.arrowsAndCircles = internalsProblems(plain);
  plain.kill();
  const large = new Sigma(ring(12), box('large'), {
    defaultEdgeType: 'thin',
    edgeProgramClasses: { thin: EdgeLineProgram },
    nodeProgramClasses: { circle: NodePointProgram },
  });
  out.linesAndPoints = internalsProblems(large);
  large.kill();
  return out;
}

/** Whether sigma asks our picking on a pointer move and reports the node it answers as hovered. */
function picking(): Promise<{ asked: number; entered: string | null }> {
  const el = box('picking');
  const renderer = new Sigma(ring(12), el);
  const seen = { asked: 0, entered: null as string | null };
  replaceNodePicking(renderer, () => {
    seen.asked++;
    return '3';
  });
  renderer.on('enterNode', ({ node }) => {
    seen.entered = node;
  });
  (window as unknown as { pickingDone: () => typeof seen }).pickingDone = () => seen;
  return Promise.resolve(seen);
}

/** Renders after a camera step with sigma's own listener, and after ours replaced it. */
async function camera(): Promise<{ withSigmas: number; withOurs: number; oursCalled: number }> {
  const renderer = new Sigma(ring(12), box('camera'));
  let renders = 0;
  renderer.on('beforeRender', () => renders++);
  await frames(3);
  renders = 0;
  renderer.getCamera().setState({ x: 0.6 });
  await frames(3);
  const withSigmas = renders;
  let oursCalled = 0;
  replaceCameraListener(renderer, () => oursCalled++);
  renders = 0;
  renderer.getCamera().setState({ x: 0.4 });
  await frames(3);
  renderer.kill();
  return { withSigmas, withOurs: renders, oursCalled };
}

const network = (n: number, tiesEach: number): TNetworkData => ({
  directed: true,
  layers: ['Advice', 'Friendship'],
  nodeAttributes: [],
  edgeAttributes: [],
  nodes: Array.from({ length: n }, (_, i) => ({ name: `P${i}`, attributes: {} })),
  edges: Array.from({ length: tiesEach * n }, (_, k) => ({
    source: k % n,
    target: (k * 7 + 1) % n,
    layer: k % 2,
    weight: 1 + (k % 3),
    attributes: {},
  })),
});

/**
 * A network drawn by the package's SigmaView, whole or in many small slices: 60 people use sigma's
 * instanced programs (circles, arrows), 2,100 people with 10,500 ties its plain ones (points, lines).
 */
function view(id: string, drawing: TDrawing, people: number, firstTies?: number): Promise<string> {
  const el = box(id);
  const data = network(people, people > 100 ? 5 : 3);
  const n = data.nodes.length;
  const start = {
    x: Float32Array.from({ length: n }, (_, i) => Math.cos(i * 2.4) * Math.sqrt(i + 1)),
    y: Float32Array.from({ length: n }, (_, i) => Math.sin(i * 2.4) * Math.sqrt(i + 1)),
  };
  return new Promise((resolve) => {
    let drawn = 0;
    const v = new SigmaView(
      el,
      data,
      start,
      {
        onClickNode: () => {},
        onClickStage: () => {},
        onForceChange: () => {},
        onDrawn: () => {
          drawn++;
          el.dataset.drawn = String(drawn);
        },
        onTies: (added, total) => {
          el.dataset.ties = `${el.dataset.ties ?? ''} ${added}/${total}`.trim();
        },
      },
      {
        layerColor: (layer) => (layer === 0 ? '#0072B2' : '#D55E00'),
        drawing,
        ...(firstTies ? { firstTies } : {}),
        pacer: { sliceMs: 0.01, queueMs: 0.02, firstRate: 1, minSlice: Math.ceil(people / 6) },
      },
    );
    v.fit(false);
    v.apply({
      color: data.nodes.map((_, i) => (i % 2 ? '#009E73' : '#CC79A7')),
      size: Float32Array.from({ length: n }, (_, i) => 4 + (i % 5)),
      visible: new Uint8Array(n).fill(1),
      layers: [0, 1],
      edgeColorByLayer: true,
      edgeWidthByWeight: true,
      labels: 'none',
    });
    views.set(id, v);
    resolve(el.dataset.drawing ?? '');
  });
}

const views = new Map<string, SigmaView>();

/** How many ties a view's export would draw (an export takes every tie, added or not yet). */
const sceneTies = (id: string) => views.get(id)?.scene().edges.length ?? -1;

Object.assign(window, { canary: { problems, picking, camera, view, sceneTies } });
