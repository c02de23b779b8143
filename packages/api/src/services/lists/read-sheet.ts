import { LIST_LIMITS, LIST_MSG } from '@tieline/validation';
import { readFirstSheet } from '../../xlsx/read';
import { type TWorkbookProblem, WorkbookError } from '../../xlsx/workbook-error';
import { formatError, sizeError } from './upload-error';

// A list is the first sheet of a workbook or a CSV file, read under the list limits (xlsx/read.ts).

const REFUSALS: Record<TWorkbookProblem, () => Error> = {
  empty: () => formatError(LIST_MSG.fileEmpty),
  fileTooLarge: () => sizeError(LIST_MSG.fileTooLarge),
  format: () => formatError(),
  passwordProtected: () => formatError(LIST_MSG.passwordProtected),
  unpackedTooLarge: () => sizeError(LIST_MSG.unpackedTooLarge),
  tooManyRows: () => sizeError(LIST_MSG.tooManyRows),
};

export function readSheet(bytes: Buffer): string[][] {
  try {
    return readFirstSheet(bytes, LIST_LIMITS);
  } catch (error) {
    if (error instanceof WorkbookError) throw REFUSALS[error.problem]();
    throw error;
  }
}
