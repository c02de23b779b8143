import type Sigma from 'sigma';
import type { CameraState } from 'sigma/types';

// Pan and zoom at the screen's refresh rate: while the camera moves, sigma's last drawing is moved
// and scaled with a CSS transform (the compositor does that, no redraw), and the scene is drawn once
// when the camera comes to rest. In software WebGL a redraw of a large network takes from tenths of a
// second to seconds, so drawing each step of a drag, a wheel zoom or an animation cannot keep up.

/** The camera is at rest once it has not moved for this long (and no button is held, no animation runs). */
const REST_MS = 120;
/** Layers that are not drawings: sigma's pointer layer, and our highlight, which is redrawn every step. */
const FIXED = new Set(['mouse', 'highlight']);

export class CameraMotion {
  private rest: CameraState;
  private timer = 0;

  constructor(
    private readonly renderer: Sigma,
    private readonly onMove: () => void,
  ) {
    const camera = renderer.getCamera();
    this.rest = camera.getState();
    // Sigma's own listener schedules a full redraw per camera step: ours replaces it.
    camera.removeAllListeners('updated');
    camera.on('updated', this.moved);
    renderer.on('afterRender', this.drawn);
  }

  private readonly moved = () => {
    this.transform();
    this.onMove();
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(this.settle, REST_MS);
  };

  private readonly settle = () => {
    const held = this.renderer.getMouseCaptor().isMouseDown || this.renderer.getTouchCaptor().touchMode > 0;
    if (held || this.renderer.getCamera().isAnimated()) {
      this.timer = window.setTimeout(this.settle, REST_MS);
      return;
    }
    this.timer = 0;
    this.renderer.scheduleRender();
  };

  /** Whatever asked for it (the camera at rest, the layout, a new encoding), a redraw matches the camera now. */
  private readonly drawn = () => {
    this.rest = this.renderer.getCamera().getState();
    for (const [id, canvas] of Object.entries(this.renderer.getCanvases())) {
      if (!FIXED.has(id)) canvas.style.transform = '';
    }
  };

  /** The affine map from the drawing at rest to the camera now, taken from three corners of the viewport. */
  private transform() {
    const r = this.renderer;
    const { width, height } = r.getDimensions();
    if (!width || !height) return;
    const before = { cameraState: this.rest };
    const now = { cameraState: r.getCamera().getState() };
    const map = (x: number, y: number) => r.framedGraphToViewport(r.viewportToFramedGraph({ x, y }, before), now);
    const o = map(0, 0);
    const ex = map(width, 0);
    const ey = map(0, height);
    const matrix = `matrix(${(ex.x - o.x) / width}, ${(ex.y - o.y) / width}, ${(ey.x - o.x) / height}, ${(ey.y - o.y) / height}, ${o.x}, ${o.y})`;
    for (const [id, canvas] of Object.entries(r.getCanvases())) {
      if (FIXED.has(id)) continue;
      canvas.style.transformOrigin = '0 0';
      canvas.style.transform = matrix;
    }
  }

  kill() {
    window.clearTimeout(this.timer);
    this.timer = 0;
  }
}
