import * as XLSX from '@e965/xlsx';
import { cellText, type TSheetCell } from '@tieline/validation';
import { readSheetCells, type TSheetContext, unsavedFormulaCell } from './sheet-cells';
import { WorkbookError } from './workbook-error';
import { inflateEntry, zipEntries } from './zip';

// Reading uploaded spreadsheets (lists, networks) into rows of strings. The format is decided here from
// the bytes, never from the file name: SheetJS reads almost anything (random bytes become a one-cell
// text sheet), so only a real workbook or real text reaches it. Zip limits are checked before anything
// is inflated (zip.ts).

type Workbook = ReturnType<typeof XLSX.read>;
type Container = { FileIndex: unknown[]; FullPaths: string[] };
// Exported by the module but missing from its types: workbook parsers over an already-read container.
// test/xlsx-sheetjs-canary.test.ts fails if SheetJS changes them (docs/benchmarks-history.md has what they save).
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
  /** From the first row that is not empty: leading empty rows are skipped. */
  rows: string[][];
  /** Leading empty rows skipped: rows[i] is row i + 1 + skippedRows of the sheet. */
  skippedRows: number;
}

const options = (limits: TReadLimits, sheets: XLSX.ParsingOptions['sheets']): XLSX.ParsingOptions => ({
  dense: true,
  // Formulas are never evaluated by SheetJS; not reading them keeps only each cell's saved value. A
  // formula without one is refused (sheet-cells.ts), never read as blank.
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

/** The first sheet of a workbook (xlsx, xls) or of CSV-like text, from its first row that is not empty. */
export function readFirstSheet(bytes: Buffer, limits: TReadLimits): string[][] {
  return readFirst(bytes, limits).rows;
}

/**
 * The first sheet whose rows `matches` accepts (a list's headings), else the first sheet; `sheets`
 * counts the workbook's sheets (1 for text), so a refusal can name the sheet that was read.
 */
export function readMatchingSheet(
  bytes: Buffer,
  limits: TReadLimits,
  matches: (rows: string[][]) => boolean,
): TSheetRows & { sheets: number } {
  checkSize(bytes, limits);
  if (!startsWith(bytes, ZIP_MAGIC) && !startsWith(bytes, CFB_MAGIC)) return { ...readFirst(bytes, limits), sheets: 1 };
  const all = readAllSheets(bytes, limits);
  const sheet = all.find((s) => matches(s.rows)) ?? all[0] ?? { name: '', rows: [], skippedRows: 0 };
  return { ...sheet, sheets: all.length };
}

function readFirst(bytes: Buffer, limits: TReadLimits): TSheetRows {
  checkSize(bytes, limits);
  if (startsWith(bytes, ZIP_MAGIC)) return readXlsx(bytes, limits, 0)[0] ?? { name: '', rows: [], skippedRows: 0 };
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
  if (startsWith(bytes, ZIP_MAGIC)) return readXlsx(bytes, limits, undefined);
  if (!startsWith(bytes, CFB_MAGIC)) throw new WorkbookError('format');
  const workbook = readCfb(bytes, limits, undefined);
  return workbook.SheetNames.map((_, i) => sheetRows(workbook, i, limits));
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

/** The XML parts of an xlsx, inflated, after the zip and row limits. */
function unpack(bytes: Buffer, limits: TReadLimits): { name: string; data: Buffer }[] {
  const entries = zipEntries(bytes, limits.maxZipEntries);
  const names = new Set(entries.map((e) => e.name));
  if (names.size !== entries.length || !names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
    throw new WorkbookError('format');
  }
  if (entries.some((e) => e.encrypted)) throw new WorkbookError('passwordProtected');
  const parts = entries.filter((e) => isXmlPart(e.name));
  if (parts.reduce((sum, e) => sum + e.size, 0) > limits.maxUnzippedBytes) throw new WorkbookError('unpackedTooLarge');
  return parts.map((e) => {
    const data = inflateEntry(bytes, e);
    if (isSheetPart(e.name) && tooManyRows(data, limits.maxRows + 2)) throw new WorkbookError('tooManyRows');
    return { name: e.name, data };
  });
}

function parseParts(parts: { name: string; data: Buffer }[], opts: XLSX.ParsingOptions): Workbook {
  const zip = sheetjs.CFB.utils.cfb_new();
  for (const part of parts) sheetjs.CFB.utils.cfb_add(zip, part.name, part.data, { unsafe: true });
  return parseWith(() => sheetjs.parse_zip(zip, opts));
}

// Where SheetJS finds a worksheet's cells (its str_match_xml_ns(data, "sheetData")).
const SHEET_DATA_OPEN = /<(?:\w+:)?sheetData\b[^<>]*>/;
const SHEET_DATA_CLOSE = /<\/(?:\w+:)?sheetData>/g;

function splitSheetData(xml: string) {
  const open = SHEET_DATA_OPEN.exec(xml);
  if (!open) return null;
  SHEET_DATA_CLOSE.lastIndex = open.index + open[0].length;
  const close = SHEET_DATA_CLOSE.exec(xml);
  if (!close) return null;
  const start = open.index + open[0].length;
  return { head: xml.slice(0, start), cells: xml.slice(start, close.index), tail: xml.slice(close.index) };
}

/** The part number a sheet read with swapped cells holds, or null if SheetJS gave it anything more. */
function partNumber(sheet: XLSX.WorkSheet | undefined): number | null {
  const data = sheet?.['!data'] as TSheetCell[][] | undefined;
  const cell = data?.length === 1 && data[0]?.length === 1 ? data[0][0] : undefined;
  return cell?.t === 'n' && Object.keys(cell).length === 2 && typeof cell.v === 'number' ? cell.v : null;
}

/** The part number in a sheet read with swapped cells, whatever SheetJS added (comments, links). */
function partOf(sheet: XLSX.WorkSheet | undefined): number | null {
  const cell = (sheet?.['!data'] as TSheetCell[][] | undefined)?.[0]?.[0];
  return cell?.t === 'n' && typeof cell.v === 'number' ? cell.v : null;
}

/**
 * The sheets of an xlsx. SheetJS reads the workbook (sheet order, shared strings, styles) with each
 * worksheet's cells swapped for one cell numbering the part, and sheet-cells.ts reads the cells of the
 * sheets that come back with that cell alone. A sheet that comes back with more (cells made for
 * comments or links) or whose cells sheet-cells.ts leaves to SheetJS: SheetJS reads the whole workbook.
 */
function readXlsx(bytes: Buffer, limits: TReadLimits, sheets: 0 | undefined): TSheetRows[] {
  const parts = unpack(bytes, limits);
  const held: string[] = [];
  const outline = parseParts(
    parts.map((part, n) => {
      const split = isSheetPart(part.name) ? splitSheetData(part.data.toString('utf8')) : null;
      if (!split) return part;
      held[n] = split.cells;
      return {
        name: part.name,
        data: Buffer.from(`${split.head}<row r="1"><c r="A1"><v>${n}</v></c></row>${split.tail}`),
      };
    }),
    options(limits, sheets),
  );
  const names = sheets === 0 ? outline.SheetNames.slice(0, 1) : outline.SheetNames;
  const styles = (outline as { Styles?: { CellXf?: TSheetContext['cellXf'] } }).Styles;
  const context: TSheetContext = {
    strings: (outline as { Strings?: TSheetContext['strings'] }).Strings ?? [],
    cellXf: Array.isArray(styles?.CellXf) ? styles.CellXf : undefined,
    formats: (outline as { SSF?: TSheetContext['formats'] }).SSF ?? {},
    isDateFormat: (format) => XLSX.SSF.is_date(format),
    sheetRows: limits.maxRows + 2,
  };
  const fast = names.map((name) => {
    const n = partNumber(outline.Sheets[name]);
    const cells = n === null || held[n] === undefined ? null : cellsOf(name, held[n], context, limits);
    return cells && fromFirstRow(name, withinRows(cells, limits) as string[][]);
  });
  if (fast.every((sheet) => sheet !== null)) return fast as TSheetRows[];
  for (const name of names) {
    const n = partOf(outline.Sheets[name]);
    const cell = n === null || held[n] === undefined ? null : unsavedFormulaCell(held[n]);
    if (cell !== null) throw new WorkbookError('formulaWithoutValue', { sheet: name, cell });
  }
  const workbook = parseParts(parts, options(limits, sheets));
  return names.map((_, i) => sheetRows(workbook, i, limits));
}

/** readSheetCells of one sheet, a formula without a saved value placed in that sheet. */
function cellsOf(name: string, xml: string, context: TSheetContext, limits: TReadLimits) {
  try {
    return readSheetCells(xml, context, width(limits));
  } catch (error) {
    if (error instanceof WorkbookError) throw new WorkbookError(error.problem, { ...error.place, sheet: name });
    throw error;
  }
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

function sheetRows(workbook: Workbook, index: number, limits: TReadLimits, skip = 0): TSheetRows {
  const name = workbook.SheetNames[index] ?? '';
  const data = withinRows(
    ((workbook.Sheets[name]?.['!data'] ?? []) as (TSheetCell[] | undefined)[]).slice(skip),
    limits,
  );
  return fromFirstRow(
    name,
    data.map((row) => (row ? Array.from(row.slice(0, width(limits)), cellText) : [])),
  );
}

/** The rows from the first one that is not empty: one rule for every upload (issue 25). */
function fromFirstRow(name: string, rows: (string[] | undefined)[]): TSheetRows {
  let skippedRows = 0;
  while (skippedRows < rows.length && (rows[skippedRows] ?? []).every((cell) => cell.trim() === '')) skippedRows++;
  return { name, rows: rows.slice(skippedRows) as string[][], skippedRows };
}

function withinRows<T>(data: T[], limits: TReadLimits): T[] {
  if (data.length >= limits.maxRows + 2) throw new WorkbookError('tooManyRows');
  return data;
}

/**
 * Columns kept of a row. A cell far to the right would make every row that wide: past the column
 * limit nothing is kept, and the rules report the extra column.
 */
const width = (limits: TReadLimits) => limits.maxColumns + 1;
