import type Sigma from 'sigma';
import type { Program, ProgramAttributeSpecification, ProgramInfo } from 'sigma/rendering';
import type { Coordinates } from 'sigma/types';

// Every use of sigma's private parts, in one place. Sigma is pinned (package.json) and
// test/sigma-internals.test.ts draws with a real sigma in Chromium and fails when any name or shape
// below changes: upgrading sigma is a conscious step that starts there. At run time the same check
// runs once per renderer (`internalsProblems`): if sigma does not match, the package falls back to
// sigma's own drawing and picking instead of breaking the explorer.

/** The sigma version these internals were read from (the canary test checks the installed one). */
export const SIGMA_VERSION = '3.0.2';

/** A program (one WebGL program of node or tie drawing) with the members our sliced drawing uses beyond sigma's typings. */
export type TLeaf = Pick<Program, keyof Program> & {
  bindAttribute(
    attr: ProgramAttributeSpecification,
    program: ProgramInfo,
    offset: number,
    setDivisor?: boolean,
  ): number;
  unbindProgram(program: ProgramInfo): void;
};
type TProgramEntry = TLeaf | { programs: TLeaf[] };

interface TSigmaInternals {
  /** One WebGL context per layer: `edges`, `nodes` (and `hoverNodes`). */
  webGLContexts: Record<string, WebGLRenderingContext>;
  nodePrograms: Record<string, TProgramEntry>;
  edgePrograms: Record<string, TProgramEntry>;
  /** Sigma's node picking (a pixel read back from its picking buffer), called on each move, click and wheel step. */
  getNodeAtPosition(p: Coordinates): string | null;
  /** Sigma's handlers of the graph's events; `addEdgeGraphUpdate` is the graph's `edgeAdded`. */
  activeListeners: Record<string, (...args: never[]) => void>;
}

const internals = (renderer: Sigma) => renderer as unknown as TSigmaInternals;

/** The WebGL contexts of sigma's layers, by layer name. */
export const webGLContexts = (renderer: Sigma): Record<string, WebGLRenderingContext> =>
  internals(renderer).webGLContexts;

/** Every node and tie program, combined programs opened into their parts. */
export function leafPrograms(renderer: Sigma): TLeaf[] {
  const r = internals(renderer);
  return [...Object.values(r.nodePrograms), ...Object.values(r.edgePrograms)].flatMap((entry) =>
    'programs' in entry ? entry.programs : [entry],
  );
}

/** Sigma's hover and click events then ask `pick` for the node under the pointer. */
export function replaceNodePicking(renderer: Sigma, pick: (p: Coordinates) => string | null) {
  internals(renderer).getNodeAtPosition = pick;
}

/**
 * Sigma's own camera listener (a full redraw per camera step) removed; `listener` called instead.
 * Sigma 3.0.2 registers exactly one listener on the camera's `updated` event, in its constructor.
 */
export function replaceCameraListener(renderer: Sigma, listener: () => void) {
  const camera = renderer.getCamera();
  camera.removeAllListeners('updated');
  camera.on('updated', listener);
}

/**
 * Sigma stops hearing of ties added to its graph (each would have it reprocess every tie at its next
 * frame) until the function returned is called; a full `refresh()` then takes in those added meanwhile.
 * Sigma 3.0.2 listens to `edgeAdded` with `activeListeners.addEdgeGraphUpdate`, bound in `setGraph`.
 */
export function withoutEdgeEvents(renderer: Sigma): () => void {
  const listener = internals(renderer).activeListeners.addEdgeGraphUpdate as (...args: unknown[]) => void;
  const graph = renderer.getGraph();
  graph.removeListener('edgeAdded', listener);
  return () => {
    if (renderer.getGraph() === graph) graph.on('edgeAdded', listener);
  };
}

/** Whether a mouse button or a finger is down on the canvas (sigma's captors' state). */
export function pointerHeld(renderer: Sigma): boolean {
  return renderer.getMouseCaptor().isMouseDown || renderer.getTouchCaptor().touchMode > 0;
}

const PROGRAM_FUNCTIONS = ['render', 'hasNothingToRender', 'setUniforms', 'bindAttribute', 'unbindProgram'] as const;
const PROGRAM_NUMBERS = ['capacity', 'STRIDE', 'VERTICES', 'METHOD'] as const;

/**
 * What of the above this renderer lacks, as readable lines (none: everything is where this package
 * expects it). Checks names and shapes: the layers' contexts, each program's members, its data arrays
 * and WebGL handles, sigma's picking method and camera listener, the captors' fields.
 */
export function internalsProblems(renderer: Sigma): string[] {
  const r = internals(renderer);
  const problems: string[] = [];
  const contexts = r.webGLContexts;
  for (const layer of ['edges', 'nodes']) {
    if (!contexts || !(contexts[layer] instanceof WebGLRenderingContext || isWebGL2(contexts[layer]))) {
      problems.push(`webGLContexts.${layer} is not a WebGL context`);
    }
  }
  if (!r.nodePrograms || !r.edgePrograms) problems.push('nodePrograms / edgePrograms are missing');
  else {
    const leaves = leafPrograms(renderer);
    if (leaves.length === 0) problems.push('no node or tie program');
    for (const p of leaves) {
      const name = p.constructor?.name || 'a program';
      for (const f of PROGRAM_FUNCTIONS) {
        if (typeof p[f] !== 'function') problems.push(`${name}.${f} is not a function`);
      }
      for (const n of PROGRAM_NUMBERS) {
        if (typeof p[n] !== 'number') problems.push(`${name}.${n} is not a number`);
      }
      if (!(p.array instanceof Float32Array)) problems.push(`${name}.array is not a Float32Array`);
      if (typeof p.isInstanced !== 'boolean') problems.push(`${name}.isInstanced is not a boolean`);
      if (p.isInstanced && !(p.constantArray instanceof Float32Array)) {
        problems.push(`${name}.constantArray is not a Float32Array`);
      }
      if (!Array.isArray(p.ATTRIBUTES) || !Array.isArray(p.CONSTANT_ATTRIBUTES)) {
        problems.push(`${name}.ATTRIBUTES / CONSTANT_ATTRIBUTES are not arrays`);
      }
      const info = p.normalProgram;
      if (!info?.gl || !info.program || !info.buffer) {
        problems.push(`${name}.normalProgram lacks gl, program or buffer`);
      }
    }
  }
  if (typeof Object.getPrototypeOf(renderer).getNodeAtPosition !== 'function') {
    problems.push('Sigma.prototype.getNodeAtPosition is not a function');
  }
  if (renderer.getCamera().listenerCount('updated') !== 1) {
    problems.push(
      `the camera has ${renderer.getCamera().listenerCount('updated')} 'updated' listeners, not sigma's one`,
    );
  }
  const onEdgeAdded = r.activeListeners?.addEdgeGraphUpdate;
  if (typeof onEdgeAdded !== 'function' || !renderer.getGraph().listeners('edgeAdded').includes(onEdgeAdded)) {
    problems.push("activeListeners.addEdgeGraphUpdate is not the graph's edgeAdded listener");
  }
  if (typeof renderer.getMouseCaptor().isMouseDown !== 'boolean') problems.push('mouse captor has no isMouseDown');
  if (typeof renderer.getTouchCaptor().touchMode !== 'number') problems.push('touch captor has no touchMode');
  return problems;
}

const isWebGL2 = (gl: unknown): gl is WebGL2RenderingContext =>
  typeof WebGL2RenderingContext !== 'undefined' && gl instanceof WebGL2RenderingContext;
