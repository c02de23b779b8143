import { parentPort, workerData } from 'node:worker_threads';
import type { TMeltwaterInput, TMeltwaterResult } from '@tieline/validation';
import { AppError, type AppErrorCode } from '../errors';
import type { TDocument } from '../network-store/store-network';
import { parseExport } from '../parsers/meltwater/parse-export';
import type { TWorkerMessage } from './script-worker';

// Worker thread (see script-worker.ts): reads a Meltwater export (JSON, or NDJSON line by line) and
// builds its network off the server's event loop: an 18 MB NDJSON took 5.2 s of CPU there (issue 36).
// Answers the network as JSON text (one copy across threads) with its counts, or the refusal.

/** The export's text as UTF-8 bytes (shared memory, not copied), or its JSON value. */
export type TMeltwaterParseInput = { text: Uint8Array } | { value: Exclude<TMeltwaterInput['jsonData'], string> };

export type TMeltwaterParseAnswer =
  | ({ ok: true; document: TDocument } & Omit<TMeltwaterResult, 'networkId' | 'name'>)
  | { ok: false; code: AppErrorCode; message: string };

function answer(jsonData: TMeltwaterInput['jsonData']): TMeltwaterParseAnswer {
  try {
    const built = parseExport(jsonData);
    const { data } = built;
    return {
      ok: true,
      document: {
        json: JSON.stringify(data),
        counts: { nodeCount: data.nodes.length, edgeCount: data.edges.length, layers: data.layers, directed: true },
      },
      documents: built.documents,
      used: built.used,
      skipped: built.skipped,
      people: data.nodes.length,
      ties: data.edges.length,
      layers: built.layers,
    };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

const input = workerData as TMeltwaterParseInput;
const jsonData =
  'text' in input
    ? Buffer.from(input.text.buffer, input.text.byteOffset, input.text.byteLength).toString('utf8')
    : input.value;
const message: TWorkerMessage<TMeltwaterParseAnswer> = { kind: 'result', value: answer(jsonData) };
parentPort!.postMessage(message);
