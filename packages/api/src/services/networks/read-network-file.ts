import type { TNetworkUploadErrorPayload } from '@tieline/validation';
import { AppError } from '../../errors';
import type { TDocument } from '../../network-store/store-network';
import type { TNetworkParseAnswer, TNetworkParseInput } from '../../workers/network-parse';
import { type RequestWork, runRequestWorker } from '../../workers/request-work';
import { networkRefusal } from './formats';

/**
 * A network file (or a survey's sheets) read in a worker process: reading 250,000 edges takes seconds
 * of CPU, which the server's event loop must not spend. Refusals come back as the errors the reader
 * throws (networkRefusal with every problem, or an AppError).
 */
export async function readNetworkInWorker(work: RequestWork | null, input: TNetworkParseInput): Promise<TDocument> {
  return (await readNetworkWithNotes(work, input)).document;
}

/** readNetworkInWorker, with the people only the edges named (an upload's answer tells them). */
export async function readNetworkWithNotes(
  work: RequestWork | null,
  input: TNetworkParseInput,
): Promise<{ document: TDocument; addedFromEdges: string[] }> {
  const answer = await runRequestWorker<TNetworkParseAnswer>(work, 'network-parse', input);
  if (answer.ok) {
    const { json, nodes, edges, layers, directed, addedFromEdges } = answer;
    return { document: { json, counts: { nodeCount: nodes, edgeCount: edges, layers, directed } }, addedFromEdges };
  }
  if ('upload' in answer) throw networkRefusal(answer.upload as TNetworkUploadErrorPayload);
  throw new AppError(answer.code, answer.message);
}
