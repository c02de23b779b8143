import type { NetworkRow } from '../../access/networks';
import { AppError } from '../../errors';
import type { TDocument } from '../../network-store/store-network';
import { runScriptWorker } from '../../workers/script-worker';
import { changeDocument, type TDocumentChange, type TDocumentChangeAnswer } from './document-change';

/**
 * People plus ties up to which a document change runs on the server's thread (a few tens of ms): a
 * worker process costs ~0.3 s to start, which a small network's owner would wait for on every change.
 */
export const INLINE_CHANGE_MAX = 10_000;

/**
 * A whole network document changed (document-change.ts): on the server's thread when its sources are
 * small (`sources`: their rows' counts), else in a worker process (workers/network-document.ts). A
 * refusal (a combination past its people) is a 400.
 */
export async function changeDocumentOf(
  sources: readonly Pick<NetworkRow, 'nodeCount' | 'edgeCount'>[],
  input: TDocumentChange,
): Promise<TDocument> {
  const size = sources.reduce((sum, s) => sum + s.nodeCount + s.edgeCount, 0);
  const answer =
    size <= INLINE_CHANGE_MAX
      ? changeDocument(input)
      : await runScriptWorker<TDocumentChangeAnswer>('network-document', input);
  if (!answer.ok) throw new AppError('BAD_REQUEST', answer.message);
  const { json, nodes, edges, layers, directed } = answer;
  return { json, counts: { nodeCount: nodes, edgeCount: edges, layers, directed } };
}
