// A uniform grid over node positions (graph coordinates) for picking the node under the pointer.
// Sigma picks by reading a pixel back from WebGL on each pointer move; in software WebGL that read
// waits for the whole frame to be drawn, so we answer "which nodes are near here" from this grid.

export interface TNodeGrid {
  minX: number;
  minY: number;
  /** Side of one cell, in graph units. */
  cell: number;
  cols: number;
  rows: number;
  /** Nodes of cell c are items[start[c]] .. items[start[c + 1] - 1] (counting sort, no per-cell arrays). */
  start: Uint32Array;
  items: Uint32Array;
}

/** About this many nodes per cell: a query touches few cells and few nodes per cell. */
const PER_CELL = 2;

/** Indexes the nodes `include` accepts; positions are read once, the grid does not follow later moves. */
export function buildNodeGrid(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  include: (i: number) => boolean = () => true,
): TNodeGrid {
  const kept: number[] = [];
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] ?? Number.NaN;
    const y = ys[i] ?? Number.NaN;
    if (!Number.isFinite(x) || !Number.isFinite(y) || !include(i)) continue;
    kept.push(i);
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  if (kept.length === 0) {
    return { minX: 0, minY: 0, cell: 1, cols: 1, rows: 1, start: new Uint32Array(2), items: new Uint32Array(0) };
  }
  const width = Math.max(maxX - minX, 1e-9);
  const height = Math.max(maxY - minY, 1e-9);
  const cell = Math.max(Math.sqrt((width * height * PER_CELL) / kept.length), Math.max(width, height) / 4096);
  const cols = Math.floor(width / cell) + 1;
  const rows = Math.floor(height / cell) + 1;
  const cellOf = new Uint32Array(kept.length);
  const start = new Uint32Array(cols * rows + 1);
  kept.forEach((i, k) => {
    const c = Math.floor(((ys[i] as number) - minY) / cell) * cols + Math.floor(((xs[i] as number) - minX) / cell);
    cellOf[k] = c;
    start[c + 1] = (start[c + 1] ?? 0) + 1;
  });
  for (let c = 0; c < cols * rows; c++) start[c + 1] = (start[c + 1] ?? 0) + (start[c] ?? 0);
  const fill = start.slice(0, cols * rows);
  const items = new Uint32Array(kept.length);
  kept.forEach((i, k) => {
    const c = cellOf[k] ?? 0;
    items[fill[c] ?? 0] = i;
    fill[c] = (fill[c] ?? 0) + 1;
  });
  return { minX, minY, cell, cols, rows, start, items };
}

/** Calls `visit` with every node whose cell overlaps the square of half-side `r` around (x, y). */
export function forEachNear(grid: TNodeGrid, x: number, y: number, r: number, visit: (i: number) => void) {
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));
  const c0 = clamp(Math.floor((x - r - grid.minX) / grid.cell), grid.cols - 1);
  const c1 = clamp(Math.floor((x + r - grid.minX) / grid.cell), grid.cols - 1);
  const r0 = clamp(Math.floor((y - r - grid.minY) / grid.cell), grid.rows - 1);
  const r1 = clamp(Math.floor((y + r - grid.minY) / grid.cell), grid.rows - 1);
  // The square lies wholly outside the indexed area: clamping would report edge cells it does not touch.
  if (x + r < grid.minX || y + r < grid.minY) return;
  if (x - r > grid.minX + grid.cols * grid.cell || y - r > grid.minY + grid.rows * grid.cell) return;
  for (let row = r0; row <= r1; row++) {
    for (let col = c0; col <= c1; col++) {
      const c = row * grid.cols + col;
      for (let k = grid.start[c] ?? 0; k < (grid.start[c + 1] ?? 0); k++) visit(grid.items[k] ?? 0);
    }
  }
}

/**
 * The node under a point: among the nodes within `r` of (x, y), those whose own disc (`distance`
 * returns how far the point is from a node, as a share of its radius: 1 = on its rim) contains the
 * point; the one the point is deepest inside (nearest its centre for its size) wins. Null when the
 * point is over no node.
 */
export function pickNode(
  grid: TNodeGrid,
  x: number,
  y: number,
  r: number,
  distance: (i: number) => number,
): number | null {
  let best: number | null = null;
  let bestDistance = 1;
  forEachNear(grid, x, y, r, (i) => {
    const d = distance(i);
    if (d <= bestDistance) {
      best = i;
      bestDistance = d;
    }
  });
  return best;
}
