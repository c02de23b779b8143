import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';
import { exportSheetName } from '@tieline/validation';

// Writing xlsx downloads (list exports, the responses export): one place for formula-injection
// neutralizing, dates and sheet naming. The workbook is written directly as SpreadsheetML, streamed
// through node's zlib: SheetJS's writer took 15 s for the 1.4 million cells of a 10,000-response export
// (its deflate runs in JavaScript), this one a fraction of that (docs/benchmarks-history.md). SheetJS still
// reads every upload, and the tests read these files back with it.

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface Download {
  fileName: string;
  bytes: Buffer;
}

/** A date-time cell (utcDateCell). */
export interface DateCell {
  date: Date;
}
/** What a cell may hold; null and undefined leave it empty. */
export type CellValue = string | number | boolean | null | undefined | DateCell;

export interface SheetRows {
  name: string;
  rows: Iterable<readonly CellValue[]>;
}

/** A date cell: written as the instant's serial in UTC with a date-time format, whatever the server's zone. */
export function utcDateCell(date: Date | null): DateCell | null {
  return date ? { date } : null;
}

// What a spreadsheet program would run as a formula if the cell were typed in (OWASP CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;
// Style indexes of styles.xml: 0 general, 1 date-time, 2 Text ('@').
const DATE_STYLE = 1;
const TEXT_STYLE = 2;
/** zlib's level 3: a fifth larger than level 6 and about twice as fast, on a CPU-bound export. */
const DEFLATE_LEVEL = 3;
/** Excel's longest cell text. */
const CELL_TEXT_MAX = 32_767;

// Characters XML 1.0 cannot carry, and CR (parsers turn it into LF).
const XML_INVALID =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are among them
  /[\u0000-\u0008\u000b-\u000d\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are among them
const NEEDS_ESCAPE = /[&<>"_\u0000-\u0008\u000b-\u001f\ud800-\udfff\ufffe\uffff]/;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text as XML character data. Characters XML cannot carry become OOXML's `_xHHHH_` escapes, and text
 * that already looks like one is escaped itself, so spreadsheet programs read back what was written.
 */
function xmlText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
    .replace(XML_INVALID, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`)
    .replace(/[&<>"]/g, (c) => XML_ESCAPES[c]!);
}

const columnNames: string[] = [];
function columnName(index: number): string {
  let name = columnNames[index];
  if (name === undefined) {
    name = '';
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    columnNames[index] = name;
  }
  return name;
}

/**
 * One cell's XML. Text is always an inline string cell, which spreadsheet programs never evaluate;
 * text that starts like a formula also gets the Text number format, so editing the cell in Excel keeps
 * it text. The value itself is unchanged, so an exported list uploads again as it was.
 */
function cellXml(ref: string, value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  if (typeof value === 'object') {
    const serial = value.date.getTime() / 86_400_000 + 25_569;
    return Number.isFinite(serial) ? `<c r="${ref}" s="${DATE_STYLE}"><v>${serial}</v></c>` : '';
  }
  const text = value.length > CELL_TEXT_MAX ? value.slice(0, CELL_TEXT_MAX) : value;
  const style = FORMULA_START.test(text) ? ` s="${TEXT_STYLE}"` : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
}

function* sheetXml(rows: Iterable<readonly CellValue[]>): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN_NS}"><sheetData>`;
  let r = 0;
  for (const row of rows) {
    r += 1;
    let xml = `<row r="${r}">`;
    for (let c = 0; c < row.length; c++) xml += cellXml(`${columnName(c)}${r}`, row[c]);
    yield `${xml}</row>`;
  }
  yield '</sheetData></worksheet>';
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

function packageParts(names: readonly string[]): [string, string][] {
  const sheets = names.map((_, i) => `xl/worksheets/sheet${i + 1}.xml`);
  const types = [
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>`,
    `<Default Extension="xml" ContentType="application/xml"/>`,
    `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>`,
    `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>`,
    ...sheets.map(
      (p) =>
        `<Override PartName="/${p}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    ),
  ];
  const sheetList = names.map((n, i) => `<sheet name="${xmlText(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`);
  const rels = [
    ...sheets.map(
      (_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
    ),
    `<Relationship Id="rId${names.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>`,
  ];
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">${types.join('')}</Types>`,
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${sheetList.join('')}</sheets></workbook>`,
    ],
    ['xl/_rels/workbook.xml.rels', `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">${rels.join('')}</Relationships>`],
    ['xl/styles.xml', STYLES],
  ];
}

interface ZipEntry {
  name: string;
  data: Buffer;
  crc: number;
  size: number;
}

/** Deflates text handed over in pieces (about 1 MB at a time), tracking its CRC-32 and length. */
async function deflated(name: string, pieces: Iterable<string>): Promise<ZipEntry> {
  const deflate = createDeflateRaw({ level: DEFLATE_LEVEL });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const ended = once(deflate, 'end');
  let crc = 0;
  let size = 0;
  let batch: string[] = [];
  let length = 0;
  const flush = async () => {
    const buf = Buffer.from(batch.join(''), 'utf8');
    batch = [];
    length = 0;
    crc = crc32(buf, crc);
    size += buf.length;
    if (!deflate.write(buf)) await once(deflate, 'drain');
  };
  for (const piece of pieces) {
    batch.push(piece);
    length += piece.length;
    if (length >= 1 << 20) await flush();
  }
  await flush();
  deflate.end();
  await ended;
  return { name, data: Buffer.concat(out), crc, size };
}

/** A zip of deflated entries (no ZIP64: a workbook past 4 GB is far beyond what we export). */
function zip(entries: readonly ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt16LE(0x21, 14);
    dir.writeUInt32LE(e.crc >>> 0, 16);
    dir.writeUInt32LE(e.data.length, 20);
    dir.writeUInt32LE(e.size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, name, e.data);
    central.push(dir, name);
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** A workbook of the given sheets, in order; names must already be valid and unique (uniqueSheetNames). */
export async function workbookBytes(sheets: readonly SheetRows[]): Promise<Buffer> {
  const entries: ZipEntry[] = [];
  for (const [name, xml] of packageParts(sheets.map((s) => s.name))) entries.push(await deflated(name, [xml]));
  for (const [i, sheet] of sheets.entries()) {
    entries.push(await deflated(`xl/worksheets/sheet${i + 1}.xml`, sheetXml(sheet.rows)));
  }
  return zip(entries);
}

const MAX_SHEET_NAME = 31;

/**
 * Valid, distinct sheet names for `titles` (Excel compares names case-insensitively): each cleaned and
 * cut by exportSheetName (`fallback` when nothing is left), a repeat gets " (2)", " (3)" ... with the
 * name cut so the whole stays within 31 characters. `taken` names (e.g. 'Nodes') are avoided too.
 */
export function uniqueSheetNames(titles: readonly string[], fallback: string, taken: readonly string[] = []): string[] {
  const used = new Set(taken.map((t) => t.toLowerCase()));
  return titles.map((title) => {
    const base = exportSheetName(title, fallback);
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = `${cutTo(base, MAX_SHEET_NAME - suffix.length).trimEnd()}${suffix}`;
    }
    used.add(name.toLowerCase());
    return name;
  });
}

/** At most `max` UTF-16 units without splitting a character. */
function cutTo(text: string, max: number): string {
  let out = '';
  for (const ch of text) {
    if (out.length + ch.length > max) break;
    out += ch;
  }
  return out;
}
