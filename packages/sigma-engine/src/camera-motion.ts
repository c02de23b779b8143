import type Sigma from 'sigma';
import type { CameraState } from 'sigma/types';
import { pointerHeld, replaceCameraListener } from './sigma-internals';

// Pan and zoom at the screen's refresh rate: while the camera moves, sigma's last drawing is moved
// and scaled with a CSS transform (the compositor does that, no redraw), and the scene is drawn once
// when the camera comes to rest. In software WebGL a redraw of a large network takes from tenths of a
// second to seconds, so drawing each step of a drag, a wheel zoom or an animation cannot keep up.
// Each canvas keeps the camera it was last drawn with: sigma's node and tie layers show their
// drawing some frames after its render (progressive-draw.ts), its labels at once.

/** The camera is at rest once it has not moved for this long (and no button is held, no animation runs). */
const REST_MS = 120;
/** Layers that are not drawings: sigma's pointer layer, and our overlays, which are redrawn every step. */
const FIXED = new Set(['mouse', 'highlight', 'changes']);

export class CameraMotion {
  private readonly drawnWith = new Map<string, CameraState>();
  private timer = 0;

  /** `later`: canvases whose drawing is shown by `shown` (not at sigma's afterRender). */
  constructor(
    private readonly renderer: Sigma,
    private readonly onMove: () => void,
    private readonly later: ReadonlySet<string> = new Set(),
  ) {
    const state = renderer.getCamera().getState();
    for (const id of Object.keys(renderer.getCanvases())) this.drawnWith.set(id, state);
    // Sigma's own listener schedules a full redraw per camera step: ours replaces it.
    replaceCameraListener(renderer, this.moved);
    renderer.on('afterRender', this.drawn);
  }

  private readonly moved = () => {
    this.transform(this.layers());
    this.onMove();
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(this.settle, REST_MS);
  };

  private readonly settle = () => {
    if (pointerHeld(this.renderer) || this.renderer.getCamera().isAnimated()) {
      this.timer = window.setTimeout(this.settle, REST_MS);
      return;
    }
    this.timer = 0;
    this.renderer.scheduleRender();
  };

  /** Whatever asked for it (the camera at rest, the layout, a new encoding), a redraw matches the camera now. */
  private readonly drawn = () => {
    this.shown(
      this.layers().filter((id) => !this.later.has(id)),
      this.renderer.getCamera().getState(),
    );
  };

  /** Canvases now showing a drawing made with the camera at `state`. */
  shown(ids: readonly string[], state: CameraState) {
    for (const id of ids) this.drawnWith.set(id, state);
    this.transform(ids);
  }

  private layers() {
    return Object.keys(this.renderer.getCanvases()).filter((id) => !FIXED.has(id));
  }

  /** Each canvas's affine map from the camera it was drawn with to the camera now, from three viewport corners. */
  private transform(ids: readonly string[]) {
    const r = this.renderer;
    const { width, height } = r.getDimensions();
    if (!width || !height) return;
    const current = r.getCamera().getState();
    const now = { cameraState: current };
    const matrices = new Map<CameraState, string>();
    const matrixFrom = (state: CameraState) => {
      if (
        state.x === current.x &&
        state.y === current.y &&
        state.ratio === current.ratio &&
        state.angle === current.angle
      ) {
        return '';
      }
      const before = { cameraState: state };
      const map = (x: number, y: number) => r.framedGraphToViewport(r.viewportToFramedGraph({ x, y }, before), now);
      const o = map(0, 0);
      const ex = map(width, 0);
      const ey = map(0, height);
      return `matrix(${(ex.x - o.x) / width}, ${(ex.y - o.y) / width}, ${(ey.x - o.x) / height}, ${(ey.y - o.y) / height}, ${o.x}, ${o.y})`;
    };
    const canvases = r.getCanvases();
    for (const id of ids) {
      const canvas = canvases[id];
      const state = this.drawnWith.get(id) ?? current;
      if (!canvas) continue;
      let matrix = matrices.get(state);
      if (matrix === undefined) {
        matrix = matrixFrom(state);
        matrices.set(state, matrix);
      }
      canvas.style.transformOrigin = '0 0';
      canvas.style.transform = matrix;
    }
  }

  kill() {
    window.clearTimeout(this.timer);
    this.timer = 0;
  }
}
