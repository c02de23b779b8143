/** Positions by node index (graph coordinates): x then y. */
export interface TPositions {
  x: Float32Array;
  y: Float32Array;
}

/** Sigma's camera: framed-graph coordinates, where x = y = 0.5, ratio 1 shows the whole drawing. */
export interface TCamera {
  x: number;
  y: number;
  ratio: number;
  angle: number;
}

/** Even-odd rule: is a point inside a polygon (the lasso), both in viewport pixels. */
export function insidePolygon(p: { x: number; y: number }, poly: { x: number; y: number }[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i];
    const b = poly[j];
    if (!a || !b) continue;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/**
 * How far nodes moved per layout iteration between two snapshots, on average, as a share of the
 * drawing's extent (its larger side): the force layout's settle rule compares it to a threshold.
 */
export function relativeStep(
  before: { x: ArrayLike<number>; y: ArrayLike<number> },
  after: { x: ArrayLike<number>; y: ArrayLike<number> },
  iterations: number,
): number {
  const n = after.x.length;
  if (n === 0 || iterations <= 0) return 0;
  let moved = 0;
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const x = after.x[i] ?? 0;
    const y = after.y[i] ?? 0;
    moved += Math.hypot(x - (before.x[i] ?? 0), y - (before.y[i] ?? 0));
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const extent = Math.max(maxX - minX, maxY - minY, 1e-9);
  return moved / n / iterations / extent;
}

export interface TRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The part of the canvas (width × height pixels) the drawing is fitted to: below the tools along the
 * top (`top` pixels), and beside or above the legend in the bottom-left corner, whichever leaves the
 * drawing larger. The drawing fills the whole canvas at the camera's reset, so a free area of w × h
 * holds it scaled by min(w / width, h / height).
 */
export function freeArea(width: number, height: number, top: number, legend: TRect | null): TRect {
  const base = { x: 0, y: top, width, height: Math.max(0, height - top) };
  if (!legend || legend.width <= 0 || legend.height <= 0) return base;
  const right = legend.x + legend.width;
  const beside = { x: right, y: top, width: Math.max(0, width - right), height: base.height };
  const above = { x: 0, y: top, width, height: Math.max(0, legend.y - top) };
  const scale = (r: TRect) => Math.min(r.width / width, r.height / height);
  return scale(beside) >= scale(above) ? beside : above;
}

/**
 * The camera (sigma's framed-graph coordinates, where x = y = 0.5, ratio 1 shows the whole drawing)
 * that shows the whole drawing inside `free`. `toFramed` converts a viewport pixel to framed-graph
 * coordinates under a camera (sigma's viewportToFramedGraph).
 */
export function fitInside(
  width: number,
  height: number,
  free: TRect,
  toFramed: (p: { x: number; y: number }, camera: TCamera) => { x: number; y: number },
): TCamera {
  const reset = { x: 0.5, y: 0.5, ratio: 1, angle: 0 };
  const scale = Math.min(free.width / width, free.height / height);
  // A free area too small to hold a readable drawing (a tiny canvas): the plain reset.
  if (!(scale > 0.25) || width <= 0 || height <= 0) return reset;
  const zoomed = { ...reset, ratio: 1 / scale };
  // Moving the camera by d moves the picture by -d: bring the centre of the drawing to the free area's.
  const at = toFramed({ x: free.x + free.width / 2, y: free.y + free.height / 2 }, zoomed);
  return { ...zoomed, x: 0.5 + (0.5 - at.x), y: 0.5 + (0.5 - at.y) };
}
