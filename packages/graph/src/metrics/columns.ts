import type { TMetricsResult, TNodeMetrics, TOnaRole } from './types';

// The metric columns every export writes (the server's network files and the explorer's workbooks), so
// a heading means one thing wherever it appears. docs/exports.md defines each column.

/** The node measures as exported, in column order: the heading and the field it holds. */
export const METRIC_COLUMNS: readonly { heading: string; key: keyof TNodeMetrics & string }[] = [
  { heading: 'Degree', key: 'degree' },
  { heading: 'In-degree', key: 'inDegree' },
  { heading: 'Out-degree', key: 'outDegree' },
  { heading: 'Strength', key: 'strength' },
  { heading: 'Betweenness (raw)', key: 'betweenness' },
  { heading: 'Betweenness (normalized)', key: 'betweennessNormalized' },
  { heading: 'Closeness', key: 'closeness' },
  { heading: 'Harmonic closeness', key: 'harmonicCloseness' },
  { heading: 'Eigenvector', key: 'eigenvector' },
  { heading: 'PageRank', key: 'pagerank' },
  { heading: 'Hub', key: 'hub' },
  { heading: 'Authority', key: 'authority' },
  { heading: 'Katz', key: 'katz' },
  { heading: 'Clustering', key: 'clustering' },
  { heading: 'Core number', key: 'coreNumber' },
];

const ROLE_WORDS: Record<TOnaRole, string | null> = {
  broker: 'Broker',
  connector: 'Connector',
  peripheral: 'Peripheral',
  none: null,
};

export type TMetricColumn =
  | { heading: string; type: 'number'; values: (number | null)[] }
  | { heading: string; type: 'category'; values: (string | null)[] };

/**
 * The exported columns of a metrics result, values in node order: the measures, `Community` (numbered
 * from 1, as the explorer shows it) and, when the metrics were grouped, `Role by <attribute>`. Metrics of
 * one layer (`layerName`) say so in every heading: `Degree (Advice)`. A heading already in `taken` (the
 * network's own attributes, compared case-insensitively) gets ` (2)`, ` (3)`, ... A value that is not a
 * finite number is left blank.
 */
export function metricColumns(
  result: TMetricsResult,
  opts: { layerName?: string | null; taken?: readonly string[] } = {},
): TMetricColumn[] {
  const used = new Set((opts.taken ?? []).map((t) => t.toLowerCase()));
  const name = (base: string) => {
    const full = opts.layerName ? `${base} (${opts.layerName})` : base;
    let heading = full;
    for (let k = 2; used.has(heading.toLowerCase()); k++) heading = `${full} (${k})`;
    used.add(heading.toLowerCase());
    return heading;
  };
  const finite = (x: number) => (Number.isFinite(x) ? x : null);
  const columns: TMetricColumn[] = METRIC_COLUMNS.map(({ heading, key }) => ({
    heading: name(heading),
    type: 'number',
    values: result.nodes.map((m) => finite(Number(m[key]))),
  }));
  columns.push({ heading: name('Community'), type: 'number', values: result.nodes.map((m) => m.community + 1) });
  if (result.ona) {
    columns.push({
      heading: name(`Role by ${result.ona.attribute}`),
      type: 'category',
      values: result.ona.roles.map((r) => ROLE_WORDS[r]),
    });
  }
  return columns;
}
