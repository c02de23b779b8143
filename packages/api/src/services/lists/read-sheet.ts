import * as XLSX from '@e965/xlsx';
import { cellText, LIST_LIMITS, LIST_MSG, type TSheetCell } from '@tieline/validation';
import { formatError, sizeError } from './upload-error';
import { inflateEntry, zipEntries } from './zip-entries';

// Reads the first sheet of an uploaded file into rows of strings, the input of the shared rules. The
// format is decided here from the bytes, never from the file name: SheetJS reads almost anything
// (random bytes become a one-cell text sheet), so only a real workbook or real text reaches it.

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

/** One more row than a list may hold, plus the header: reading stops there. */
const ROWS_READ = LIST_LIMITS.maxRows + 2;

const OPTIONS: XLSX.ParsingOptions = {
  dense: true,
  // Formulas are never evaluated by SheetJS; not reading them keeps only each cell's cached value.
  cellFormula: false,
  cellHTML: false,
  cellText: false,
  cellDates: true,
  bookVBA: false,
  sheets: 0,
  sheetRows: ROWS_READ,
};

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b);

export function readSheet(bytes: Buffer): string[][] {
  if (bytes.length === 0) throw formatError(LIST_MSG.fileEmpty);
  if (bytes.length > LIST_LIMITS.maxFileBytes) throw sizeError(LIST_MSG.fileTooLarge);
  if (startsWith(bytes, ZIP_MAGIC)) return firstSheetRows(readXlsx(bytes));
  if (startsWith(bytes, CFB_MAGIC)) return firstSheetRows(readCfb(bytes));
  const text = decodeText(bytes);
  // SheetJS picks a reader by the first characters ('<' HTML, 'ID' SYLK, '{\rt' RTF, ...): a leading row
  // 'x' makes it read every text as delimited values, and the row is dropped again. Excel's own
  // 'sep=;' first line is read by SheetJS as the delimiter, so it stays first.
  const hinted = text.startsWith('sep=');
  const workbook = parseWith(() =>
    XLSX.read(hinted ? text : `x\n${text}`, { ...OPTIONS, type: 'string', raw: true, sheetRows: ROWS_READ + 1 }),
  );
  return firstSheetRows(workbook, hinted ? 0 : 1);
}

/** Parts SheetJS needs from an xlsx (XML and relationships); images and other binaries stay packed. */
const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name);

function readXlsx(bytes: Buffer): Workbook {
  const entries = zipEntries(bytes);
  const names = new Set(entries.map((e) => e.name));
  if (names.size !== entries.length || !names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
    throw formatError();
  }
  if (entries.some((e) => e.encrypted)) throw formatError(LIST_MSG.passwordProtected);
  const parts = entries.filter((e) => isXmlPart(e.name));
  if (parts.reduce((sum, e) => sum + e.size, 0) > LIST_LIMITS.maxUnzippedBytes) {
    throw sizeError(LIST_MSG.unpackedTooLarge);
  }
  const zip = sheetjs.CFB.utils.cfb_new();
  for (const e of parts) sheetjs.CFB.utils.cfb_add(zip, e.name, inflateEntry(bytes, e), { unsafe: true });
  return parseWith(() => sheetjs.parse_zip(zip, OPTIONS));
}

/** A compound file: a legacy .xls workbook, or an Excel-encrypted xlsx (the form a password gives it). */
function readCfb(bytes: Buffer): Workbook {
  const cfb = parseWith(() => sheetjs.CFB.read(bytes, { type: 'buffer' }));
  if (sheetjs.CFB.find(cfb, 'EncryptionInfo') || sheetjs.CFB.find(cfb, 'EncryptedPackage')) {
    throw formatError(LIST_MSG.passwordProtected);
  }
  if (!sheetjs.CFB.find(cfb, 'Workbook') && !sheetjs.CFB.find(cfb, 'Book')) throw formatError();
  return parseWith(() => sheetjs.parse_xlscfb(cfb, OPTIONS));
}

function parseWith<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    // An .xls protected with a password (a FILEPASS record) is refused by SheetJS with a message saying so.
    throw formatError(/password/i.test(String((error as Error)?.message)) ? LIST_MSG.passwordProtected : undefined);
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
    if (C1.test(text)) throw formatError();
  }
  if (BINARY.test(text)) throw formatError();
  return text;
}

function firstSheetRows(workbook: Workbook, skip = 0): string[][] {
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  const data = ((sheet?.['!data'] ?? []) as (TSheetCell[] | undefined)[]).slice(skip);
  if (data.length >= ROWS_READ) throw sizeError(LIST_MSG.tooManyRows);
  // A cell far to the right would make every row that wide: past the column limit nothing is kept,
  // and the rules report the extra column.
  const width = LIST_LIMITS.maxColumns + 1;
  return data.map((row) => (row ? Array.from(row.slice(0, width), cellText) : []));
}
