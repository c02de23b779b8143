// The exported metric columns (docs/exports.md): headings, their order, and what each cell holds.
import { describe, expect, it } from 'vitest';
import { computeMetrics, METRIC_COLUMNS, metricColumns } from '../src';
import type { TNetworkData } from '../src/model';

const data: TNetworkData = {
  directed: false,
  layers: ['Advice'],
  nodeAttributes: [
    { key: 'Team', type: 'category' },
    { key: 'degree', type: 'number' },
  ],
  edgeAttributes: [],
  nodes: ['a', 'b', 'c', 'd'].map((name, i) => ({ name, attributes: { Team: i < 2 ? 'X' : 'Y', degree: i } })),
  edges: [
    [0, 1],
    [1, 2],
    [2, 3],
  ].map(([source, target]) => ({ source: source!, target: target!, layer: 0, weight: 1, attributes: {} })),
};

describe('metricColumns', () => {
  it('names every measure once, raw and normalized betweenness apart, communities from 1', () => {
    const result = computeMetrics(data, {});
    const columns = metricColumns(result);
    expect(columns.map((c) => c.heading)).toEqual([...METRIC_COLUMNS.map((c) => c.heading), 'Community']);
    const of = (h: string) => columns.find((c) => c.heading === h)!.values;
    expect(of('Betweenness (raw)')).toEqual([0, 2, 2, 0]);
    expect(of('Betweenness (normalized)')).toEqual([0, 2 / 3, 2 / 3, 0]);
    expect(Math.min(...(of('Community') as number[]))).toBe(1);
    expect(columns.every((c) => c.values.length === 4)).toBe(true);
  });

  it('adds the roles when grouped, names one layer’s metrics after it, and keeps clear of attributes', () => {
    const result = computeMetrics(data, { groupAttribute: 'Team' });
    const columns = metricColumns(result, { layerName: 'Advice', taken: ['Team', 'DEGREE (ADVICE)'] });
    expect(columns[0]!.heading).toBe('Degree (Advice) (2)');
    expect(columns[1]!.heading).toBe('In-degree (Advice)');
    expect(columns.at(-1)).toEqual({
      heading: 'Role by Team (Advice)',
      type: 'category',
      values: ['Peripheral', 'Broker', 'Broker', 'Peripheral'],
    });
  });

  it('leaves a value that is not a finite number blank', () => {
    const result = computeMetrics(data, {});
    result.nodes[0]!.closeness = Number.NaN;
    expect(metricColumns(result).find((c) => c.heading === 'Closeness')!.values[0]).toBeNull();
  });
});
