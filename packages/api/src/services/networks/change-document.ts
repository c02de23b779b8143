import type { NetworkRow } from '../../access/networks';
import { AppError } from '../../errors';
import type { TDocument } from '../../network-store/store-network';
import { runScriptWorker } from '../../workers/script-worker';
import {
  changeDocument,
  exportDocument,
  type TDocumentChange,
  type TDocumentChangeAnswer,
  type TDocumentExport,
  type TDocumentWork,
} from './document-change';
import type { TNetworkFile } from './formats';

/**
 * People plus ties up to which work on a document runs on the server's thread (a few tens of ms): a
 * worker process costs ~0.3 s to start, which a small network's owner would wait for every time.
 */
export const INLINE_WORK_MAX = 10_000;

type Sized = Pick<NetworkRow, 'nodeCount' | 'edgeCount'>;

/** `inline` when the networks worked on (their rows' counts) are small, else the worker process. */
function run<T>(sources: readonly Sized[], input: TDocumentWork, inline: () => T | Promise<T>): Promise<T> {
  const size = sources.reduce((sum, s) => sum + s.nodeCount + s.edgeCount, 0);
  return size <= INLINE_WORK_MAX ? Promise.resolve(inline()) : runScriptWorker<T>('network-document', input);
}

/** A network document changed (combined, turned directed or not); a refusal is a 400. */
export async function changeDocumentOf(sources: readonly Sized[], input: TDocumentChange): Promise<TDocument> {
  const answer = await run<TDocumentChangeAnswer>(sources, input, () => changeDocument(input));
  if (!answer.ok) throw new AppError('BAD_REQUEST', answer.message);
  const { json, nodes, edges, layers, directed } = answer;
  return { json, counts: { nodeCount: nodes, edgeCount: edges, layers, directed } };
}

/** A network written as a file (with metric columns when given). */
export async function exportDocumentOf(network: Sized, input: TDocumentExport): Promise<TNetworkFile> {
  const file = await run<TNetworkFile>([network], input, () => exportDocument(input));
  // A worker's Buffer crosses as a Uint8Array.
  const bytes: Uint8Array = file.bytes;
  return {
    ...file,
    bytes: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  };
}
