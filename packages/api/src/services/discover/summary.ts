import { computeMetrics, type TMetricsResult, type TNetworkData } from '@tieline/graph';
import { DISCOVER_MSG, type TDiscoverDescribe } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { slotAccount } from '../../workers/fair-slots';
import type { MetricsWorkerData } from '../../workers/network-metrics';
import { METRICS_WORKER_LIMITS } from '../../workers/script-worker';
import { workerInSlot } from '../../workers/slot-run';

// {id}/describe's generated summary, from @tieline/graph's metrics of the snapshot (layers merged,
// unweighted, Louvain seeded: the same snapshot gives the same summary). Small networks are measured
// here; past WORKER_FROM the all-pairs part runs in the network-metrics worker threads, so the server
// keeps answering, in one of the server's analysis slots (issue 36: a request waits ANALYSIS_WAIT_MS
// in line at most, then answers 429 with its place), under the metrics runs' limits. A snapshot never changes until it is republished (updatedAt moves), so each server
// keeps recent summaries in memory, and concurrent requests for one share the computation.

const WORKER_FROM = { nodes: 1_500, edges: 15_000 };
const TOP = 5;
const VALUES = 5;
const COMMUNITIES = 12;
const CACHED = 200;

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

async function metricsOf(
  deps: Deps,
  caller: SignedInCaller,
  json: string,
  data: TNetworkData,
): Promise<TMetricsResult> {
  if (data.nodes.length < WORKER_FROM.nodes && data.edges.length < WORKER_FROM.edges) return computeMetrics(data);
  const input: MetricsWorkerData = { json, options: {}, threads: deps.env.METRICS_THREADS };
  const ticket = { account: slotAccount(caller.actor), user: caller.actor.userId, label: 'discoverSummary' };
  const text = await workerInSlot<string>(
    deps.analysisSlots,
    ticket,
    deps.env.ANALYSIS_WAIT_MS,
    { name: 'network-metrics', input, limits: METRICS_WORKER_LIMITS },
    { busy: DISCOVER_MSG.busy, tooHeavy: () => DISCOVER_MSG.tooHeavy },
  );
  return JSON.parse(text) as TMetricsResult;
}

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

const cache = new Map<string, Promise<TSummary>>();

/**
 * The summary of a snapshot (`json`, TNetworkData as stored), computed once per snapshot per server; its
 * worker run, if any, counts against the caller's account.
 */
export function summaryOf(deps: Deps, caller: SignedInCaller, key: string, json: string): Promise<TSummary> {
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last: the oldest entry is the first one a full cache drops.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const data = JSON.parse(json) as TNetworkData;
  const computing = metricsOf(deps, caller, json, data).then((metrics) => summarize(data, metrics));
  cache.set(key, computing);
  computing.catch(() => cache.delete(key));
  while (cache.size > CACHED) cache.delete(cache.keys().next().value!);
  return computing;
}
