import type { TNodeMetrics } from '@tieline/graph';

// What a saved view holds. The server stores it as an opaque JSON object, so its shape lives here and
// carries a version (`v`) for the day it changes.

/** A per-node number: `m:<metric>` (server metrics) or `a:<attribute>` (a number attribute). */
export type TNumericSource = `m:${keyof TNodeMetrics & string}` | `a:${string}`;
/** A per-node color: communities, ONA roles, or a category/number attribute or metric. */
export type TColorSource = 'community' | TNumericSource;

export type TLayoutKind = 'force' | 'circular' | 'group' | 'xy';

export interface TFilters {
  /** Per category attribute, the values kept; an attribute absent here keeps everyone. */
  categories: Record<string, string[]>;
  /** Numeric ranges on attributes or metrics, inclusive. */
  ranges: { source: TNumericSource; min: number; max: number }[];
  degree: { min: number; max: number } | null;
  /** The ego network of one person (node index) up to `steps` ties away. */
  ego: { node: number; steps: number } | null;
  largestComponent: boolean;
  hideIsolates: boolean;
}

export interface TExplorerState {
  v: 1;
  layout: { kind: TLayoutKind; groupBy: string | null; x: string | null; y: string | null };
  /** Node positions by node index, rounded, so a view reopens exactly as it was laid out. */
  positions: { x: number[]; y: number[] } | null;
  encoding: {
    size: TNumericSource | null;
    color: TColorSource | null;
    edgeColorByLayer: boolean;
    edgeWidthByWeight: boolean;
    labels: 'auto' | 'all' | 'none';
  };
  filters: TFilters;
  /** Layers shown (indexes); a layer removed from the view is absent. */
  layers: number[];
  camera: { x: number; y: number; ratio: number; angle: number } | null;
  selection: number[];
  hideUnselected: boolean;
  /** The person whose panel is open (node index), and the attribute the dashboard groups people by. */
  focused: number | null;
  groupAttribute: string | null;
  /** The layer (index) the metrics describe, or null for all layers merged. */
  metricsLayer: number | null;
}

export const emptyFilters = (): TFilters => ({
  categories: {},
  ranges: [],
  degree: null,
  ego: null,
  largestComponent: false,
  hideIsolates: false,
});

export const defaultState = (layerCount: number): TExplorerState => ({
  v: 1,
  layout: { kind: 'force', groupBy: null, x: null, y: null },
  positions: null,
  encoding: { size: null, color: null, edgeColorByLayer: true, edgeWidthByWeight: false, labels: 'auto' },
  filters: emptyFilters(),
  layers: Array.from({ length: layerCount }, (_, i) => i),
  camera: null,
  selection: [],
  hideUnselected: false,
  focused: null,
  groupAttribute: null,
  metricsLayer: null,
});

/**
 * A stored view's state, or the default when it is from an unknown version or not a state at all.
 * Views saved before `focused`, `groupAttribute` and `metricsLayer` existed read as none (all layers).
 */
export function readState(raw: unknown, layerCount: number, nodeCount: number): TExplorerState {
  const base = defaultState(layerCount);
  if (!raw || typeof raw !== 'object' || (raw as { v?: unknown }).v !== 1) return base;
  const s = raw as Partial<TExplorerState>;
  return {
    ...base,
    ...s,
    layout: { ...base.layout, ...s.layout },
    encoding: { ...base.encoding, ...s.encoding },
    filters: { ...base.filters, ...s.filters },
    layers: (s.layers ?? base.layers).filter((l) => Number.isInteger(l) && l >= 0 && l < layerCount),
    focused: inRange(s.focused, nodeCount) ? (s.focused as number) : null,
    groupAttribute: typeof s.groupAttribute === 'string' ? s.groupAttribute : null,
    metricsLayer: inRange(s.metricsLayer, layerCount) ? (s.metricsLayer as number) : null,
  };
}

const inRange = (x: unknown, count: number) => Number.isInteger(x) && (x as number) >= 0 && (x as number) < count;

export const isMetricSource = (s: string | null): s is `m:${string}` => !!s && s.startsWith('m:');
export const sourceKey = (s: TNumericSource): string => s.slice(2);

export const METRIC_LABELS: Partial<Record<keyof TNodeMetrics, string>> = {
  degree: 'Degree',
  inDegree: 'In-degree',
  outDegree: 'Out-degree',
  strength: 'Strength',
  betweennessNormalized: 'Betweenness',
  closeness: 'Closeness',
  harmonicCloseness: 'Harmonic closeness',
  eigenvector: 'Eigenvector',
  pagerank: 'PageRank',
  hub: 'Hub',
  authority: 'Authority',
  katz: 'Katz',
  clustering: 'Clustering',
  coreNumber: 'Core number',
};
export const METRIC_KEYS = Object.keys(METRIC_LABELS) as (keyof TNodeMetrics & string)[];

export function sourceLabel(s: TColorSource | null): string {
  if (!s) return 'None';
  if (s === 'community') return 'Community';
  const key = s.slice(2);
  return s.startsWith('m:') ? (METRIC_LABELS[key as keyof TNodeMetrics] ?? key) : key;
}
