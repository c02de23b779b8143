// Zod-free constants of lists and uploads, read by the rules, the messages, the server and the apps.

export const LIST_TYPES = ['Respondent List', 'Supplementary List'] as const;
export type TListType = (typeof LIST_TYPES)[number];

/** The columns a list must start with (compared trimmed and case-insensitively). */
export const REQUIRED_COLUMNS: Record<TListType, readonly string[]> = {
  'Respondent List': ['Name', 'Email'],
  'Supplementary List': ['Name'],
};

/**
 * Upload limits. The browser checks size and rows before sending; the server checks all of them
 * before it stores anything. The zip limits hold an unpacked workbook to what 200,000 rows of a few
 * columns need, so a zip bomb is refused before (or while, if its sizes lie) it is inflated.
 */
export const LIST_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  maxRows: 200_000,
  maxColumns: 250,
  maxZipEntries: 1_000,
  maxUnzippedBytes: 150 * 1024 * 1024,
  maxTitleLength: 200,
  /** Invalid-email messages listed in one error answer; the rest are not named. */
  maxListedInvalidEmails: 100,
} as const;
