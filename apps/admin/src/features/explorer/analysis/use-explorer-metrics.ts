import { useQuery } from '@tanstack/react-query';
import type { TMetricsResult } from '@tieline/graph';
import { useTRPC } from '../../../lib/trpc';

// Metrics come from the server's job (cached per network version and options). The explorer asks for
// them only once something on screen needs them (a metric encoding, filter, or an analysis panel), since
// a large network costs the server several seconds.

const POLL_MS = 1_000;

export interface TMetricsState {
  metrics: TMetricsResult | null;
  progress: number | null;
  error: unknown;
}

/** `layer`: the metrics of one layer (its index), or of all layers merged when null. */
export function useExplorerMetrics(
  id: string,
  groupAttribute: string | null,
  layer: number | null,
  enabled: boolean,
): TMetricsState {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.networks.metrics.queryOptions({
      id,
      ...(groupAttribute ? { groupAttribute } : {}),
      ...(layer !== null ? { layer } : {}),
    }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'done' ? POLL_MS : false),
  });
  const data = q.data;
  return {
    metrics: data?.state === 'done' ? data.metrics : null,
    progress: enabled && data?.state !== 'done' && !q.isError ? (data?.progress ?? 0) : null,
    error: q.error,
  };
}
