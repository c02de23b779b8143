import type { TMetricsOptions, TNetworkData } from '@tieline/graph';
import { computeMetricsParallel } from '@tieline/graph/node';
import { post, workerInput } from './worker-side';

// Worker thread (see script-worker.ts) of the network-metrics job: every metric of a network document,
// the all-pairs part in its own worker threads (@tieline/graph/node), the rest (CSR, spectral measures,
// Louvain, JSON in and out) here rather than on the server's event loop. Answers the result as JSON text.

export interface MetricsWorkerData {
  /** The document as stored (network_versions.data). */
  json: string;
  options: TMetricsOptions;
  threads: number;
}

const { json, options, threads } = await workerInput<MetricsWorkerData>();
const result = await computeMetricsParallel(JSON.parse(json) as TNetworkData, options, {
  threads,
  onProgress: (fraction: number) => post<string>({ kind: 'progress', fraction }),
});
post<string>({ kind: 'result', value: JSON.stringify(result) });
