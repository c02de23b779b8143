import { parentPort, workerData } from 'node:worker_threads';
import type { TNetworkData } from '@tieline/graph';
import type { TNetworkUploadErrorPayload } from '@tieline/validation';
import { AppError, type AppErrorCode } from '../errors';
import { parseNetworkFile } from '../services/networks/formats';
import { type SheetRows, workbookBytes } from '../xlsx/write';
import type { TWorkerMessage } from './script-worker';

// Worker thread (see script-worker.ts): reads a network file, or a survey's sheets as the responses
// export would write them, and answers the network as JSON text (what network_versions stores, and a
// string crosses threads as one copy) with its counts, or the refusal.

export type TNetworkParseInput =
  | { kind: 'file'; bytes: Uint8Array; fileType: string; directed: boolean }
  | { kind: 'sheets'; sheets: SheetRows[]; directed: boolean };

export type TNetworkParseAnswer =
  | { ok: true; json: string; nodes: number; edges: number; layers: string[]; directed: boolean }
  | { ok: false; upload: TNetworkUploadErrorPayload }
  | { ok: false; code: AppErrorCode; message: string };

async function parse(input: TNetworkParseInput): Promise<TNetworkData> {
  if (input.kind === 'file') return parseNetworkFile(input.bytes, input.fileType, input.directed);
  return parseNetworkFile(await workbookBytes(input.sheets), 'excel', input.directed);
}

async function answer(input: TNetworkParseInput): Promise<TNetworkParseAnswer> {
  try {
    const data = await parse(input);
    return {
      ok: true,
      json: JSON.stringify(data),
      nodes: data.nodes.length,
      edges: data.edges.length,
      layers: data.layers,
      directed: data.directed,
    };
  } catch (error) {
    // Only a refused file (formats' networkRefusal) carries a body: its payload, every problem listed.
    if (error instanceof AppError && error.body) return { ok: false, upload: error.body as TNetworkUploadErrorPayload };
    if (error instanceof AppError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

void answer(workerData as TNetworkParseInput).then((value) => {
  const message: TWorkerMessage<TNetworkParseAnswer> = { kind: 'result', value };
  parentPort!.postMessage(message);
});
