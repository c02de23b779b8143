import type { TMetricsResult, TNetworkData } from '@tieline/graph';
import type { TDiscoverDescribe } from '@tieline/validation';

// {id}/describe's generated summary of a snapshot from its metrics: attribute values, communities and top
// people (summary.ts runs it; a large snapshot's in the discover-summary worker).

const TOP = 5;
const VALUES = 5;
const COMMUNITIES = 12;

export type TSummary = Pick<
  TDiscoverDescribe,
  | 'layers'
  | 'density'
  | 'components'
  | 'largestComponent'
  | 'reciprocity'
  | 'modularity'
  | 'attributes'
  | 'topByDegree'
  | 'topByBetweenness'
  | 'communities'
>;

const text = (v: string | number) => (typeof v === 'number' ? String(v) : v);

/** Values by count (most first, then alphabetically), blanks apart. */
function valueCounts(values: (string | number | null | undefined)[]) {
  const counts = new Map<string, number>();
  let blank = 0;
  for (const v of values) {
    if (v === null || v === undefined || v === '') blank += 1;
    else counts.set(text(v), (counts.get(text(v)) ?? 0) + 1);
  }
  const ranked = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([value, count]) => ({ value, count }));
  return { ranked, blank };
}

/** Rounded so that summation order (threads, inline) never changes a rank. */
const round12 = (v: number) => Math.round(v * 1e12) / 1e12;

/** The top people by one measure (ties broken by name). */
function top(metrics: TMetricsResult, value: (m: TMetricsResult['nodes'][number]) => number) {
  return metrics.nodes
    .map((m) => ({ name: m.name, value: round12(value(m)) }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name))
    .slice(0, TOP);
}

export function summarize(data: TNetworkData, metrics: TMetricsResult): TSummary {
  const net = metrics.network;
  const attributes = data.nodeAttributes.map((def) => {
    const { ranked, blank } = valueCounts(data.nodes.map((n) => n.attributes[def.key]));
    return { key: def.key, type: def.type, blank, values: ranked.slice(0, VALUES) };
  });
  // Communities: largest first, each with its best-connected people and, per attribute that names
  // groups (text or category), its most common value.
  const groups = new Map<number, number[]>();
  metrics.nodes.forEach((m, v) => {
    const members = groups.get(m.community) ?? [];
    members.push(v);
    groups.set(m.community, members);
  });
  const grouping = data.nodeAttributes.filter((a) => a.type === 'category' || a.type === 'text');
  const communities = [...groups.entries()]
    .sort((a, b) => b[1].length - a[1].length || a[0] - b[0])
    .slice(0, COMMUNITIES)
    .map(([, members], i) => ({
      community: i + 1,
      size: members.length,
      members: [...members]
        .sort((a, b) => metrics.nodes[b]!.degree - metrics.nodes[a]!.degree || a - b)
        .slice(0, TOP)
        .map((v) => data.nodes[v]!.name),
      values: grouping.flatMap((def) => {
        const best = valueCounts(members.map((v) => data.nodes[v]!.attributes[def.key])).ranked[0];
        return best ? [{ attribute: def.key, ...best }] : [];
      }),
    }));
  return {
    layers: data.layers,
    density: net.density,
    components: net.components,
    largestComponent: net.largestComponent,
    reciprocity: data.directed ? net.reciprocity : null,
    modularity: net.modularity,
    attributes,
    topByDegree: top(metrics, (m) => m.degree),
    topByBetweenness: top(metrics, (m) => m.betweennessNormalized),
    communities,
  };
}
