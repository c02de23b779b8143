import { useQueries } from '@tanstack/react-query';
import type { TMetricsResult, TNetworkData } from '@tieline/graph';
import type { TSeries } from '@tieline/validation';
import { useTRPC } from '../../lib/trpc';

// What the series page reads besides the series: each snapshot's document (a network version never
// changes, so it is fetched once) and, for the betweenness ranks, each snapshot's metrics from the
// metrics endpoint (computed by the server's job, polled while it works).

const POLL_MS = 1_500;

export type TSnapshot = TSeries['snapshots'][number];

/** Each snapshot's document, in order; undefined while loading. */
export function useSnapshotDocuments(snapshots: readonly TSnapshot[]) {
  const trpc = useTRPC();
  return useQueries({
    queries: snapshots.map((s) => ({
      ...trpc.networks.data.queryOptions({ id: s.networkId, version: s.dataVersion }),
      staleTime: Number.POSITIVE_INFINITY,
    })),
    combine: (results) => ({
      data: results.map((r) => r.data?.data as TNetworkData | undefined),
      failed: results.some((r) => r.isError),
    }),
  });
}

/** Each snapshot's metrics (all layers merged), polled until computed; null until then. */
export function useSnapshotMetrics(snapshots: readonly TSnapshot[], enabled: boolean) {
  const trpc = useTRPC();
  return useQueries({
    queries: snapshots.map((s) => ({
      ...trpc.networks.metrics.queryOptions({ id: s.networkId, version: s.dataVersion }),
      enabled,
      staleTime: Number.POSITIVE_INFINITY,
      refetchInterval: (q: { state: { data?: { state: string } } }) =>
        q.state.data && q.state.data.state !== 'done' ? POLL_MS : false,
    })),
    combine: (results) => results.map((r) => (r.data?.state === 'done' ? (r.data.metrics as TMetricsResult) : null)),
  });
}

/** People in each snapshot who were not in the one before (joined) and who were and are not (left). */
export function peopleChanges(documents: readonly (TNetworkData | undefined)[]) {
  return documents.map((doc, i) => {
    if (!doc || i === 0) return null;
    const before = documents[i - 1];
    if (!before) return null;
    const now = new Set(doc.nodes.map((n) => n.name));
    const then = new Set(before.nodes.map((n) => n.name));
    return {
      joined: [...now].filter((n) => !then.has(n)).sort(),
      left: [...then].filter((n) => !now.has(n)).sort(),
    };
  });
}

/**
 * A person's betweenness rank in each snapshot (1 = highest normalized betweenness, ties by name), null
 * where they are absent or the metrics are not there yet.
 */
export function betweennessRanks(metrics: readonly (TMetricsResult | null)[], name: string): (number | null)[] {
  return metrics.map((m) => {
    if (!m) return null;
    const order = m.nodes
      .map((n) => ({ name: n.name, value: Math.round(n.betweennessNormalized * 1e12) / 1e12 }))
      .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
    const at = order.findIndex((n) => n.name === name);
    return at < 0 ? null : at + 1;
  });
}
