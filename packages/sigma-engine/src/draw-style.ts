import type { TNetworkData } from '@tieline/graph';

// How people and ties look (SigmaView.apply's style), and the pure parts of writing it into the drawing.

/** How people and ties look, written into the drawing by `apply`. */
export interface TDrawStyle {
  /** Each person's colour and size, by index. */
  color: readonly string[];
  size: ArrayLike<number>;
  /** 1: the person is shown. */
  visible: Uint8Array;
  /** The layers whose ties are shown. */
  layers: readonly number[];
  edgeColorByLayer: boolean;
  edgeWidthByWeight: boolean;
  labels: 'auto' | 'all' | 'none';
  /** A series' changes view: 1 for each tie born since the snapshot before (drawn in BORN_COLOR, the rest muted). */
  born?: Uint8Array | null;
}

/** Born ties in a series' changes view; the ties kept are drawn muted beside them. */
export const BORN_COLOR = '#059669';
const KEPT_COLOR = '#d1d5db';

/** How each tie looks under `style`: visible by its layer, coloured and as wide as the style says. */
export function tieStyler(
  style: Pick<TDrawStyle, 'layers' | 'edgeColorByLayer' | 'edgeWidthByWeight' | 'born'>,
  edges: TNetworkData['edges'],
  layerColor: (layer: number) => string,
) {
  const layers = new Set(style.layers);
  let maxWeight = 1;
  for (const e of edges) if (e.weight > maxWeight) maxWeight = e.weight;
  const born = style.born ?? null;
  return (e: { layer: number; weight: number }, i: number) => ({
    hidden: !layers.has(e.layer),
    color: born ? (born[i] === 1 ? BORN_COLOR : KEPT_COLOR) : style.edgeColorByLayer ? layerColor(e.layer) : '#9ca3af',
    size: style.edgeWidthByWeight ? 0.5 + 3.5 * (e.weight / maxWeight) : 1,
  });
}

/** The part of a style that decides how ties are drawn: its key, and the born ties by reference. */
export function edgeStyleOf(style: Pick<TDrawStyle, 'layers' | 'edgeColorByLayer' | 'edgeWidthByWeight' | 'born'>): {
  key: string;
  born: Uint8Array | null;
} {
  const layers = [...new Set(style.layers)].sort((a, b) => a - b).join(',');
  return { key: `${layers}|${style.edgeColorByLayer}|${style.edgeWidthByWeight}`, born: style.born ?? null };
}

/** Sigma's label settings for the style's labels choice. */
export function labelSettings(labels: TDrawStyle['labels']) {
  return {
    renderLabels: labels !== 'none',
    labelRenderedSizeThreshold: labels === 'all' ? 0 : 5,
    labelDensity: labels === 'all' ? 10 : 0.07,
  };
}
