import { cellText } from '@tieline/validation';
import { WorkbookError } from './workbook-error';

// The cells of one worksheet's <sheetData>, read from the XML in one pass. SheetJS spends ~4 µs a cell
// there (a regex split per row and per cell, a generic attribute parser, unescaping twice), most of a
// large upload's reading time; this reads the shapes Excel and SheetJS write, giving exactly what
// SheetJS would with the options of read.ts (dense, cellDates, no formulas, no stubs), and answers
// null for anything else, which SheetJS then reads. Shared strings, styles and number formats still
// come from SheetJS. test/xlsx-read.test.ts compares both readers. A formula without a saved value is
// refused (WorkbookError 'formulaWithoutValue', with its cell), where SheetJS would give a blank.

export interface TSheetContext {
  /** The workbook's shared strings as SheetJS parsed them. */
  strings: readonly { t?: unknown }[];
  /** SheetJS's cell formats (styles.xml cellXfs), when the workbook has styles. */
  cellXf: readonly { numFmtId?: number }[] | undefined;
  /** Number formats by id (SheetJS's table: built-in and the workbook's own). */
  formats: Readonly<Record<number, string | undefined>>;
  isDateFormat: (format: string) => boolean;
  /** Rows numbered past this are skipped (SheetJS's sheetRows). */
  sheetRows: number;
}

/** Rows of cell texts; a row SheetJS would not have is a hole. */
export type TSheetCellRows = (string[] | undefined)[];

// Entities, Excel's _xHHHH_ escapes and CDATA are unescaped by SheetJS its own way (twice for formula
// strings); a carriage return becomes a line break in some cell types only.
const SHEETJS_ESCAPES = /[&\r]|_x[\da-f]{4}_|<!\[CDATA\[/i;
const REF = /^[A-Z]{1,3}[1-9]\d{0,6}$/;
const SIMPLE_VALUE = /^\w*$/;
// Integers that cellText would give back as written (up to 15 digits, no leading zero or sign).
const INTEGER = /^(?:-?[1-9]\d{0,14}|0)$/;
// SheetJS's attribute pattern (parsexmltag), for tags written any other way.
const ATTRIBUTE = /\s([^"\s?>/]+)\s*=\s*((?:")([^"]*)(?:")|(?:')([^']*)(?:')|([^'">\s]+))/g;
const CELL_ATTRIBUTES = new Set(['r', 's', 't', 'cm', 'vm', 'ph']);

/** A start tag's attributes by name, as SheetJS reads them (prefixes dropped, names also lowercased). */
function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of tag.matchAll(ATTRIBUTE)) {
    let name = m[1]!;
    const colon = name.indexOf(':');
    if (colon >= 0) {
      const local = (colon === 5 && name.startsWith('xmlns') ? 'xmlns' : '') + name.slice(colon + 1);
      if (out.get(local) && name.slice(colon - 3, colon) === 'ext') continue;
      name = local;
    } else if (name.indexOf('_') > 0) name = name.slice(0, name.indexOf('_'));
    const value = m[3] ?? m[4] ?? m[5] ?? '';
    out.set(name, value);
    out.set(name.toLowerCase(), value);
  }
  return out;
}

function cellAttributes(tag: string): { r: string; s: string | undefined; t: string | undefined } | null {
  const attrs = attributes(tag);
  for (const [name, value] of attrs) if (!CELL_ATTRIBUTES.has(name) || !SIMPLE_VALUE.test(value)) return null;
  const r = attrs.get('r');
  return r && REF.test(r) ? { r, s: attrs.get('s'), t: attrs.get('t') } : null;
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const endsName = (c: number) => isSpace(c) || c === 0x3e || c === 0x2f;

function skipSpace(xml: string, at: number): number {
  while (at < xml.length && isSpace(xml.charCodeAt(at))) at++;
  return at;
}

/**
 * Whether numbers of a cell style read as plain numbers; null when SheetJS should read them: dates are
 * SheetJS's to convert, and a format it does not know stops its reading of the sheet.
 */
function plainNumbers(ctx: TSheetContext): (style: string | undefined) => boolean | null {
  const known = new Map<string | undefined, boolean | null>();
  return (style) => {
    let plain = known.get(style);
    if (plain === undefined) {
      const id = style === undefined ? undefined : ctx.cellXf?.[style as never]?.numFmtId;
      const format = ctx.formats[id ?? 0];
      plain = format === undefined ? null : !ctx.isDateFormat(format);
      known.set(style, plain);
    }
    return plain;
  };
}

/** The text of one cell, undefined when SheetJS keeps no cell, null when SheetJS should read it. */
function cellValue(
  ctx: TSheetContext,
  plainNumber: (style: string | undefined) => boolean | null,
  type: string,
  style: string | undefined,
  v: string | undefined,
) {
  switch (type) {
    case 'n':
      if (v === undefined) return undefined;
      // Without styles SheetJS formats nothing.
      if (ctx.cellXf && plainNumber(style) !== true) return null;
      return INTEGER.test(v) ? v : cellText({ t: 'n', v: Number.parseFloat(v) });
    case 's': {
      if (v === undefined) return undefined;
      const text = ctx.strings[Number.parseInt(v, 10)]?.t;
      return typeof text === 'string' ? text : null;
    }
    case 'str':
    case 'inlineStr':
      return v ?? '';
    case 'b':
      return v === '1' || v === 'true' ? 'TRUE' : 'FALSE';
    case 'e':
      return '';
    default:
      return null;
  }
}

// An inline string as Tieline's own export (xlsx/write.ts) writes it: one plain text element.
const INLINE_TEXT = /^<is><t(?: xml:space="preserve")?>([^<]*)<\/t><\/is>$/;

/** The raw text of a cell's <v> element; undefined when absent or empty, null for other content. */
function rawValue(content: string): string | undefined | null {
  // Only the formula (not read) and the value are expected inside a cell.
  for (let lt = content.indexOf('<'); lt >= 0; lt = content.indexOf('<', lt + 1)) {
    const name = content.charCodeAt(content.charCodeAt(lt + 1) === 0x2f ? lt + 2 : lt + 1);
    const after = content.charCodeAt(content.charCodeAt(lt + 1) === 0x2f ? lt + 3 : lt + 2);
    if (!(name === 0x76 && after === 0x3e) && !(name === 0x66 && endsName(after))) return null;
  }
  const open = content.indexOf('<v>');
  if (open < 0) return undefined;
  const end = content.indexOf('</v>', open);
  if (end < 0) return null;
  return content.slice(open + 3, end) || undefined;
}

/** Zero-based column of A1 letters. */
function column(letters: string): number {
  let col = 0;
  for (let i = 0; i < letters.length; i++) col = col * 26 + letters.charCodeAt(i) - 0x40;
  return col - 1;
}

// Sticky patterns for rows and cells as Excel and SheetJS write them; any other form is read by the
// general path below, which follows SheetJS's attribute parser.
const PLAIN_ROW = /<row r="(\d{1,7})"([^<>]*)>/y;
const PLAIN_CELL = /<c r="([A-Z]{1,3})([1-9]\d{0,6})"(?: s="(\d{1,6})")?(?: t="([a-zA-Z]{1,9})")?(\/?)>/y;
const PLAIN_VALUE = /<v>([^<]*)<\/v><\/c>/y;
const ROW_NUMBER = /^\d{1,7}$/;
const ANOTHER_R = /r\s*=/i;

/**
 * The cells of `xml` (the content of a <sheetData> element) as text, rows and cells where SheetJS's
 * dense sheet has them, cut at `width` columns as read.ts cuts SheetJS's; null when SheetJS should
 * read them.
 */
export function readSheetCells(xml: string, ctx: TSheetContext, width: number): TSheetCellRows | null {
  if (SHEETJS_ESCAPES.test(xml)) return null;
  const plainNumber = plainNumbers(ctx);
  const rows: TSheetCellRows = [];
  let at = skipSpace(xml, 0);
  while (at < xml.length) {
    let r: string | undefined;
    let attrs: string;
    PLAIN_ROW.lastIndex = at;
    const plainRow = PLAIN_ROW.exec(xml);
    if (plainRow && !ANOTHER_R.test(plainRow[2]!)) {
      r = plainRow[1]!;
      attrs = plainRow[2]!;
      at = PLAIN_ROW.lastIndex;
    } else {
      if (!xml.startsWith('<row', at) || !endsName(xml.charCodeAt(at + 4))) return null;
      const end = xml.indexOf('>', at);
      if (end < 0) return null;
      attrs = xml.slice(at + 4, end);
      r = attributes(attrs).get('r');
      at = end + 1;
    }
    at = skipSpace(xml, at);
    // An empty row (height or style only) holds no cells.
    if (attrs.endsWith('/')) continue;
    if (!r || !ROW_NUMBER.test(r)) return null;
    const skipped = Number.parseInt(r, 10) > ctx.sheetRows;
    for (;;) {
      if (xml.startsWith('</row>', at)) {
        at = skipSpace(xml, at + 6);
        break;
      }
      let ref: { name: string; col: number; row: number; s: string | undefined; t: string | undefined };
      let empty: boolean;
      PLAIN_CELL.lastIndex = at;
      const plain = PLAIN_CELL.exec(xml);
      if (plain) {
        ref = {
          name: plain[1]! + plain[2]!,
          col: column(plain[1]!),
          row: Number(plain[2]) - 1,
          s: plain[3],
          t: plain[4],
        };
        empty = plain[5] === '/';
        at = PLAIN_CELL.lastIndex;
      } else {
        if (!xml.startsWith('<c', at) || !endsName(xml.charCodeAt(at + 2))) return null;
        const end = xml.indexOf('>', at);
        if (end < 0) return null;
        empty = xml.charCodeAt(end - 1) === 0x2f;
        const cell = cellAttributes(xml.slice(at + 2, empty ? end - 1 : end));
        if (!cell) return null;
        const digits = cell.r.search(/\d/);
        const col = column(cell.r.slice(0, digits));
        ref = { name: cell.r, col, row: Number(cell.r.slice(digits)) - 1, s: cell.s, t: cell.t };
        at = end + 1;
      }
      let v: string | undefined;
      if (!empty) {
        PLAIN_VALUE.lastIndex = at;
        const value = ref.t === 'inlineStr' ? null : PLAIN_VALUE.exec(xml);
        if (value) {
          v = value[1] || undefined;
          at = PLAIN_VALUE.lastIndex;
        } else {
          const close = xml.indexOf('</c>', at);
          const content = close < 0 ? null : xml.slice(at, close);
          const raw =
            content === null
              ? null
              : ref.t === 'inlineStr'
                ? (INLINE_TEXT.exec(content)?.[1] ?? null)
                : rawValue(content);
          if (raw === null) return null;
          // rawValue let only <v> and <f> through. A formula whose value was never saved: no <v>, or an
          // empty one (openpyxl); Excel saves an empty text result as t="str" with an empty <v>.
          const unsaved = !content!.includes('<v') || ref.t !== 'str';
          if (raw === undefined && !skipped && unsaved && content!.includes('<f')) {
            throw new WorkbookError('formulaWithoutValue', { cell: ref.name });
          }
          v = raw;
          at = close + 4;
        }
      }
      at = skipSpace(xml, at);
      const text = cellValue(ctx, plainNumber, ref.t ?? 'n', ref.s, v);
      if (text === null) return null;
      if (text === undefined || skipped) continue;
      // As Array.from(row.slice(0, width)) makes of a sparse row: gaps as '', nothing past the width.
      rows[ref.row] ??= [];
      const row = rows[ref.row]!;
      const to = Math.min(ref.col, width);
      while (row.length < to) row.push('');
      if (ref.col < width) row[ref.col] = text;
    }
  }
  return rows;
}

const FORMULA = /<(?:\w+:)?f[\s/>]/;
const CELL_OPEN = /<(?:\w+:)?c(\s[^>]*?)?(\/?)>/g;
const CELL_CLOSE = /<\/(?:\w+:)?c>/g;
const VALUE = /<(?:\w+:)?v(?:\s[^>]*?)?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?v>)/;

/**
 * The reference of the first cell of `xml` (a <sheetData>'s content, any form) holding a formula
 * without a saved value, by the rule readSheetCells follows: no <v>, or an empty one on a cell that is
 * not text. For the sheets SheetJS reads, which drops such cells or reads them as blank.
 */
export function unsavedFormulaCell(xml: string): string | null {
  if (!FORMULA.test(xml)) return null;
  CELL_OPEN.lastIndex = 0;
  for (let open = CELL_OPEN.exec(xml); open; open = CELL_OPEN.exec(xml)) {
    if (open[2] === '/') continue;
    CELL_CLOSE.lastIndex = CELL_OPEN.lastIndex;
    const close = CELL_CLOSE.exec(xml);
    if (!close) return null;
    const content = xml.slice(CELL_OPEN.lastIndex, close.index);
    CELL_OPEN.lastIndex = CELL_CLOSE.lastIndex;
    if (!FORMULA.test(content)) continue;
    const attrs = attributes(open[1] ?? '');
    const value = VALUE.exec(content);
    if (!value || (!value[1] && attrs.get('t') !== 'str')) return attrs.get('r') ?? '';
  }
  return null;
}
