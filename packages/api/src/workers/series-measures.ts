import { networkMeasures, type TNetworkData, type TNetworkMeasures } from '@tieline/graph';
import { nextAnswer, post, workerInput } from './worker-side';

// Worker (see script-worker.ts): the per-snapshot measures of a series (networkMeasures, Louvain
// included) for documents too large to measure on the server's event loop. It asks the server for a
// document, measures it, and hands the measures back with its next request, until the server answers
// null: one worker serves a whole series, and only one parsed document is alive at a time.

/** What the worker asks: the next document, with the measures of the one before (none at first). */
export interface SeriesMeasuresRequest {
  measured: { at: number; measures: TNetworkMeasures } | null;
}
/** The server's answer: a document as stored (network_versions.data) and its place, or null: no more. */
export type SeriesMeasuresAnswer = { at: number; json: string } | null;

await workerInput<null>();
let measured: SeriesMeasuresRequest['measured'] = null;
for (;;) {
  post<null>({ kind: 'request', value: { measured } satisfies SeriesMeasuresRequest });
  const answer = (await nextAnswer()) as SeriesMeasuresAnswer;
  if (answer === null) break;
  measured = { at: answer.at, measures: networkMeasures(JSON.parse(answer.json) as TNetworkData) };
}
post<null>({ kind: 'result', value: null });
