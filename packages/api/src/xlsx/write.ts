import * as XLSX from '@e965/xlsx';
import { exportSheetName } from '@tieline/validation';

// Writing xlsx downloads (list exports, the responses export): one place for formula-injection
// neutralizing and sheet naming.

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface Download {
  fileName: string;
  bytes: Buffer;
}

export interface SheetRows {
  name: string;
  rows: unknown[][];
}

// What a spreadsheet program would run as a formula if the cell were typed in (OWASP CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One sheet from rows of values (or SheetJS cell objects, e.g. dates). Text is always written as a text
 * cell, which Excel never evaluates; text that starts like a formula also gets the Text number format
 * ('@'), so editing the cell in Excel keeps it text. The value itself is unchanged, so an exported list
 * uploads again as it was.
 */
function neutralizedSheet(rows: unknown[][]): XLSX.WorkSheet {
  const sheet = XLSX.utils.aoa_to_sheet(rows, { dense: true });
  for (const row of (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[]) {
    for (const cell of row ?? []) {
      if (cell?.t === 's' && typeof cell.v === 'string' && FORMULA_START.test(cell.v)) cell.z = '@';
    }
  }
  return sheet;
}

/** A workbook of the given sheets, in order; names must already be valid and unique (uniqueSheetNames). */
export function workbookBytes(sheets: readonly SheetRows[]): Buffer {
  const book = XLSX.utils.book_new();
  for (const { name, rows } of sheets) XLSX.utils.book_append_sheet(book, neutralizedSheet(rows), name);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
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

/**
 * A date cell: the Excel serial of the instant in UTC with a date-time format, so the sheet shows the
 * same time whatever zone the server runs in (SheetJS would convert a Date by the server's zone).
 */
export function utcDateCell(date: Date | null): XLSX.CellObject | null {
  if (!date) return null;
  return { t: 'n', v: date.getTime() / 86_400_000 + 25_569, z: 'yyyy-mm-dd hh:mm:ss' };
}
