import { LIST_LIMITS, type TListType } from './lists-limits';

const count = (n: number) => n.toLocaleString('en-US');

// What users read about lists and their uploads. Spec wording (surveys §5, §8) where the spec has one;
// the rest says what went wrong and what to do.

/** A spreadsheet cell holding a formula whose value was never saved (openpyxl writes them so). */
export const formulaWithoutValue = (sheet: string, cell: string) =>
  `Cell ${sheet}!${cell} holds a formula without a saved value: open the file in Excel or LibreOffice and save it`;

const listWord = (type: TListType) => (type === 'Respondent List' ? 'Respondent list' : 'Supplementary list');

/** What every upload of rows (lists, organization users, network shares) says of its rows and file. */
export const UPLOAD_ROWS_MSG = {
  /** Spec surveys §5: one message for names and email addresses alike, as organization uploads say it. */
  moreDuplicated: (n: number) => `and ${n} other name(s)/email address(es) have been duplicated`,
  invalidEmail: (x: string) => `${x} is not a valid email address`,
  blanks: 'One or more cells that should have contained text were blank.',
  incorrectFormat: 'Processing the excel file. Incorrect format.',
} as const;

export const LIST_MSG = {
  duplicated: (type: TListType, first: string) => `${listWord(type)} not uploaded. ${first} has been duplicated`,
  ...UPLOAD_ROWS_MSG,
  respondentHeader:
    "Respondent list not uploaded due to an invalid column heading. Please ensure that your respondent list includes 'Name' and 'Email' as the first two column headings",
  supplementaryHeader:
    "Supplementary list not uploaded due to an invalid column heading. Please ensure that your supplementary list includes 'Name' as the first column heading",
  respondentsDeleted:
    'The respondents below will be deleted together with their responses. Upload the list again to confirm.',
  nodesDeleted:
    'The nodes below will be deleted, and answers that selected them could lose data. Upload the list again to confirm.',
  titleTaken: 'A List with this name already exists',
  updateFailed: 'Error while updating list',
  inUse: 'Cannot delete list as it is in use',
  listNotFound: 'List not found',
  titleRequired: 'List name cannot be blank',
  titleTooLong: `List name must be at most ${LIST_LIMITS.maxTitleLength} characters`,
  fileMissing: 'Please choose a file to upload.',
  oneFileOnly: 'Please upload one file at a time.',
  fileEmpty: 'The file is empty.',
  fileTooLarge: `The file is larger than ${LIST_LIMITS.maxFileBytes / 1024 / 1024} MB. Please upload a smaller file.`,
  unpackedTooLarge: 'The spreadsheet is too large once unpacked. Please upload a smaller file.',
  passwordProtected: 'The file is password-protected. Please remove the password and upload it again.',
  formulaWithoutValue,
  /** Added to a heading error when no sheet of a workbook has the list's headings. */
  sheetRead: (sheet: string) => `(Sheet '${sheet}' was read: no sheet has the list's column headings.)`,
  tooManyRows: `The list has more than ${count(LIST_LIMITS.maxRows)} rows. Please upload a shorter list.`,
  tooManyColumns: `The list has more than ${LIST_LIMITS.maxColumns} columns. Please remove the columns you do not need.`,
  noRows: 'The list has no rows below the column headings.',
  typeMismatch: 'The list type does not match this upload.',
  idMismatch: 'The list id in the body does not match the path.',
  badUploadForm: 'The upload form is not valid.',
  /** Spec §8's success toasts of a respondent list upload, by the credits it used. */
  respondentListUpdated: (creditsUsed: number) =>
    creditsUsed > 0 ? `Respondent List updated and ${creditsUsed} respondent credits used` : 'Respondent List updated',
  addedByRespondents: (n: number) => `${n} added by respondents`,
} as const;
