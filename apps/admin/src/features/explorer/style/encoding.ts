import type { TMetricsResult, TNetworkData, TNodeMetrics } from '@tieline/graph';
import type { TColorSource, TExplorerState, TNumericSource } from '../explorer-state';
import { isMetricSource, sourceLabel } from '../explorer-state';

// Node color and size, edge color and width, and the legend that explains them, computed from the
// view's encoding. Palettes are color-blind safe: Okabe-Ito then Paul Tol's muted set for the 16
// largest categories, viridis for numbers. Smaller categories past those 16 get generated colors
// (no palette stays color-blind safe that far), and the legend lists every category.

export const CATEGORY_COLORS = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#332288',
  '#44AA99',
  '#882255',
  '#999933',
  '#AA4499',
  '#117733',
  '#DDCC77',
  '#88CCEE',
  '#CC6677',
];
export const OTHER_COLOR = '#9ca3af';
export const DEFAULT_NODE_COLOR = '#4f6bed';
const VIRIDIS = ['#440154', '#472d7b', '#3b528b', '#2c728e', '#21918c', '#28ae80', '#5ec962', '#addc30', '#fde725'];
export const LAYER_COLORS = ['#7f8fa6', '#E69F00', '#009E73', '#CC79A7', '#0072B2', '#D55E00'];
export const MIN_SIZE = 3;
export const MAX_SIZE = 14;
export const DEFAULT_SIZE = 5;

/**
 * Node sizes (screen pixels at the fitted zoom) shrink past 2,000 people, with the square root of
 * the count, to a third: discs of the same size would cover the drawing of a large network (20,000
 * people of 5 px on a 700 px canvas) and hide its structure. Zooming in enlarges them again.
 */
export const sizeScale = (people: number) => Math.min(1, Math.max(0.35, Math.sqrt(2_000 / Math.max(1, people))));

export interface TLegend {
  color:
    | {
        kind: 'category';
        title: string;
        items: { label: string; color: string; count: number }[];
        /** Each person's index in `items` (blanks are the last item). */
        itemOf: Int32Array;
      }
    | { kind: 'scale'; title: string; min: number; max: number; colors: string[] }
    | null;
  size: { title: string; min: number; max: number } | null;
  layers: { index: number; label: string; color: string }[];
}

export interface TEncoded {
  color: string[];
  size: Float32Array;
  legend: TLegend;
}

/** A node's value of a numeric source (NaN when blank, or metrics not loaded yet). */
export function numericValues(
  source: TNumericSource,
  data: TNetworkData,
  metrics: TMetricsResult | null,
): Float64Array | null {
  const key = source.slice(2);
  const out = new Float64Array(data.nodes.length);
  if (source.startsWith('m:')) {
    if (!metrics) return null;
    const k = key as keyof TNodeMetrics;
    for (let i = 0; i < out.length; i++) out[i] = Number(metrics.nodes[i]?.[k] ?? Number.NaN);
    return out;
  }
  for (let i = 0; i < out.length; i++) {
    const v = data.nodes[i]?.attributes[key];
    out[i] = typeof v === 'number' ? v : Number.NaN;
  }
  return out;
}

/** The distinct values of a category attribute, sorted, and each node's index into them (-1 blank). */
export function categoryValues(key: string, data: TNetworkData): { values: string[]; of: Int32Array } {
  const set = new Set<string>();
  for (const n of data.nodes) {
    const v = n.attributes[key];
    if (v !== null && v !== undefined && v !== '') set.add(String(v));
  }
  const values = [...set].sort((a, b) => a.localeCompare(b));
  const index = new Map(values.map((v, i) => [v, i]));
  const of = new Int32Array(data.nodes.length);
  data.nodes.forEach((n, i) => {
    const v = n.attributes[key];
    of[i] = v === null || v === undefined || v === '' ? -1 : (index.get(String(v)) ?? -1);
  });
  return { values, of };
}

function range(values: Float64Array): { min: number; max: number } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (Number.isNaN(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min <= max ? { min, max } : { min: 0, max: 0 };
}

/** A color along viridis for t in 0..1. */
export function viridis(t: number): string {
  const x = Math.min(1, Math.max(0, t)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(x));
  const f = x - i;
  const a = VIRIDIS[i] ?? '#000000';
  const b = VIRIDIS[i + 1] ?? a;
  const mix = (k: number) =>
    Math.round(Number.parseInt(a.slice(k, k + 2), 16) * (1 - f) + Number.parseInt(b.slice(k, k + 2), 16) * f)
      .toString(16)
      .padStart(2, '0');
  return `#${mix(1)}${mix(3)}${mix(5)}`;
}

/** An sRGB hex color from hue (degrees), saturation and lightness (0..1). */
function hsl(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** Colors past the palette: hues a golden angle apart at three lightnesses in turn, so neighbors differ. */
export const extendedColor = (k: number) => hsl((20 + k * 137.508) % 360, 0.6, [0.42, 0.58, 0.72][k % 3] ?? 0.58);

/** The color of the category ranked `rank` by size (0 the largest); blank (-1) is gray. */
export const categoryColor = (rank: number) =>
  rank < 0 ? OTHER_COLOR : (CATEGORY_COLORS[rank] ?? extendedColor(rank - CATEGORY_COLORS.length));

function encodeColor(
  source: TColorSource | null,
  data: TNetworkData,
  metrics: TMetricsResult | null,
  categoryKeys: Set<string>,
  title: string,
): { color: string[]; legend: TLegend['color'] } {
  const n = data.nodes.length;
  const plain = { color: new Array<string>(n).fill(DEFAULT_NODE_COLOR), legend: null };
  if (!source) return plain;
  let groups: { values: string[]; of: Int32Array } | null = null;
  if (source === 'community') {
    if (!metrics) return plain;
    const of = Int32Array.from(metrics.nodes, (m) => m.community);
    const count = metrics.network.communities;
    groups = { values: Array.from({ length: count }, (_, i) => `Community ${i + 1}`), of };
  } else if (source.startsWith('a:') && categoryKeys.has(source.slice(2))) {
    groups = categoryValues(source.slice(2), data);
  }
  if (groups) {
    const counts = new Array<number>(groups.values.length).fill(0);
    let blanks = 0;
    for (const g of groups.of) {
      if (g < 0) blanks++;
      else counts[g] = (counts[g] ?? 0) + 1;
    }
    // Largest first: the palette's colors go to the groups that cover most of the drawing.
    const order = groups.values.map((_, i) => i).sort((a, b) => (counts[b] ?? 0) - (counts[a] ?? 0) || a - b);
    const rank = new Int32Array(order.length);
    order.forEach((g, r) => {
      rank[g] = r;
    });
    const color = Array.from(groups.of, (g) => categoryColor(g < 0 ? -1 : (rank[g] ?? -1)));
    const items = order.map((g, r) => ({
      label: groups.values[g] ?? '',
      color: categoryColor(r),
      count: counts[g] ?? 0,
    }));
    if (blanks > 0) items.push({ label: 'Blank', color: OTHER_COLOR, count: blanks });
    const itemOf = Int32Array.from(groups.of, (g) => (g < 0 ? order.length : (rank[g] ?? 0)));
    return { color, legend: { kind: 'category', title, items, itemOf } };
  }
  const values = numericValues(source as TNumericSource, data, metrics);
  if (!values) return plain;
  const { min, max } = range(values);
  const span = max - min || 1;
  const color = Array.from(values, (v) => (Number.isNaN(v) ? OTHER_COLOR : viridis((v - min) / span)));
  return { color, legend: { kind: 'scale', title, min, max, colors: VIRIDIS } };
}

/** A source's name in the legend; metrics of one layer say which. */
function legendTitle(source: TColorSource, state: TExplorerState, data: TNetworkData): string {
  const layer = state.metricsLayer === null ? undefined : data.layers[state.metricsLayer];
  const fromMetrics = source === 'community' || isMetricSource(source);
  return layer !== undefined && fromMetrics ? `${sourceLabel(source)} (${layer})` : sourceLabel(source);
}

export function encode(state: TExplorerState, data: TNetworkData, metrics: TMetricsResult | null): TEncoded {
  const categoryKeys = new Set(data.nodeAttributes.filter((a) => a.type === 'category').map((a) => a.key));
  const colorSource = state.encoding.color;
  const { color, legend: colorLegend } = encodeColor(
    colorSource,
    data,
    metrics,
    categoryKeys,
    colorSource ? legendTitle(colorSource, state, data) : '',
  );
  const scale = sizeScale(data.nodes.length);
  const size = new Float32Array(data.nodes.length).fill(DEFAULT_SIZE * scale);
  let sizeLegend: TLegend['size'] = null;
  const source = state.encoding.size;
  const values = source ? numericValues(source, data, metrics) : null;
  if (source && values) {
    const { min, max } = range(values);
    const span = max - min || 1;
    // Area, not radius, grows with the value, so a node twice as central does not look four times as big.
    for (let i = 0; i < size.length; i++) {
      const v = values[i] ?? Number.NaN;
      size[i] = scale * (Number.isNaN(v) ? MIN_SIZE : MIN_SIZE + (MAX_SIZE - MIN_SIZE) * Math.sqrt((v - min) / span));
    }
    sizeLegend = { title: legendTitle(source, state, data), min, max };
  }
  const layers = state.encoding.edgeColorByLayer
    ? data.layers.map((label, index) => ({ index, label, color: layerColor(index) }))
    : [];
  return { color, size, legend: { color: colorLegend, size: sizeLegend, layers } };
}

/** How many of each legend category's people are on screen (`visible`: 1 for shown). */
export function shownCounts(legend: { items: unknown[]; itemOf: Int32Array }, visible: Uint8Array): number[] {
  const counts = new Array<number>(legend.items.length).fill(0);
  legend.itemOf.forEach((item, i) => {
    if (visible[i]) counts[item] = (counts[item] ?? 0) + 1;
  });
  return counts;
}

export const layerColor = (i: number) => LAYER_COLORS[i % LAYER_COLORS.length] ?? OTHER_COLOR;
