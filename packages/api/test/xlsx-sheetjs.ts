import * as XLSX from '@e965/xlsx';
import { cellText, type TSheetCell } from '@tieline/validation';
import type { TReadLimits } from '../src/xlsx/read';

/**
 * SheetJS alone, with read.ts's options, rows made and limited the way read.ts makes them: what the
 * xlsx reader tests compare our own cell reader with.
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
  return data.map((row) => (row ? Array.from(row.slice(0, limits.maxColumns + 1), cellText) : []));
}
