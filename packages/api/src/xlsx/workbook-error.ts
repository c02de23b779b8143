/** Why an uploaded workbook could not be read; each upload feature turns it into its own message. */
export type TWorkbookProblem =
  | 'empty'
  | 'fileTooLarge'
  | 'format'
  | 'passwordProtected'
  | 'unpackedTooLarge'
  | 'tooManyRows'
  /** A cell with a formula and no saved value (openpyxl writes them so): never read as blank. */
  | 'formulaWithoutValue';

/** Where in the workbook the problem is, when it is one cell. */
export interface TWorkbookPlace {
  sheet?: string;
  /** A1 reference. */
  cell?: string;
}

export class WorkbookError extends Error {
  constructor(
    readonly problem: TWorkbookProblem,
    readonly place: TWorkbookPlace = {},
  ) {
    super(`Workbook refused: ${problem}${place.cell ? ` at ${place.sheet ?? ''}!${place.cell}` : ''}`);
    this.name = 'WorkbookError';
  }
}
