import { checkListRows, hasListHeadings, type TCheckedList, type TListType } from '@tieline/validation';
import { readFirstSheet, readMatchingSheet, type TReadLimits, type TSheetRows } from '../xlsx/read';
import { type TWorkbookPlace, type TWorkbookProblem, WorkbookError } from '../xlsx/workbook-error';
import { postResult, workerInput } from './worker-side';

// Worker thread (see script-worker.ts): reads an uploaded spreadsheet (a list, an organization's users,
// network shares) into rows of strings, off the server's event loop (a 10 MB xlsx is seconds of CPU).
// Answers the rows, or the WorkbookError's problem for the caller to word (xlsx/read-in-worker.ts).
// A list is also checked here (checkListRows: 80,000 rows held the server's thread ~120 ms) and only
// the checked list crosses back, not its rows.

export type TXlsxReadInput = { bytes: Uint8Array; limits: TReadLimits } & (
  | { read: 'first' }
  /** The first sheet headed as a list of this type wants, else the first sheet. */
  | { read: 'list'; listType: TListType }
);

export type TXlsxReadAnswer =
  | { ok: true; sheet: TSheetRows & { sheets: number } }
  | { ok: true; list: TReadList }
  | { ok: false; problem: TWorkbookProblem; place: TWorkbookPlace };

/** A list's sheet, checked: its name and the workbook's sheet count word the refusal of a bad list. */
export type TReadList = { name: string; sheets: number; checked: TCheckedList };

function answer(input: TXlsxReadInput): TXlsxReadAnswer {
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  try {
    if (input.read === 'first')
      return { ok: true, sheet: { name: '', rows: readFirstSheet(bytes, input.limits), skippedRows: 0, sheets: 1 } };
    const listType = input.listType;
    const sheet = readMatchingSheet(bytes, input.limits, (rows) => hasListHeadings(listType, rows));
    return { ok: true, list: { name: sheet.name, sheets: sheet.sheets, checked: checkListRows(listType, sheet.rows) } };
  } catch (error) {
    if (error instanceof WorkbookError) return { ok: false, problem: error.problem, place: error.place };
    throw error;
  }
}

await postResult<TXlsxReadAnswer>(answer(await workerInput<TXlsxReadInput>()));
