import { LIST_LIMITS, LIST_MSG, type TListType } from '@tieline/validation';
import type { RequestWork } from '../../workers/request-work';
import type { TReadList } from '../../workers/xlsx-read';
import { readListInWorker } from '../../xlsx/read-in-worker';
import { type TWorkbookProblem, WorkbookError } from '../../xlsx/workbook-error';
import { formatError, sizeError } from './upload-error';

// A list is a CSV file or the sheet of a workbook headed as the list type wants (the first sheet when
// none is), read under the list limits (xlsx/read.ts) and checked, in a worker process (xlsx/read-in-worker.ts).

const REFUSALS: Record<TWorkbookProblem, (error: WorkbookError) => Error> = {
  empty: () => formatError(LIST_MSG.fileEmpty),
  fileTooLarge: () => sizeError(LIST_MSG.fileTooLarge),
  format: () => formatError(),
  passwordProtected: () => formatError(LIST_MSG.passwordProtected),
  unpackedTooLarge: () => sizeError(LIST_MSG.unpackedTooLarge),
  tooManyRows: () => sizeError(LIST_MSG.tooManyRows),
  formulaWithoutValue: ({ place }) => formatError(LIST_MSG.formulaWithoutValue(place.sheet ?? '', place.cell ?? '')),
};

/** The list's sheet, checked by the list rules (checkListRows); `sheets` counts the workbook's sheets (1 for CSV). */
export async function readList(work: RequestWork | null, bytes: Buffer, type: TListType): Promise<TReadList> {
  try {
    return await readListInWorker(work, bytes, LIST_LIMITS, type);
  } catch (error) {
    if (error instanceof WorkbookError) throw REFUSALS[error.problem](error);
    throw error;
  }
}
