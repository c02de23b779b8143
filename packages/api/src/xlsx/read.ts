import * as XLSX from '@e965/xlsx';
import { cellText, type TSheetCell } from '@tieline/validation';
import { WorkbookError } from './workbook-error';
import { inflateEntry, zipEntries } from './zip';

// Reading uploaded spreadsheets (lists, networks) into rows of strings. The format is decided here from
// the bytes, never from the file name: SheetJS reads almost anything (random bytes become a one-cell
// text sheet), so only a real workbook or real text reaches it. Zip limits are checked before anything
// is inflated (zip.ts).

type Workbook = ReturnType<typeof XLSX.read>;
type Container = { FileIndex: unknown[]; FullPaths: string[] };
// Exported by the module but missing from its types: workbook parsers over an already-read container.
const sheetjs = XLSX as unknown as {
  parse_zip: (zip: Container, opts: XLSX.ParsingOptions) => Workbook;
  parse_xlscfb: (cfb: Container, opts: XLSX.ParsingOptions) => Workbook;
  CFB: {
    read: (data: Buffer, opts: { type: 'buffer' }) => Container;
    find: (cfb: Container, path: string) => unknown;
    utils: { cfb_new: () => Container; cfb_add: (c: Container, name: string, data: Buffer, o: object) => void };
  };
};

export interface TReadLimits {
  maxFileBytes: number;
  /** Data rows of one sheet (the heading row comes on top). */
  maxRows: number;
  maxColumns: number;
  maxZipEntries: number;
  maxUnzippedBytes: number;
}

export interface TSheetRows {
  name: string;
  rows: string[][];
}

const options = (limits: TReadLimits, sheets: XLSX.ParsingOptions['sheets']): XLSX.ParsingOptions => ({
  dense: true,
  // Formulas are never evaluated by SheetJS; not reading them keeps only each cell's cached value.
  cellFormula: false,
  cellHTML: false,
  cellText: false,
  cellDates: true,
  bookVBA: false,
  sheets,
  // One more data row than allowed, plus the headings: reading stops there.
  sheetRows: limits.maxRows + 2,
});

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b);

function checkSize(bytes: Buffer, limits: TReadLimits) {
  if (bytes.length === 0) throw new WorkbookError('empty');
  if (bytes.length > limits.maxFileBytes) throw new WorkbookError('fileTooLarge');
}

/** The first sheet of a workbook (xlsx, xls) or of CSV-like text. */
export function readFirstSheet(bytes: Buffer, limits: TReadLimits): string[][] {
  checkSize(bytes, limits);
  if (startsWith(bytes, ZIP_MAGIC)) return sheetRows(readXlsx(bytes, limits, 0), 0, limits);
  if (startsWith(bytes, CFB_MAGIC)) return sheetRows(readCfb(bytes, limits, 0), 0, limits);
  const text = decodeText(bytes);
  // SheetJS picks a reader by the first characters ('<' HTML, 'ID' SYLK, '{\rt' RTF, ...): a leading row
  // 'x' makes it read every text as delimited values, and the row is dropped again. Excel's own
  // 'sep=;' first line is read by SheetJS as the delimiter, so it stays first.
  const hinted = text.startsWith('sep=');
  const opts = options(limits, 0);
  const workbook = parseWith(() =>
    XLSX.read(hinted ? text : `x\n${text}`, {
      ...opts,
      type: 'string',
      raw: true,
      sheetRows: (opts.sheetRows ?? 0) + 1,
    }),
  );
  return sheetRows(workbook, 0, limits, hinted ? 0 : 1);
}

/** Every sheet of a workbook (xlsx, xls), in order; text files are refused (they have no sheets). */
export function readAllSheets(bytes: Buffer, limits: TReadLimits): TSheetRows[] {
  checkSize(bytes, limits);
  let workbook: Workbook;
  if (startsWith(bytes, ZIP_MAGIC)) workbook = readXlsx(bytes, limits, undefined);
  else if (startsWith(bytes, CFB_MAGIC)) workbook = readCfb(bytes, limits, undefined);
  else throw new WorkbookError('format');
  return workbook.SheetNames.map((name, i) => ({ name, rows: sheetRows(workbook, i, limits) }));
}

/** Parts SheetJS needs from an xlsx (XML and relationships); images and other binaries stay packed. */
const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name);

const isSheetPart = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/i.test(name);
const ROW_TAG = Buffer.from('<row');

/**
 * Whether a sheet's XML has `limit` rows or more, counted on the bytes: SheetJS stops at sheetRows but
 * still takes seconds over a million-row sheet first, so such a file is refused before it gets there.
 */
function tooManyRows(xml: Buffer, limit: number): boolean {
  let rows = 0;
  for (let at = xml.indexOf(ROW_TAG); at >= 0; at = xml.indexOf(ROW_TAG, at + ROW_TAG.length)) {
    const next = xml[at + ROW_TAG.length];
    // '<row ' or '<row>', not '<rowBreaks'.
    if (next === 0x20 || next === 0x3e || next === 0x09 || next === 0x0a || next === 0x0d) rows += 1;
    if (rows >= limit) return true;
  }
  return false;
}

function readXlsx(bytes: Buffer, limits: TReadLimits, sheets: XLSX.ParsingOptions['sheets']): Workbook {
  const entries = zipEntries(bytes, limits.maxZipEntries);
  const names = new Set(entries.map((e) => e.name));
  if (names.size !== entries.length || !names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
    throw new WorkbookError('format');
  }
  if (entries.some((e) => e.encrypted)) throw new WorkbookError('passwordProtected');
  const parts = entries.filter((e) => isXmlPart(e.name));
  if (parts.reduce((sum, e) => sum + e.size, 0) > limits.maxUnzippedBytes) throw new WorkbookError('unpackedTooLarge');
  const zip = sheetjs.CFB.utils.cfb_new();
  for (const e of parts) {
    const data = inflateEntry(bytes, e);
    if (isSheetPart(e.name) && tooManyRows(data, limits.maxRows + 2)) throw new WorkbookError('tooManyRows');
    sheetjs.CFB.utils.cfb_add(zip, e.name, data, { unsafe: true });
  }
  return parseWith(() => sheetjs.parse_zip(zip, options(limits, sheets)));
}

/** A compound file: a legacy .xls workbook, or an Excel-encrypted xlsx (the form a password gives it). */
function readCfb(bytes: Buffer, limits: TReadLimits, sheets: XLSX.ParsingOptions['sheets']): Workbook {
  const cfb = parseWith(() => sheetjs.CFB.read(bytes, { type: 'buffer' }));
  if (sheetjs.CFB.find(cfb, 'EncryptionInfo') || sheetjs.CFB.find(cfb, 'EncryptedPackage')) {
    throw new WorkbookError('passwordProtected');
  }
  if (!sheetjs.CFB.find(cfb, 'Workbook') && !sheetjs.CFB.find(cfb, 'Book')) throw new WorkbookError('format');
  return parseWith(() => sheetjs.parse_xlscfb(cfb, options(limits, sheets)));
}

function parseWith<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    // An .xls protected with a password (a FILEPASS record) is refused by SheetJS with a message saying so.
    throw new WorkbookError(/password/i.test(String((error as Error)?.message)) ? 'passwordProtected' : 'format');
  }
}

// C0 controls other than tab and line breaks, and DEL: no CSV has them, binary files almost always do.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const BINARY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// The bytes Windows-1252 leaves undefined decode to C1 controls.
const C1 = /[\u0080-\u009F]/;

/**
 * CSV (or tab- or semicolon-separated) text: UTF-8 with or without a BOM, UTF-16 with a BOM, or else
 * Windows-1252, which is what Excel on Windows writes as "CSV". Anything with control characters is
 * not text.
 */
function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  let text: string;
  try {
    // TextDecoder drops a UTF-8 BOM itself.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
    if (C1.test(text)) throw new WorkbookError('format');
  }
  if (BINARY.test(text)) throw new WorkbookError('format');
  return text;
}

function sheetRows(workbook: Workbook, index: number, limits: TReadLimits, skip = 0): string[][] {
  const sheet = workbook.Sheets[workbook.SheetNames[index] ?? ''];
  const data = ((sheet?.['!data'] ?? []) as (TSheetCell[] | undefined)[]).slice(skip);
  if (data.length >= limits.maxRows + 2) throw new WorkbookError('tooManyRows');
  // A cell far to the right would make every row that wide: past the column limit nothing is kept,
  // and the rules report the extra column.
  const width = limits.maxColumns + 1;
  return data.map((row) => (row ? Array.from(row.slice(0, width), cellText) : []));
}
