import {
  checkExportFile,
  type ExportReadLimits,
  type ExportSummary,
  readExport,
} from '../connectors/slack/export-read';
import { ExportFileError } from '../connectors/slack/export-zip';
import type { SourcePerson } from '../connectors/store/people';
import type { StagedConversation, StagedInteraction } from '../connectors/store/staging';
import type { TWorkerMessage } from './script-worker';
import { nextAnswer, postResult, post as postToServer, workerInput } from './worker-side';

// Worker thread (see script-worker.ts) that reads an uploaded Slack export, under the heap cap and time
// limit its caller gives: at upload, its workspace (users.json); at import, everything, handed to the
// server's thread in bounded batches, each answered (written) before the next is read. A file that is
// not as Slack writes it is answered as a refusal with its message; anything else fails the worker.

export type TSlackExportWorkerInput =
  | { mode: 'check'; path: string; limits: ExportReadLimits }
  | {
      mode: 'import';
      path: string;
      limits: ExportReadLimits;
      cursors: Record<string, string>;
      /** The connection's labels of Slack's custom profile fields (field id -> label). */
      fieldLabels: Record<string, string>;
    };

/** What the import asks the server's thread to do; each is answered with null once done. */
export type TSlackExportRequest =
  | { type: 'step'; label: string }
  | { type: 'people'; batch: SourcePerson[] }
  | { type: 'conversations'; batch: StagedConversation[] }
  | { type: 'interactions'; batch: StagedInteraction[] };

export type TSlackExportAnswer =
  | { ok: true; teamId: string | null; people: number }
  | { ok: true; summary: ExportSummary }
  | { ok: false; problem: ExportFileError['problem']; message: string };

const post = (message: TWorkerMessage<TSlackExportAnswer>) => postToServer(message);

/** Posts a request and waits for its answer (the server's thread answers one request at a time). */
const ask = async (request: TSlackExportRequest) => {
  post({ kind: 'request', value: request });
  await nextAnswer();
};

async function run(input: TSlackExportWorkerInput): Promise<TSlackExportAnswer> {
  if (input.mode === 'check') return { ok: true, ...(await checkExportFile(input.path, input.limits)) };
  const summary = await readExport(input.path, input.limits, input.cursors, input.fieldLabels, {
    step: (label) => ask({ type: 'step', label }),
    people: (batch) => ask({ type: 'people', batch }),
    conversations: (batch) => ask({ type: 'conversations', batch }),
    interactions: (batch) => ask({ type: 'interactions', batch }),
    progress: (fraction) => post({ kind: 'progress', fraction }),
  });
  return { ok: true, summary };
}

try {
  await postResult(await run(await workerInput<TSlackExportWorkerInput>()));
} catch (error) {
  if (!(error instanceof ExportFileError)) throw error;
  await postResult({ ok: false, problem: error.problem, message: error.message });
}
