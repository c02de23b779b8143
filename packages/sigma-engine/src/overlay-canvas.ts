import type Sigma from 'sigma';

// What the 2D overlays (hover highlight, a series' changes) share: a canvas sized to the renderer at
// the screen's pixel ratio, and sigma's graph-to-viewport mapping for the camera as it is now.

/** Sizes the canvas to `width` x `height` CSS pixels at the device's pixel ratio and clears it. */
export function fitCanvas(canvas: HTMLCanvasElement, ctx: CanvasRenderingContext2D, width: number, height: number) {
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
  }
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
}

/** Graph coordinates to viewport pixels for the camera as it is now (sigma's own mapping lags while it moves). */
export function projector(r: Sigma) {
  const camera = { cameraState: r.getCamera().getState() };
  const o = r.graphToViewport({ x: 0, y: 0 }, camera);
  const ex = r.graphToViewport({ x: 1, y: 0 }, camera);
  const ey = r.graphToViewport({ x: 0, y: 1 }, camera);
  return (p: { x: number; y: number }) => ({
    x: o.x + p.x * (ex.x - o.x) + p.y * (ey.x - o.x),
    y: o.y + p.x * (ex.y - o.y) + p.y * (ey.y - o.y),
  });
}
