import type { TNetworkData } from '@tieline/graph';
import { computeMetricsParallel } from '@tieline/graph/node';
import { summarize } from '../services/discover/summarize';
import { postResult, workerInput } from './worker-side';

// Worker process (see script-worker.ts): a large Discover snapshot's summary (services/discover/summary.ts)
// off the server's event loop: reading the document, its metrics (the all-pairs part in worker threads)
// and the summary of them. Answers the summary alone, a few kilobytes.

export interface DiscoverSummaryInput {
  /** The snapshot's document as stored (discover_networks.data). */
  json: string;
  threads: number;
}

const { json, threads } = await workerInput<DiscoverSummaryInput>();
const data = JSON.parse(json) as TNetworkData;
await postResult(summarize(data, await computeMetricsParallel(data, {}, { threads })));
