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
