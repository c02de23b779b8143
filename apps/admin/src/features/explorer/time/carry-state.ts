import type { TNetworkData } from '@tieline/graph';
import { defaultState, type TExplorerState } from '../explorer-state';

// What the explorer keeps when a series' time slider steps to another snapshot: how people are colored
// and sized, labels, the layout chosen, the filters by attribute, degree and metric, the layers shown
// (by name), the metrics' layer (by name) and the person whose panel is open (by name). What names
// people by their place in one snapshot (the selection, an ego filter) starts afresh, and so do the
// positions (stable-positions.ts places the people) and the camera.

/** What a step carries: the explorer's state (its groupAttribute the dashboard's) and the person focused. */
export interface TCarried {
  state: TExplorerState;
  focused: number | null;
}

const layerMap = (before: TNetworkData, next: TNetworkData) => {
  const at = new Map(next.layers.map((name, i) => [name, i]));
  return (l: number) => at.get(before.layers[l] ?? '');
};

export function carryState({ state, focused }: TCarried, before: TNetworkData, next: TNetworkData): TCarried {
  const fresh = defaultState(next.layers.length);
  const toLayer = layerMap(before, next);
  const keys = new Set(next.nodeAttributes.map((a) => a.key));
  const known = (source: string | null) =>
    !source || source.startsWith('m:') || source === 'community' || keys.has(source.slice(2));
  const encoding = {
    ...state.encoding,
    size: known(state.encoding.size) ? state.encoding.size : null,
    color: known(state.encoding.color) ? state.encoding.color : null,
  };
  // Layers shown: those of the snapshot before, by name; a layer new in this one is shown too.
  const wasShown = new Set(state.layers.map((l) => before.layers[l]));
  const beforeNames = new Set(before.layers);
  const layers = next.layers.flatMap((name, i) => (wasShown.has(name) || !beforeNames.has(name) ? [i] : []));
  const metricsLayer = state.metricsLayer === null ? null : (toLayer(state.metricsLayer) ?? null);
  const layout = {
    ...state.layout,
    groupBy: state.layout.groupBy && keys.has(state.layout.groupBy) ? state.layout.groupBy : null,
  };
  const categories = Object.fromEntries(Object.entries(state.filters.categories).filter(([key]) => keys.has(key)));
  const name = focused === null ? null : before.nodes[focused]?.name;
  const nextFocused = name === undefined || name === null ? -1 : next.nodes.findIndex((n) => n.name === name);
  return {
    state: {
      ...fresh,
      layout,
      encoding,
      filters: {
        ...fresh.filters,
        categories,
        ranges: state.filters.ranges.filter((r) => known(r.source)),
        degree: state.filters.degree,
        largestComponent: state.filters.largestComponent,
        hideIsolates: state.filters.hideIsolates,
      },
      layers,
      metricsLayer,
      groupAttribute: state.groupAttribute && keys.has(state.groupAttribute) ? state.groupAttribute : null,
    },
    focused: nextFocused >= 0 ? nextFocused : null,
  };
}
