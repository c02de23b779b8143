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
  /** Queued for one of the server's analysis slots: the place in line (1 = next), else null. */
  position: number | null;
  error: unknown;
}

/** What the explorer says while the metrics are not there yet. */
export const metricsProgressText = (progress: number, position: number | null) =>
  position !== null
    ? `Waiting for a free analysis slot: number ${position} in line`
    : `Computing metrics… ${Math.round(progress * 100)}%`;

/** `layer`: the metrics of one layer (its index), or of all layers merged when null. */
export function useExplorerMetrics(
  id: string,
  groupAttribute: string | null,
  layer: number | null,
  enabled: boolean,
  /** The data version shown (a series' snapshot); the network's current one when absent. */
  version?: number,
): TMetricsState {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.networks.metrics.queryOptions({
      id,
      ...(groupAttribute ? { groupAttribute } : {}),
      ...(layer !== null ? { layer } : {}),
      ...(version !== undefined ? { version } : {}),
    }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'done' ? POLL_MS : false),
  });
  const data = q.data;
  return {
    metrics: data?.state === 'done' ? data.metrics : null,
    progress: enabled && data?.state !== 'done' && !q.isError ? (data?.progress ?? 0) : null,
    position: data?.state === 'queued' ? (data.position ?? null) : null,
    error: q.error,
  };
}
