import type { TNetworkData } from '@tieline/graph';
import type { TPositions } from '@tieline/sigma-engine';

// Where the people of the next snapshot start when the explorer steps through a series: those already
// drawn where they were (matched by name), people who join beside their neighbors (the mean of the
// placed ones, a little apart so no two start on one spot), and people with no placed neighbor on a
// ring just outside the drawing. The force layout then carries on from there, so the picture stays put.

const GOLDEN = Math.PI * (3 - Math.sqrt(5));

export function stablePositions(
  before: TNetworkData,
  at: { x: ArrayLike<number>; y: ArrayLike<number> },
  next: TNetworkData,
): TPositions {
  const n = next.nodes.length;
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  const placed = new Uint8Array(n);
  const was = new Map(before.nodes.map((node, i) => [node.name, i]));
  next.nodes.forEach((node, i) => {
    const j = was.get(node.name);
    if (j === undefined) return;
    x[i] = at.x[j] ?? 0;
    y[i] = at.y[j] ?? 0;
    placed[i] = 1;
  });
  const count = placed.reduce((a, p) => a + p, 0);
  // The drawing's center and reach, so new spots scale with it.
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < n; i++) if (placed[i]) [cx, cy] = [cx + x[i]!, cy + y[i]!];
  if (count > 0) [cx, cy] = [cx / count, cy / count];
  let reach = 0;
  for (let i = 0; i < n; i++) if (placed[i]) reach = Math.max(reach, Math.hypot(x[i]! - cx, y[i]! - cy));
  const step = reach > 0 ? reach / Math.max(8, Math.sqrt(n) * 2) : 10;
  const neighbors: number[][] = Array.from({ length: n }, () => []);
  for (const e of next.edges) {
    if (e.source === e.target) continue;
    neighbors[e.source]!.push(e.target);
    neighbors[e.target]!.push(e.source);
  }
  // Beside their neighbors, in passes: a joiner next to another joiner follows once that one is placed.
  for (let progress = true; progress; ) {
    progress = false;
    for (let i = 0; i < n; i++) {
      if (placed[i]) continue;
      const near = neighbors[i]!.filter((j) => placed[j]);
      if (near.length === 0) continue;
      const mx = near.reduce((a, j) => a + x[j]!, 0) / near.length;
      const my = near.reduce((a, j) => a + y[j]!, 0) / near.length;
      x[i] = mx + step * Math.cos(i * GOLDEN);
      y[i] = my + step * Math.sin(i * GOLDEN);
      placed[i] = 1;
      progress = true;
    }
  }
  // The rest, alone or among themselves: a ring outside the drawing.
  let k = 0;
  for (let i = 0; i < n; i++) {
    if (placed[i]) continue;
    const r = reach + step * (2 + Math.sqrt(k));
    x[i] = cx + r * Math.cos(k * GOLDEN);
    y[i] = cy + r * Math.sin(k * GOLDEN);
    k++;
  }
  return { x, y };
}
