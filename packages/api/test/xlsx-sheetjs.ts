import * as XLSX from '@e965/xlsx';
import { cellText, type TSheetCell } from '@tieline/validation';
import type { TReadLimits } from '../src/xlsx/read';

/**
 * SheetJS alone, with read.ts's options, rows made and limited the way read.ts makes them: what the
 * xlsx reader tests compare our own cell reader with, leading empty rows skipped as read.ts skips them.
 */
export function sheetjsRows(bytes: Buffer, limits: TReadLimits, index = 0): string[][] | 'tooManyRows' {
  const book = XLSX.read(bytes, {
    type: 'buffer',
    dense: true,
    cellFormula: false,
    cellHTML: false,
    cellText: false,
    cellDates: true,
    sheetRows: limits.maxRows + 2,
  });
  const data = (book.Sheets[book.SheetNames[index]!]?.['!data'] ?? []) as (TSheetCell[] | undefined)[];
  if (data.length >= limits.maxRows + 2) return 'tooManyRows';
  const rows = data.map((row) => (row ? Array.from(row.slice(0, limits.maxColumns + 1), cellText) : []));
  // read.ts skips leading empty rows.
  let first = 0;
  while (first < rows.length && (rows[first] ?? []).every((cell) => cell.trim() === '')) first++;
  return rows.slice(first);
}
