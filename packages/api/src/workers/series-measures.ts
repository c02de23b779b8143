import { networkMeasures, type TNetworkData, type TNetworkMeasures } from '@tieline/graph';
import { postResult, post as postToServer, workerInput } from './worker-side';

// Worker (see script-worker.ts): the per-snapshot measures of a series (networkMeasures, Louvain
// included) for documents too large to measure on the server's event loop, one after the other so only
// one parsed document is alive at a time.

export interface SeriesMeasuresInput {
  /** Documents as stored (network_versions.data). */
  jsons: string[];
}

const post = postToServer<TNetworkMeasures[]>;

const { jsons } = await workerInput<SeriesMeasuresInput>();
const measures: TNetworkMeasures[] = [];
for (const [i, json] of jsons.entries()) {
  measures.push(networkMeasures(JSON.parse(json) as TNetworkData));
  post({ kind: 'progress', fraction: (i + 1) / jsons.length });
}
await postResult(measures);
