import type { TMetricsResult, TNetworkData } from '@tieline/graph';
import type { TExplorerState } from '../explorer-state';
import { categoryValues, numericValues } from '../style/encoding';

// Which people the view shows. Filters combine (each narrows the previous), and each step's count is
// kept so the panel can say what every filter removed.

export interface TAdjacency {
  offsets: Int32Array;
  neighbors: Int32Array;
}

/** Ties regardless of direction on the shown layers, as compressed rows (self-loops left out). */
export function adjacency(data: TNetworkData, layers: number[]): TAdjacency {
  const n = data.nodes.length;
  const shown = new Set(layers);
  const deg = new Int32Array(n + 1);
  for (const e of data.edges) {
    if (!shown.has(e.layer) || e.source === e.target) continue;
    deg[e.source + 1] = (deg[e.source + 1] ?? 0) + 1;
    deg[e.target + 1] = (deg[e.target + 1] ?? 0) + 1;
  }
  for (let i = 0; i < n; i++) deg[i + 1] = (deg[i + 1] ?? 0) + (deg[i] ?? 0);
  const offsets = deg;
  const fill = offsets.slice(0, n);
  const neighbors = new Int32Array(offsets[n] ?? 0);
  for (const e of data.edges) {
    if (!shown.has(e.layer) || e.source === e.target) continue;
    const a = fill[e.source] ?? 0;
    const b = fill[e.target] ?? 0;
    neighbors[a] = e.target;
    neighbors[b] = e.source;
    fill[e.source] = a + 1;
    fill[e.target] = b + 1;
  }
  return { offsets, neighbors };
}

/** Distinct people tied to a node (either direction) on the shown layers. */
export function degreeOf(adj: TAdjacency, i: number): number {
  const seen = new Set<number>();
  for (let k = adj.offsets[i] ?? 0; k < (adj.offsets[i + 1] ?? 0); k++) seen.add(adj.neighbors[k] ?? -1);
  return seen.size;
}

export interface TFilterResult {
  visible: Uint8Array;
  count: number;
  /** People left after each filter that is on, in the order applied. */
  steps: { label: string; count: number }[];
}

export function applyFilters(
  state: TExplorerState,
  data: TNetworkData,
  metrics: TMetricsResult | null,
  adj: TAdjacency,
): TFilterResult {
  const n = data.nodes.length;
  const visible = new Uint8Array(n).fill(1);
  const steps: TFilterResult['steps'] = [];
  const f = state.filters;
  const step = (label: string, keep: (i: number) => boolean) => {
    let count = 0;
    for (let i = 0; i < n; i++) {
      if (visible[i] && !keep(i)) visible[i] = 0;
      count += visible[i] ?? 0;
    }
    steps.push({ label, count });
  };

  for (const [key, allowed] of Object.entries(f.categories)) {
    const { values, of } = categoryValues(key, data);
    const ok = new Uint8Array(values.length + 1);
    values.forEach((v, i) => {
      if (allowed.includes(v)) ok[i] = 1;
    });
    // Blank values are kept only when the attribute is not narrowed to named values at all.
    step(`${key}: ${allowed.length} of ${values.length}`, (i) => (ok[of[i] ?? -1] ?? 0) === 1);
  }
  for (const r of f.ranges) {
    const values = numericValues(r.source, data, metrics);
    if (!values) continue;
    step(`${r.source.slice(2)} ${r.min}–${r.max}`, (i) => {
      const v = values[i] ?? Number.NaN;
      return v >= r.min && v <= r.max;
    });
  }
  if (f.degree) {
    const { min, max } = f.degree;
    step(`Degree ${min}–${max}`, (i) => {
      const d = degreeOf(adj, i);
      return d >= min && d <= max;
    });
  }
  if (f.ego && f.ego.node < n) {
    const within = ego(adj, visible, f.ego.node, f.ego.steps);
    step(`${data.nodes[f.ego.node]?.name ?? 'Ego'} within ${f.ego.steps}`, (i) => within[i] === 1);
  }
  if (f.largestComponent) {
    const largest = largestComponent(adj, visible);
    step('Largest component', (i) => largest[i] === 1);
  }
  if (f.hideIsolates) {
    step('Isolates hidden', (i) => {
      for (let k = adj.offsets[i] ?? 0; k < (adj.offsets[i + 1] ?? 0); k++)
        if (visible[adj.neighbors[k] ?? 0]) return true;
      return false;
    });
  }
  if (state.hideUnselected && state.selection.length > 0) {
    const selected = new Set(state.selection);
    step('Selection only', (i) => selected.has(i));
  }
  let count = 0;
  for (const v of visible) count += v;
  return { visible, count, steps };
}

/** People within `steps` ties of `start`, walking only through visible people. */
export function ego(adj: TAdjacency, visible: Uint8Array, start: number, steps: number): Uint8Array {
  const seen = new Uint8Array(visible.length);
  if (!visible[start]) return seen;
  seen[start] = 1;
  let frontier = [start];
  for (let s = 0; s < steps && frontier.length > 0; s++) {
    const next: number[] = [];
    for (const u of frontier) {
      for (let k = adj.offsets[u] ?? 0; k < (adj.offsets[u + 1] ?? 0); k++) {
        const v = adj.neighbors[k] ?? 0;
        if (!seen[v] && visible[v]) {
          seen[v] = 1;
          next.push(v);
        }
      }
    }
    frontier = next;
  }
  return seen;
}

/** The biggest set of visible people connected through visible people. */
export function largestComponent(adj: TAdjacency, visible: Uint8Array): Uint8Array {
  const n = visible.length;
  const comp = new Int32Array(n).fill(-1);
  let best = -1;
  let bestSize = 0;
  const stack: number[] = [];
  for (let s = 0, c = 0; s < n; s++) {
    if (!visible[s] || comp[s] !== -1) continue;
    let size = 0;
    comp[s] = c;
    stack.push(s);
    while (stack.length > 0) {
      const u = stack.pop() ?? 0;
      size++;
      for (let k = adj.offsets[u] ?? 0; k < (adj.offsets[u + 1] ?? 0); k++) {
        const v = adj.neighbors[k] ?? 0;
        if (visible[v] && comp[v] === -1) {
          comp[v] = c;
          stack.push(v);
        }
      }
    }
    if (size > bestSize) {
      bestSize = size;
      best = c;
    }
    c++;
  }
  return Uint8Array.from(comp, (c) => (c === best && best >= 0 ? 1 : 0));
}
