import type { TNetworkData, TStabilityOptions } from '@tieline/graph';
import { stabilityParallel } from '@tieline/graph/node';
import { post, workerInput } from './worker-side';

// Worker (see script-worker.ts) of the network-stability job: the stability of a network
// version's betweenness ranking (packages/graph/src/change/stability.ts), its samples over worker
// threads of its own (@tieline/graph/node). Answers the result as JSON text.

export interface TStabilityWorkerData {
  /** The document as stored (network_versions.data). */
  json: string;
  options: Required<Pick<TStabilityOptions, 'dropout' | 'samples'>>;
  threads: number;
}

const { json, options, threads } = await workerInput<TStabilityWorkerData>();
const result = await stabilityParallel(JSON.parse(json) as TNetworkData, options, {
  threads,
  onProgress: (fraction: number) => post<string>({ kind: 'progress', fraction }),
});
post<string>({ kind: 'result', value: JSON.stringify(result) });
