/** Why an uploaded workbook could not be read; each upload feature turns it into its own message. */
export type TWorkbookProblem =
  | 'empty'
  | 'fileTooLarge'
  | 'format'
  | 'passwordProtected'
  | 'unpackedTooLarge'
  | 'tooManyRows';

export class WorkbookError extends Error {
  constructor(readonly problem: TWorkbookProblem) {
    super(`Workbook refused: ${problem}`);
    this.name = 'WorkbookError';
  }
}
