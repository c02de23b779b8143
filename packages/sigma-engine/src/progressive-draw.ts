import type Sigma from 'sigma';
import type { CameraState, RenderParams } from 'sigma/types';
import { GpuPacer, type TPacerOptions } from './gpu-pacer';
import { leafPrograms, type TLeaf, webGLContexts } from './sigma-internals';

// Sigma's node and tie layers drawn in slices, off screen, then shown at once. Without a GPU
// (software WebGL: SwiftShader on the CI machine, virtual desktops), Chromium's compositor reads each
// changed WebGL canvas back at its next commit, and that read waits on the page's main thread until
// the GPU process has drawn everything queued before it: a redraw of 20,000 people and 100,000 ties
// froze the page for 1-2 s after every pan or zoom. Here sigma still prepares everything (its
// programs' data, uniforms, labels) in its render, but its WebGL draw calls are deferred: slices of
// them are drawn into an off-screen framebuffer, each followed by a fence, and new slices are sent
// only while little work is unfinished (gpu-pacer.ts), so little is ever queued ahead of the
// compositor. Once every slice is done, each layer's framebuffer is copied to its canvas in one blit,
// a layer a frame: a commit then waits for one blit and one canvas's read-back. Slices are sized from
// the measured drawing rate: a small network fits one slice and is drawn within the render, as sigma
// does. Installed only for software WebGL (renderer-kind.ts): a GPU draws the whole scene in a frame.
//
// This relies on sigma's internals (sigma-internals.ts): its WebGL contexts and programs, each
// program's data array and attribute layout. Sigma's own hover layer (one context, a few nodes) is left alone.

/** Sigma's canvases drawn here, in the order they are shown. Each one's CSS transform follows the camera it was shown with. */
export const LATER_LAYERS = ['edges', 'nodes'] as const;

export interface TShownEvents {
  /** A layer's canvas now shows a drawing made with the camera at `camera`. */
  onLayerShown(id: string, camera: CameraState): void;
  /** Every layer shows the latest drawing. */
  onDrawn(): void;
}

/** Fence reads closer together than this are a page keeping up with its frames (see settleFences). */
const FRESH_MS = 40;

interface TLayer {
  id: string;
  gl: WebGL2RenderingContext;
  /** The context's own bindFramebuffer: sigma's calls with `null` are sent to `sink` instead. */
  bind: (target: GLenum, framebuffer: WebGLFramebuffer | null) => void;
  fbo: WebGLFramebuffer;
  color: WebGLRenderbuffer;
  width: number;
  height: number;
}

interface TItem {
  program: TLeaf;
  layer: TLayer;
  total: number;
  done: number;
}

interface TJob {
  params: RenderParams;
  camera: CameraState;
  startedAt: number;
  items: TItem[];
}

interface TPending {
  params: RenderParams | null;
  camera: CameraState;
  startedAt: number;
  programs: TLeaf[];
}

interface TFence {
  gl: WebGL2RenderingContext;
  sync: WebGLSync;
}

export class ProgressiveDraw {
  private readonly layers = new Map<WebGLRenderingContext, TLayer>();
  private readonly pacer: GpuPacer<TLeaf>;
  /** Filled during a sigma render by its programs, taken as the next job once it ends. */
  private queued: TLeaf[] = [];
  private queuedParams: RenderParams | null = null;
  private renderCamera: CameraState | null = null;
  private renderStart = 0;
  private pending: TPending | null = null;
  private job: TJob | null = null;
  /** A finished job's layers still to copy to their canvases, one a frame. */
  private showing: TLayer[] = [];
  /** One per slice sent and not yet seen done, oldest first (as the pacer's). */
  private fences: TFence[] = [];
  private lastRead = 0;
  private frame = 0;

  /** Installs on a renderer whose contexts are WebGL2 (fences); null otherwise, and sigma draws as usual. */
  static install(renderer: Sigma, events: TShownEvents, pacer?: Partial<TPacerOptions>): ProgressiveDraw | null {
    const contexts = webGLContexts(renderer);
    const webgl2 = (gl: WebGLRenderingContext | undefined): gl is WebGL2RenderingContext =>
      typeof WebGL2RenderingContext !== 'undefined' && gl instanceof WebGL2RenderingContext;
    if (!LATER_LAYERS.every((id) => webgl2(contexts[id]))) return null;
    return new ProgressiveDraw(renderer, contexts as Record<string, WebGL2RenderingContext>, events, pacer);
  }

  private constructor(
    private readonly renderer: Sigma,
    contexts: Record<string, WebGL2RenderingContext>,
    private readonly events: TShownEvents,
    pacer?: Partial<TPacerOptions>,
  ) {
    this.pacer = new GpuPacer<TLeaf>(pacer);
    for (const id of LATER_LAYERS) {
      const gl = contexts[id] as WebGL2RenderingContext;
      this.layers.set(gl, this.wrap(id, gl));
    }
    for (const program of leafPrograms(renderer)) {
      program.render = (params) => {
        this.queued.push(program);
        this.queuedParams = params;
      };
    }
    renderer.on('beforeRender', this.beforeRender);
    renderer.on('afterRender', this.afterRender);
  }

  /** An off-screen framebuffer for the drawing, and a 1x1 one that takes sigma's clears of the canvas. */
  private wrap(id: string, gl: WebGL2RenderingContext): TLayer {
    const bind = gl.bindFramebuffer.bind(gl);
    const sink = gl.createFramebuffer();
    const sinkColor = gl.createRenderbuffer();
    gl.bindRenderbuffer(gl.RENDERBUFFER, sinkColor);
    gl.renderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, 1, 1);
    bind(gl.FRAMEBUFFER, sink);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, sinkColor);
    gl.bindFramebuffer = (target, framebuffer) => bind(target, framebuffer ?? sink);
    const fbo = gl.createFramebuffer();
    const color = gl.createRenderbuffer();
    if (!fbo || !color) throw new Error('WebGL: no framebuffer');
    return { id, gl, bind, fbo, color, width: 0, height: 0 };
  }

  private readonly beforeRender = () => {
    this.queued = [];
    this.queuedParams = null;
    this.renderStart = performance.now();
    this.renderCamera = this.renderer.getCamera().getState();
  };

  private readonly afterRender = () => {
    // Sigma draws nothing (and sets no parameters) for an empty graph: the job then empties the canvases.
    this.pending = {
      params: this.queuedParams,
      camera: this.renderCamera ?? this.renderer.getCamera().getState(),
      startedAt: this.renderStart,
      programs: this.queuedParams ? this.queued : [],
    };
    this.queued = [];
    // A job under way is finished first (it would never show if each render restarted it); the
    // newest render is drawn next.
    if (!this.job) this.start();
    if (this.job || this.fences.length > 0) this.schedule();
  };

  private start() {
    const next = this.pending;
    if (!next) return;
    this.pending = null;
    for (const layer of this.layers.values()) this.prepare(layer);
    const items: TItem[] = [];
    for (const program of next.programs) {
      const layer = this.layers.get(program.normalProgram.gl);
      if (!layer || program.hasNothingToRender()) continue;
      this.upload(program);
      items.push({ program, layer, total: program.capacity, done: 0 });
    }
    const job: TJob = { params: next.params as RenderParams, camera: next.camera, startedAt: next.startedAt, items };
    this.job = job;
    if (this.pacer.fits(items.map((item) => [item.program, item.total]))) {
      // Small enough for one slice: drawn now, its first layer shown now, as sigma would.
      this.sendSlice(job, items, (item) => item.total);
      this.showing = [...this.layers.values()];
      this.showNext(job);
    }
  }

  /** Sizes the off-screen framebuffer to the canvas and clears it. */
  private prepare(layer: TLayer) {
    const { gl } = layer;
    if (layer.width !== gl.drawingBufferWidth || layer.height !== gl.drawingBufferHeight) {
      layer.width = gl.drawingBufferWidth;
      layer.height = gl.drawingBufferHeight;
      gl.bindRenderbuffer(gl.RENDERBUFFER, layer.color);
      gl.renderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, layer.width, layer.height);
      layer.bind(gl.FRAMEBUFFER, layer.fbo);
      gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, layer.color);
    }
    layer.bind(gl.FRAMEBUFFER, layer.fbo);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
  }

  /** The program's data as it is now: later slices draw from this copy whatever sigma does meanwhile. */
  private upload(program: TLeaf) {
    const { gl, buffer, constantBuffer } = program.normalProgram;
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ARRAY_BUFFER, program.array, gl.DYNAMIC_DRAW);
    if (program.isInstanced) {
      gl.bindBuffer(gl.ARRAY_BUFFER, constantBuffer);
      gl.bufferData(gl.ARRAY_BUFFER, program.constantArray, gl.STATIC_DRAW);
    }
    gl.bindBuffer(gl.ARRAY_BUFFER, null);
  }

  private schedule() {
    if (!this.frame) this.frame = requestAnimationFrame(this.step);
  }

  private readonly step = () => {
    this.frame = 0;
    this.settleFences();
    if (this.job && this.showing.length > 0) this.showNext(this.job);
    else {
      if (!this.job) this.start();
      const job = this.job;
      if (job && this.showing.length === 0) {
        while (this.pacer.canSend()) {
          const item = job.items.find((i) => i.done < i.total);
          if (!item) break;
          this.sendSlice(job, [item], (i) => Math.min(this.pacer.sliceSize(i.program), i.total - i.done));
        }
        if (this.fences.length === 0 && job.items.every((i) => i.done === i.total)) {
          this.showing = [...this.layers.values()];
          this.showNext(job);
        }
      }
    }
    if (this.job || this.pending || this.fences.length > 0) this.schedule();
  };

  /** Draws the next `count(item)` items of each item, then a fence on each context drawn to. */
  private sendSlice(job: TJob, items: TItem[], count: (item: TItem) => number) {
    const byContext = new Map<WebGL2RenderingContext, [TLeaf, number][]>();
    for (const item of items) {
      const n = count(item);
      this.draw(job.params, item, item.done, n);
      item.done += n;
      const drawn = byContext.get(item.layer.gl) ?? [];
      drawn.push([item.program, n]);
      byContext.set(item.layer.gl, drawn);
    }
    for (const [gl, drawn] of byContext) {
      const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
      gl.flush();
      if (!sync) continue;
      this.fences.push({ gl, sync });
      this.pacer.sent(drawn, performance.now());
    }
  }

  /** Sigma's own draw of one program (its normal pass; picking is ours, node-grid.ts), for items [first, first + count). */
  private draw(params: RenderParams, item: TItem, first: number, count: number) {
    const { program: p, layer } = item;
    const { gl } = layer;
    const info = p.normalProgram;
    layer.bind(gl.FRAMEBUFFER, layer.fbo);
    gl.viewport(0, 0, layer.width, layer.height);
    gl.enable(gl.BLEND);
    gl.useProgram(info.program);
    p.setUniforms(params, info);
    if (p.isInstanced) {
      gl.bindBuffer(gl.ARRAY_BUFFER, info.constantBuffer);
      let offset = 0;
      for (const attr of p.CONSTANT_ATTRIBUTES) offset += p.bindAttribute(attr, info, offset, false);
      gl.bindBuffer(gl.ARRAY_BUFFER, info.buffer);
      // Each instance's attributes are STRIDE floats: the slice starts `first` instances in.
      offset = first * p.STRIDE * Float32Array.BYTES_PER_ELEMENT;
      for (const attr of p.ATTRIBUTES) offset += p.bindAttribute(attr, info, offset, true);
      gl.drawArraysInstanced(p.METHOD, 0, p.VERTICES, count);
    } else {
      gl.bindBuffer(gl.ARRAY_BUFFER, info.buffer);
      let offset = 0;
      for (const attr of p.ATTRIBUTES) offset += p.bindAttribute(attr, info, offset);
      gl.drawArrays(p.METHOD, first * p.VERTICES, count * p.VERTICES);
    }
    gl.bindBuffer(gl.ARRAY_BUFFER, null);
    p.unbindProgram(info);
  }

  /**
   * Drops the fences that have signalled, oldest first; the pacer learns from each and from the first
   * still due. Chromium refreshes a fence's status in a task of its own after each read, and after a
   * long task a frame may come first: a fence read then may be stale, so "not done" counts only when
   * the last read was a frame or two ago.
   */
  private settleFences() {
    const now = performance.now();
    const fresh = now - this.lastRead < FRESH_MS;
    this.lastRead = now;
    while (this.fences.length > 0) {
      const f = this.fences[0] as TFence;
      if (f.gl.getSyncParameter(f.sync, f.gl.SYNC_STATUS) !== f.gl.SIGNALED) {
        if (fresh) this.pacer.notDone(now);
        return;
      }
      this.fences.shift();
      f.gl.deleteSync(f.sync);
      this.pacer.done(now);
    }
  }

  /**
   * Copies the next layer of a finished drawing to its canvas (every layer: an emptied one shows
   * empty); the job ends with the last. The next job starts in a later frame, so a frame's commit
   * waits for one blit and one canvas's read-back.
   */
  private showNext(job: TJob) {
    const layer = this.showing.shift();
    if (layer) {
      const { gl, width, height } = layer;
      layer.bind(gl.READ_FRAMEBUFFER, layer.fbo);
      layer.bind(gl.DRAW_FRAMEBUFFER, null);
      gl.blitFramebuffer(0, 0, width, height, 0, 0, width, height, gl.COLOR_BUFFER_BIT, gl.NEAREST);
      layer.bind(gl.FRAMEBUFFER, layer.fbo);
      this.events.onLayerShown(layer.id, job.camera);
    }
    if (this.showing.length > 0) {
      this.schedule();
      return;
    }
    this.job = null;
    this.events.onDrawn();
    if (this.pending || this.fences.length > 0) this.schedule();
  }

  kill() {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    for (const f of this.fences) f.gl.deleteSync(f.sync);
    this.fences = [];
    this.job = null;
    this.pending = null;
    this.showing = [];
  }
}
