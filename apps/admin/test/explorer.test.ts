import { computeMetrics, METRIC_COLUMNS, type TNetworkData } from '@tieline/graph';
import { describe, expect, it } from 'vitest';
import { groupLayout, xyLayout } from '../src/features/explorer/canvas/layouts';
import { defaultState, readState, type TExplorerState } from '../src/features/explorer/explorer-state';
import { filteredXlsx, sceneToSvg } from '../src/features/explorer/export/export-view';
import { adjacency, applyFilters, degreeOf } from '../src/features/explorer/filters/filters';
import { binLabel, degreeBins, modeBin } from '../src/features/explorer/filters/histogram';
import { DEFAULT_SIZE, encode, shownCounts, sizeScale, viridis } from '../src/features/explorer/style/encoding';

// Two departments joined by one tie (b-c), a second layer with one tie (a-d), and an isolate (e).
const data: TNetworkData = {
  directed: false,
  layers: ['Advice', 'Friendship'],
  nodeAttributes: [
    { key: 'Department', type: 'category' },
    { key: 'Tenure', type: 'number' },
  ],
  edgeAttributes: [],
  nodes: [
    { name: 'a', attributes: { Department: 'Sales', Tenure: 1 } },
    { name: 'b', attributes: { Department: 'Sales', Tenure: 2 } },
    { name: 'c', attributes: { Department: 'Ops', Tenure: 3 } },
    { name: 'd', attributes: { Department: 'Ops', Tenure: null } },
    { name: '=e', attributes: { Department: null, Tenure: 5 } },
  ],
  edges: [
    { source: 0, target: 1, layer: 0, weight: 1, attributes: {} },
    { source: 1, target: 2, layer: 0, weight: 2, attributes: {} },
    { source: 2, target: 3, layer: 0, weight: 1, attributes: {} },
    { source: 0, target: 3, layer: 1, weight: 1, attributes: {} },
  ],
};

const state = (change: (s: TExplorerState) => TExplorerState = (s) => s) => change(defaultState(2));
const shown = (v: Uint8Array) => [...v].flatMap((x, i) => (x ? [data.nodes[i]?.name] : []));

describe('filters', () => {
  const all = adjacency(data, [0, 1]);
  it('keeps everyone without filters', () => {
    const r = applyFilters(state(), data, null, all);
    expect(r.count).toBe(5);
    expect(r.steps).toEqual([]);
  });
  it('combines a category filter with isolates hidden, counting each step', () => {
    const s = state((x) => ({
      ...x,
      filters: { ...x.filters, categories: { Department: ['Sales'] }, hideIsolates: true },
    }));
    const r = applyFilters(s, data, null, all);
    expect(shown(r.visible)).toEqual(['a', 'b']);
    expect(r.steps.map((x) => x.count)).toEqual([2, 2]);
  });
  it('walks an ego network on the shown layers only', () => {
    const s = state((x) => ({ ...x, layers: [0], filters: { ...x.filters, ego: { node: 0, steps: 1 } } }));
    expect(shown(applyFilters(s, data, null, adjacency(data, [0])).visible)).toEqual(['a', 'b']);
    const two = state((x) => ({ ...x, filters: { ...x.filters, ego: { node: 0, steps: 1 } } }));
    expect(shown(applyFilters(two, data, null, all).visible)).toEqual(['a', 'b', 'd']);
  });
  it('keeps the largest component, ranges and degree', () => {
    const lcc = state((x) => ({ ...x, filters: { ...x.filters, largestComponent: true } }));
    expect(applyFilters(lcc, data, null, all).count).toBe(4);
    const tenure = state((x) => ({
      ...x,
      filters: { ...x.filters, ranges: [{ source: 'a:Tenure', min: 2, max: 5 }] },
    }));
    expect(shown(applyFilters(tenure, data, null, all).visible)).toEqual(['b', 'c', '=e']);
    expect(degreeOf(all, 0)).toBe(2);
    const deg = state((x) => ({ ...x, filters: { ...x.filters, degree: { min: 2, max: 9 } } }));
    expect(shown(applyFilters(deg, data, null, all).visible)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('encoding', () => {
  it('colours a category with its legend and counts, blanks apart', () => {
    const e = encode(
      state((x) => ({ ...x, encoding: { ...x.encoding, color: 'a:Department' } })),
      data,
      null,
    );
    expect(e.legend.color).toMatchObject({
      kind: 'category',
      items: [
        { label: 'Ops', count: 2 },
        { label: 'Sales', count: 2 },
        { label: 'Blank', count: 1 },
      ],
    });
    expect(e.color[0]).toBe(e.color[1]);
    expect(e.color[0]).not.toBe(e.color[2]);
  });
  it('counts each legend category among the people a filter leaves on screen', () => {
    const s = state((x) => ({
      ...x,
      encoding: { ...x.encoding, color: 'a:Department' },
      filters: { ...x.filters, ranges: [{ source: 'a:Tenure', min: 2, max: 5 }] },
    }));
    const e = encode(s, data, null);
    const { visible } = applyFilters(s, data, null, adjacency(data, [0, 1]));
    // b (Sales), c (Ops) and =e (blank) are left: Ops 1 of 2, Sales 1 of 2, Blank 1 of 1.
    expect(e.legend.color?.kind === 'category' ? shownCounts(e.legend.color, visible) : null).toEqual([1, 1, 1]);
    const none = new Uint8Array(data.nodes.length);
    expect(e.legend.color?.kind === 'category' ? shownCounts(e.legend.color, none) : null).toEqual([0, 0, 0]);
  });
  it('sizes by a number, smallest to largest, and a blank at the minimum', () => {
    const e = encode(
      state((x) => ({ ...x, encoding: { ...x.encoding, size: 'a:Tenure' } })),
      data,
      null,
    );
    expect(e.size[0]).toBeLessThan(e.size[1] ?? 0);
    expect(e.size[4]).toBeGreaterThan(e.size[2] ?? 0);
    expect(e.legend.size).toEqual({ title: 'Tenure', min: 1, max: 5 });
  });
  it('shrinks nodes past 2,000 people, with the square root of the count, to a third at most', () => {
    expect(sizeScale(5)).toBe(1);
    expect(sizeScale(2_000)).toBe(1);
    expect(sizeScale(8_000)).toBeCloseTo(0.5);
    expect(sizeScale(50_000)).toBe(0.35);
    const many = { ...data, nodes: Array.from({ length: 8_000 }, (_, i) => ({ name: `p${i}`, attributes: {} })) };
    expect(encode(state(), many, null).size[0]).toBeCloseTo(DEFAULT_SIZE / 2);
  });
  it('waits for metrics before a metric encoding', () => {
    const e = encode(
      state((x) => ({ ...x, encoding: { ...x.encoding, color: 'community', size: 'm:degree' } })),
      data,
      null,
    );
    expect(e.legend.color).toBeNull();
    expect(e.legend.size).toBeNull();
  });
  it('runs viridis from dark purple to yellow', () => {
    expect(viridis(0)).toBe('#440154');
    expect(viridis(1)).toBe('#fde725');
  });
});

describe('views and layouts', () => {
  it('reads a saved state, dropping layers the network no longer has', () => {
    const s = readState({ ...defaultState(3), layers: [0, 2], encoding: { labels: 'all' } }, 2, 5);
    expect(s.layers).toEqual([0]);
    expect(s.encoding.labels).toBe('all');
    expect(s.encoding.edgeColorByLayer).toBe(true);
    expect(readState({ v: 99 }, 2, 5)).toEqual(defaultState(2));
  });
  it('keeps the layer the metrics describe, and reads a layer the network does not have as all layers', () => {
    expect(readState({ ...defaultState(2), metricsLayer: 1 }, 2, 5).metricsLayer).toBe(1);
    expect(readState({ ...defaultState(2), metricsLayer: 2 }, 2, 5).metricsLayer).toBeNull();
    expect(readState({ ...defaultState(2), metricsLayer: '1' }, 2, 5).metricsLayer).toBeNull();
    expect(readState({ v: 1 }, 2, 5).metricsLayer).toBeNull();
  });
  it('keeps the focused person and the dashboard grouping, dropping a person the network does not have', () => {
    const saved = { ...defaultState(2), focused: 3, groupAttribute: 'Department' };
    expect(readState(saved, 2, 5)).toMatchObject({ focused: 3, groupAttribute: 'Department' });
    expect(readState({ ...saved, focused: 5 }, 2, 5).focused).toBeNull();
    expect(readState({ ...saved, focused: 1.5, groupAttribute: 7 }, 2, 5)).toMatchObject({
      focused: null,
      groupAttribute: null,
    });
    // A view saved before these existed.
    const { focused: _f, groupAttribute: _g, ...old } = saved;
    expect(readState(old, 2, 5)).toMatchObject({ focused: null, groupAttribute: null });
  });
  it('groups people into separate discs', () => {
    const p = groupLayout('Department', data);
    const dist = (i: number, j: number) => Math.hypot((p.x[i] ?? 0) - (p.x[j] ?? 0), (p.y[i] ?? 0) - (p.y[j] ?? 0));
    expect(dist(0, 1)).toBeLessThan(dist(0, 2));
  });
  it('plots two numbers', () => {
    const p = xyLayout('a:Tenure', 'a:Tenure', data, null);
    expect(p?.x[0]).toBe(0);
    expect(p?.x[4]).toBeGreaterThan(p?.x[2] ?? 0);
    expect(xyLayout('m:degree', 'a:Tenure', data, null)).toBeNull();
  });
});

describe('exports', () => {
  it('writes an SVG of the scene with escaped labels', () => {
    const a = { x: 10, y: 10, size: 8, color: '#0072B2', label: 'A & <B>' };
    const b = { x: 50, y: 40, size: 3, color: '#E69F00', label: 'b' };
    const svg = sceneToSvg(
      { width: 100, height: 80, directed: false, nodes: [a, b], edges: [{ from: a, to: b, color: '#999', size: 1 }] },
      'T',
    );
    expect(svg).toContain('<circle cx="10" cy="10" r="8" fill="#0072B2"/>');
    expect(svg).toContain('A &amp; &lt;B&gt;');
    expect(svg).not.toContain('>b<');
    expect(svg).toContain('<line');
  });
  it('writes the filtered network as xlsx with the metrics shown, formulas neutralized', async () => {
    const XLSX = await import('@e965/xlsx');
    const visible = Uint8Array.from([1, 1, 0, 0, 1]);
    const metrics = computeMetrics(data, { layers: [0], groupAttribute: 'Department' });
    const blob = await filteredXlsx(data, visible, [0], metrics, 'Advice');
    const book = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array' });
    const nodes = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Nodes as never, { defval: null });
    const edges = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Edges as never);
    expect(nodes.map((n) => n.Name)).toEqual(['a', 'b', "'=e"]);
    expect(edges).toEqual([{ Source: 'a', Target: 'b', Layer: 'Advice', Weight: 1 }]);
    // The columns docs/exports.md names, of the Advice layer, with the people's roles by Department.
    expect(Object.keys(nodes[0] ?? {})).toEqual([
      'Name',
      'Department',
      'Tenure',
      ...[...METRIC_COLUMNS.map((c) => c.heading), 'Community'].map((h) => `${h} (Advice)`),
      'Role by Department (Advice)',
    ]);
    // b lies on the paths a-c and a-d: raw 2, normalized 2·2/((5-1)(5-2)) = 1/3; b bridges Sales and Ops.
    expect(nodes.map((n) => [n['Betweenness (raw) (Advice)'], n['Betweenness (normalized) (Advice)']])).toEqual([
      [0, 0],
      [2, 1 / 3],
      [0, 0],
    ]);
    expect(nodes[1]?.['Role by Department (Advice)']).toBe('Broker');
  });
});

describe('degree histogram', () => {
  it('names a one-value bin by its value, a wider one by its range cut at the maximum', () => {
    const one = degreeBins([11, 11, 3, 0], 20);
    expect(one.width).toBe(1);
    expect(binLabel(modeBin(one.bins), one.width, one.max)).toBe('11');
    const wide = degreeBins([0, 5, 39, 40, 40], 20);
    expect(wide.width).toBe(3);
    expect(binLabel(0, wide.width, wide.max)).toBe('0–2');
    expect(binLabel(modeBin(wide.bins), wide.width, wide.max)).toBe('39–40');
    // The last bin holds only the maximum: one value, not "42–44".
    const last = degreeBins([0, 42, 42], 20);
    expect(binLabel(last.bins.length - 1, last.width, last.max)).toBe('42');
    expect(last.bins.reduce((a, b) => a + b, 0)).toBe(3);
  });
});
