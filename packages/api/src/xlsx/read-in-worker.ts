import type { TListType } from '@tieline/validation';
import { type RequestWork, runRequestWorker } from '../workers/request-work';
import { WorkerDiedError } from '../workers/script-worker';
import type { TReadList, TXlsxReadAnswer, TXlsxReadInput } from '../workers/xlsx-read';
import type { TReadLimits } from './read';
import { WorkbookError } from './workbook-error';

// The upload paths read spreadsheets here, in a worker process (workers/xlsx-read.ts), never on the
// server's event loop: a 9.7 MB xlsx took 10 s of CPU, during which every other account's calls waited.
// Refusals come back as the WorkbookError read.ts throws, so each feature words them as before.

/** A reader that ran out of memory or time: the workbook is too large to read, whatever its file size. */
const LIMITS = { heapMb: 1024, timeMs: 120_000 };

async function read(work: RequestWork | null, input: TXlsxReadInput): Promise<Exclude<TXlsxReadAnswer, { ok: false }>> {
  let answer: TXlsxReadAnswer;
  try {
    answer = await runRequestWorker<TXlsxReadAnswer>(work, 'xlsx-read', input, undefined, LIMITS);
  } catch (error) {
    if (error instanceof WorkerDiedError && error.reason !== 'exit') throw new WorkbookError('unpackedTooLarge');
    throw error;
  }
  if (!answer.ok) throw new WorkbookError(answer.problem, answer.place);
  return answer;
}

/** read.ts readFirstSheet, in a worker. */
export async function readFirstSheetInWorker(
  work: RequestWork | null,
  bytes: Buffer,
  limits: TReadLimits,
): Promise<string[][]> {
  const answer = await read(work, { read: 'first', bytes, limits });
  if (!('sheet' in answer)) throw new Error('xlsx-read answered a list to a sheet read');
  return answer.sheet.rows;
}

/** read.ts readMatchingSheet with a list's headings (hasListHeadings), checked by checkListRows, in a worker. */
export async function readListInWorker(
  work: RequestWork | null,
  bytes: Buffer,
  limits: TReadLimits,
  listType: TListType,
): Promise<TReadList> {
  const answer = await read(work, { read: 'list', bytes, limits, listType });
  if (!('list' in answer)) throw new Error('xlsx-read answered a sheet to a list read');
  return answer.list;
}
