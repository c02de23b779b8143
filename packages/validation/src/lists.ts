// The rules of list uploads, zod-free: the admin app runs them on the rows it parsed before uploading,
// and the server runs the same functions as the authority (surveys spec §5, §8).
import { LIST_LIMITS, REQUIRED_COLUMNS, type TListType } from './lists-limits';
import { LIST_MSG, UPLOAD_ROWS_MSG } from './lists-messages';
import { isEmail } from './rules';
import { cleanLine } from './text';

export type TAttributeType = 'number' | 'boolean' | 'date' | 'text';
/** A column after the required ones: its heading and the type inferred from its cells. */
export interface TListColumn {
  name: string;
  type: TAttributeType;
}
/** One attribute cell: the typed value (dates as ISO text) and the text as the file had it. */
export interface TAttribute {
  value: number | boolean | string;
  text: string;
}
export interface TListNodeInput {
  name: string;
  /** Lowercased; null in supplementary lists. */
  email: string | null;
  firstName: string;
  /** Non-blank attribute cells, keyed by column name. */
  attributes: Record<string, TAttribute>;
}

export type TUploadErrorType = 'size' | 'format' | 'header' | 'data' | 'title' | 'deletion' | 'billing';
/** The upload error payload of spec §3. */
export interface TUploadErrorPayload {
  type: TUploadErrorType;
  message: string;
  sizeErrors: string[];
  headerErrors: string[];
  dataErrors: { duplicates: { names: string[]; emails: string[] }; invalidEmails: string[]; blanks: string[] };
  billingAndDeletionResult: string[];
  deletedUserEmails: string[];
  deletedNodesNames: string[];
}

type PayloadParts = Partial<Omit<TUploadErrorPayload, 'type' | 'message' | 'dataErrors'>> & {
  dataErrors?: TUploadErrorPayload['dataErrors'];
};

export function uploadErrorPayload(type: TUploadErrorType, message: string, parts: PayloadParts = {}) {
  return {
    type,
    message,
    sizeErrors: parts.sizeErrors ?? [],
    headerErrors: parts.headerErrors ?? [],
    dataErrors: parts.dataErrors ?? { duplicates: { names: [], emails: [] }, invalidEmails: [], blanks: [] },
    billingAndDeletionResult: parts.billingAndDeletionResult ?? [],
    deletedUserEmails: parts.deletedUserEmails ?? [],
    deletedNodesNames: parts.deletedNodesNames ?? [],
  } satisfies TUploadErrorPayload;
}

/** A spreadsheet cell as SheetJS gives it (structural, so this file needs no SheetJS). */
export interface TSheetCell {
  t: string;
  v?: unknown;
}

/**
 * The text of one cell as the rules read it: numbers to 15 significant digits (what Excel shows),
 * booleans TRUE/FALSE, dates as ISO text without a zone (a sheet has none), error cells blank.
 */
export function cellText(cell: TSheetCell | null | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  const { t, v } = cell;
  if (t === 'n') return typeof v === 'number' && Number.isFinite(v) ? String(Number(v.toPrecision(15))) : '';
  if (t === 'b') return v ? 'TRUE' : 'FALSE';
  if (t === 'd') return v instanceof Date ? isoDate(v) : String(v);
  if (t === 'e') return '';
  return String(v);
}

function isoDate(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const iso = new Date(Math.round(d.getTime() / 1000) * 1000).toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
}

// A NUL or a lone surrogate can be stored by no database (PostgreSQL refuses NUL in text and JSON);
// OOXML can encode both (_x0000_), so cells are mended rather than refused.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const NUL = /\u0000/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const NEEDS_MENDING = /[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]/;

/** One cell as stored: control characters as spaces, broken Unicode replaced, ends trimmed. */
export function cleanCell(s: string): string {
  // Nearly every cell is clean text: one scan instead of three replaces (200,000 rows of cells).
  if (!NEEDS_MENDING.test(s)) return s.trim();
  return cleanLine(s.replace(NUL, ' ').replace(LONE_SURROGATE, '\uFFFD'));
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is the point
const ASCII = /^[\u0000-\u007f]*$/;
/** Names compare as written (trimmed, Unicode-normalized); emails case-insensitively. */
export const nameKey = (name: string) => (ASCII.test(name) ? name : name.normalize('NFC'));
export const emailKey = (email: string) => email.toLowerCase();

/** The header error text of spec §8, or null when the first columns are the required ones. */
export function headerError(type: TListType, header: readonly string[]): string | null {
  const ok = REQUIRED_COLUMNS[type].every((want, i) => cleanCell(header[i] ?? '').toLowerCase() === want.toLowerCase());
  if (ok) return null;
  return type === 'Respondent List' ? LIST_MSG.respondentHeader : LIST_MSG.supplementaryHeader;
}

/** Whether rows (a sheet of a workbook) begin with the list's column headings. */
export function hasListHeadings(type: TListType, rows: readonly (readonly string[])[]): boolean {
  const header = rows.find((r) => r.some((c) => cleanCell(c ?? '') !== ''));
  return header !== undefined && headerError(type, header) === null;
}

/** A heading error of a workbook where no sheet has the headings names the sheet that was read. */
export function namingSheetRead(payload: TUploadErrorPayload, sheet: string): TUploadErrorPayload {
  if (payload.type !== 'header') return payload;
  const message = `${payload.message} ${LIST_MSG.sheetRead(sheet)}`;
  return { ...payload, message, headerErrors: [message] };
}

/** Spec §5: the first duplicated value (worded by `duplicated`), then 'and N other ...' when there are more. */
export function duplicateMessages(values: string[], duplicated: (value: string) => string): string[] {
  if (values.length === 0) return [];
  const first = duplicated(values[0]!);
  return values.length > 1 ? [first, UPLOAD_ROWS_MSG.moreDuplicated(values.length - 1)] : [first];
}

/** Values seen twice or more, in the order their second occurrence appears. */
function duplicatesOf(values: readonly (string | null)[], key: (v: string) => string): string[] {
  const seen = new Map<string, number>();
  const out: string[] = [];
  for (const v of values) {
    if (!v) continue;
    const k = key(v);
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    if (n === 2) out.push(v);
  }
  return out;
}

/**
 * A row upload's data errors, all at once (spec §5): duplicated names and emails, invalid emails (the
 * first `maxListed`), blank cells. Answers the 'data' payload led by the first of them, or null when
 * the rows pass.
 */
export function dataErrorsPayload(
  rows: { names: readonly string[]; emails: readonly string[]; blank: boolean },
  duplicated: (value: string) => string,
  maxListed = Number.POSITIVE_INFINITY,
): TUploadErrorPayload | null {
  const invalid = rows.emails.filter((e) => e && !isEmail(e));
  const dataErrors = {
    duplicates: {
      names: duplicateMessages(duplicatesOf(rows.names, nameKey), duplicated),
      emails: duplicateMessages(
        duplicatesOf(rows.emails, (e) => emailKey(nameKey(e))),
        duplicated,
      ),
    },
    invalidEmails: invalid.slice(0, maxListed).map(UPLOAD_ROWS_MSG.invalidEmail),
    blanks: rows.blank ? [UPLOAD_ROWS_MSG.blanks] : [],
  };
  const first = [
    ...dataErrors.duplicates.names,
    ...dataErrors.duplicates.emails,
    ...dataErrors.invalidEmails,
    ...dataErrors.blanks,
  ][0];
  return first ? uploadErrorPayload('data', first, { dataErrors }) : null;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
// A leading zero marks an identifier (postcodes, staff numbers): keep such a column as text.
const LEADING_ZERO = /^[+-]?0\d/;
const BOOLEAN = /^(true|false)$/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2})?)?$/;

function isIsoDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s.slice(0, 10);
}

/** The type of a column: the narrowest that every non-blank cell fits; text when none or empty. */
export function inferType(texts: readonly string[]): TAttributeType {
  const cells = texts.filter((t) => t !== '');
  if (cells.length === 0) return 'text';
  if (cells.every((t) => NUMBER.test(t) && !LEADING_ZERO.test(t) && Number.isFinite(Number(t)))) return 'number';
  if (cells.every((t) => BOOLEAN.test(t))) return 'boolean';
  if (cells.every(isIsoDate)) return 'date';
  return 'text';
}

export function attributeValue(type: TAttributeType, text: string): TAttribute['value'] {
  if (type === 'number') return Number(text);
  if (type === 'boolean') return text.toLowerCase() === 'true';
  return text;
}

/**
 * Columns after the required ones: unnamed columns without data are dropped, unnamed ones with data
 * are called 'Column N', and repeated headings get ' (2)', ' (3)' so every attribute has its own key.
 */
function attributeColumns(header: string[], rows: string[][], start: number): { index: number; name: string }[] {
  const width = rows.reduce((w, r) => Math.max(w, r.length), header.length);
  // '__proto__' as a key is dropped by object parsers (zod's record among them): rename it like a repeat.
  const taken = new Set<string>(['__proto__']);
  const out: { index: number; name: string }[] = [];
  for (let c = start; c < width; c++) {
    const heading = header[c] ?? '';
    if (!heading && !rows.some((r) => r[c])) continue;
    const base = heading || `Column ${c + 1}`;
    let name = base;
    for (let k = 2; taken.has(name.toLowerCase()); k++) name = `${base} (${k})`;
    taken.add(name.toLowerCase());
    out.push({ index: c, name });
  }
  return out;
}

export type TCheckedList =
  | { ok: true; columns: TListColumn[]; nodes: TListNodeInput[] }
  | { ok: false; error: TUploadErrorPayload };

/**
 * Every rule of an upload over the rows of its first sheet (row 0 the headings): the header, the row
 * and column limits, then all data errors at once (duplicates, invalid emails, blank required cells).
 * Blank rows are skipped. On success, the nodes to store with their typed attributes.
 */
export function checkListRows(type: TListType, rawRows: readonly (readonly string[])[]): TCheckedList {
  const rows = rawRows.map((r) => r.map((c) => cleanCell(c ?? ''))).filter((r) => r.some((c) => c !== ''));
  const header = rows[0] ?? [];
  const headerMessage = headerError(type, header);
  if (headerMessage)
    return { ok: false, error: uploadErrorPayload('header', headerMessage, { headerErrors: [headerMessage] }) };
  const data = rows.slice(1);
  const sizeError = (message: string) => ({
    ok: false as const,
    error: uploadErrorPayload('size', message, { sizeErrors: [message] }),
  });
  if (data.length > LIST_LIMITS.maxRows) return sizeError(LIST_MSG.tooManyRows);
  if (data.length === 0) return { ok: false, error: uploadErrorPayload('data', LIST_MSG.noRows) };
  const required = REQUIRED_COLUMNS[type].length;
  const attributes = attributeColumns(header, data, required);
  if (required + attributes.length > LIST_LIMITS.maxColumns) return sizeError(LIST_MSG.tooManyColumns);

  const withEmail = type === 'Respondent List';
  const names = data.map((r) => r[0] ?? '');
  const emails = withEmail ? data.map((r) => r[1] ?? '') : [];
  const blank = names.some((n) => !n) || emails.some((e) => !e);
  const duplicated = (value: string) => LIST_MSG.duplicated(type, value);
  const refused = dataErrorsPayload({ names, emails, blank }, duplicated, LIST_LIMITS.maxListedInvalidEmails);
  if (refused) return { ok: false, error: refused };

  const columns = attributes.map(({ index, name }) => ({ name, type: inferType(data.map((r) => r[index] ?? '')) }));
  // Plain loops: this runs over every row of lists of 100,000.
  const nodes = data.map((r, i): TListNodeInput => {
    const name = names[i]!;
    const values: Record<string, TAttribute> = {};
    for (let k = 0; k < attributes.length; k++) {
      const text = r[attributes[k]!.index] ?? '';
      const column = columns[k]!;
      if (text) values[column.name] = { value: attributeValue(column.type, text), text };
    }
    const space = name.search(/\s/);
    return {
      name,
      email: withEmail ? emailKey(emails[i]!) : null,
      firstName: space < 0 ? name : name.slice(0, space),
      attributes: values,
    };
  });
  return { ok: true, columns, nodes };
}

/**
 * The sheet name of an exported list (spec §5): the title without : / \ ? * [ ], cut to Excel's 31
 * characters without splitting a character; Excel also refuses apostrophes at either end.
 */
export function exportSheetName(title: string, fallback = 'List'): string {
  let name = cleanCell(title)
    .replace(/[:/\\?*[\]]/g, '')
    .replace(/^'+|'+$/g, '')
    .trim();
  if (name.length > 31) {
    let cut = '';
    for (const ch of name) {
      if (cut.length + ch.length > 31) break;
      cut += ch;
    }
    name = cut.replace(/'+$/, '').trim();
  }
  // 'History' is reserved by Excel for its change log.
  return name && name.toLowerCase() !== 'history' ? name : fallback;
}
