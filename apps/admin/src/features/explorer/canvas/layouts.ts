import type { TMetricsResult, TNetworkData } from '@tieline/graph';
import type { TPositions } from '@tieline/sigma-engine';
import type { TNumericSource } from '../explorer-state';
import { categoryValues, numericValues } from '../style/encoding';

// Static layouts: each answers positions by node index (x then y). The force layout runs in a worker
// (@tieline/sigma-engine); these are instant, so they run on the main thread.

const GOLDEN = Math.PI * (3 - Math.sqrt(5));
const SPACING = 10;

/** A sunflower (phyllotaxis) disc: evenly spread points without overlap, for any count. */
function disc(count: number, cx: number, cy: number, into: TPositions, members: number[]) {
  members.forEach((node, k) => {
    const r = SPACING * Math.sqrt(k + 0.5);
    into.x[node] = cx + r * Math.cos(k * GOLDEN);
    into.y[node] = cy + r * Math.sin(k * GOLDEN);
  });
  return SPACING * Math.sqrt(count + 0.5);
}

/** Everyone on one disc, in node order: the starting point of the force layout. */
export function discLayout(n: number): TPositions {
  const p = { x: new Float32Array(n), y: new Float32Array(n) };
  disc(
    n,
    0,
    0,
    p,
    Array.from({ length: n }, (_, i) => i),
  );
  return p;
}

/** Everyone on one circle, in node order. */
export function circleLayout(n: number): TPositions {
  const p = { x: new Float32Array(n), y: new Float32Array(n) };
  const r = Math.max(50, (n * SPACING) / (2 * Math.PI));
  for (let i = 0; i < n; i++) {
    p.x[i] = r * Math.cos((2 * Math.PI * i) / n);
    p.y[i] = r * Math.sin((2 * Math.PI * i) / n);
  }
  return p;
}

/** One disc per value of a category (blanks last), the discs around a circle, biggest first. */
export function groupLayout(key: string, data: TNetworkData): TPositions {
  const n = data.nodes.length;
  const p = { x: new Float32Array(n), y: new Float32Array(n) };
  const { values, of } = categoryValues(key, data);
  const members: number[][] = Array.from({ length: values.length + 1 }, () => []);
  of.forEach((g, i) => {
    members[g < 0 ? values.length : g]?.push(i);
  });
  const groups = members.filter((m) => m.length > 0).sort((a, b) => b.length - a.length);
  const radii = groups.map((m) => SPACING * Math.sqrt(m.length + 0.5));
  const circumference = radii.reduce((a, r) => a + 2 * r + 4 * SPACING, 0);
  const ring = groups.length > 1 ? circumference / (2 * Math.PI) : 0;
  let angle = 0;
  groups.forEach((m, g) => {
    const r = radii[g] ?? 0;
    const share = (2 * r + 4 * SPACING) / circumference;
    const a = angle + Math.PI * share;
    disc(m.length, ring * Math.cos(a), ring * Math.sin(a), p, m);
    angle += 2 * Math.PI * share;
  });
  return p;
}

/** A scatter plot: x and y from two numeric sources, scaled to a square; blanks sit at the minimum. */
export function xyLayout(
  xs: TNumericSource,
  ys: TNumericSource,
  data: TNetworkData,
  metrics: TMetricsResult | null,
): TPositions | null {
  const vx = numericValues(xs, data, metrics);
  const vy = numericValues(ys, data, metrics);
  if (!vx || !vy) return null;
  const side = Math.max(200, Math.sqrt(data.nodes.length) * SPACING * 2);
  const scale = (v: Float64Array) => {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const x of v) {
      if (Number.isNaN(x)) continue;
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
    const span = max - min || 1;
    return Float32Array.from(v, (x) => (Number.isNaN(x) ? 0 : ((x - min) / span) * side));
  };
  // Sigma's y axis points up, so higher values sit higher, as on a chart.
  return { x: scale(vx), y: scale(vy) };
}

/** The positions of a layout other than the force layout, or null when it lacks what it needs. */
export function fixedLayout(
  layout: { kind: string; groupBy: string | null; x: string | null; y: string | null },
  data: TNetworkData,
  metrics: TMetricsResult | null,
): TPositions | null {
  if (layout.kind === 'circular') return circleLayout(data.nodes.length);
  if (layout.kind === 'group' && layout.groupBy) return groupLayout(layout.groupBy, data);
  if (layout.kind === 'xy' && layout.x && layout.y)
    return xyLayout(layout.x as TNumericSource, layout.y as TNumericSource, data, metrics);
  return null;
}
