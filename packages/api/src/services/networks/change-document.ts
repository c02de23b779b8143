import type { NetworkRow } from '../../access/networks';
import { AppError } from '../../errors';
import type { TDocument } from '../../network-store/store-network';
import { type RequestWork, runSized } from '../../workers/request-work';
import {
  changeDocument,
  exportDocument,
  type TDocumentChange,
  type TDocumentExport,
  type TDocumentWork,
} from './document-change';
import type { TNetworkFile } from './formats';

type Sized = Pick<NetworkRow, 'nodeCount' | 'edgeCount'>;

/** `inline` when the networks worked on (their rows' counts) are small, else the worker process. */
/** The work on `sources`; `load` reads their documents once it may run (runSized). */
function run<I extends TDocumentWork, T>(
  work: RequestWork,
  sources: readonly Sized[],
  load: () => Promise<I>,
  inline: (input: I) => T | Promise<T>,
): Promise<T> {
  const size = sources.reduce((sum, s) => sum + s.nodeCount + s.edgeCount, 0);
  return runSized(work, size, 'network-document', load, inline);
}

/** A network document changed (combined, turned directed or not); a refusal is a 400. */
export async function changeDocumentOf(
  work: RequestWork,
  sources: readonly Sized[],
  load: () => Promise<TDocumentChange>,
): Promise<TDocument> {
  const answer = await run(work, sources, load, changeDocument);
  if (!answer.ok) throw new AppError('BAD_REQUEST', answer.message);
  const { json, nodes, edges, layers, directed } = answer;
  return { json, counts: { nodeCount: nodes, edgeCount: edges, layers, directed } };
}

/** A network written as a file (with metric columns when given). */
export async function exportDocumentOf(
  work: RequestWork,
  network: Sized,
  load: () => Promise<TDocumentExport>,
): Promise<TNetworkFile> {
  const file = await run(work, [network], load, exportDocument);
  // A worker's Buffer crosses as a Uint8Array.
  const bytes: Uint8Array = file.bytes;
  return {
    ...file,
    bytes: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  };
}
