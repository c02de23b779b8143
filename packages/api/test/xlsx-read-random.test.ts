import * as XLSX from '@e965/xlsx';
import { seededRandom } from '@tieline/graph';
import { LIST_LIMITS } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import { readFirstSheet } from '../src/xlsx/read';
import { sheetjsRows } from './xlsx-sheetjs';

// read.ts reads worksheet cells itself (sheet-cells.ts) and must give what SheetJS gives. Beside the
// hand-made cases of xlsx-read.test.ts: many seeded random sheets of awkward values, written by SheetJS
// with and without shared strings, each read by both and compared (a failure names its seed).

const limits = { ...LIST_LIMITS, maxRows: 400, maxColumns: 12 };

// Plain pieces the reader takes itself; the rest (markup characters, escapes) it leaves to SheetJS.
const PLAIN = [
  'Ada',
  'Émile Zoë',
  '李小龍',
  '👩‍🔬',
  'tab\tin',
  '=1+1',
  '-3',
  '+7',
  '0042',
  '1e5',
  'TRUE',
  '#N/A',
  'ß',
  'İ',
  'مرحبا',
  '\u200b',
  'x_y',
];
// Space at either end and line breaks are kept by an attribute or an escape: also SheetJS's to read.
const ALL = [...PLAIN, ' padded ', '  ', 'line\nbreak', 'a&b', '<tag>', '"quoted"', "it's", 'x_x000D_y', 'cr\rlf'];

function value(next: () => number, pieces: readonly string[]): unknown {
  const pick = next();
  const plain = pieces === PLAIN;
  if (pick < 0.1) return undefined;
  if (pick < 0.2) return Math.floor(next() * 1e6) - 5e5;
  if (pick < 0.28) return (next() - 0.5) * 10 ** Math.floor(next() * 30 - 15);
  if (pick < 0.33) return next() < 0.5;
  if (pick < 0.38 && !plain)
    return new Date(Date.UTC(1990 + Math.floor(next() * 50), Math.floor(next() * 12), 1 + Math.floor(next() * 28)));
  const parts = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pieces[Math.floor(next() * pieces.length)]);
  return parts.join(plain || next() < 0.5 ? '' : ' ');
}

describe('the cell reader against SheetJS, on random sheets', () => {
  it('gives the same rows for 40 seeded sheets of awkward values, with and without shared strings', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const next = seededRandom(seed);
      const rows = Array.from({ length: 1 + Math.floor(next() * 60) }, () =>
        Array.from({ length: 1 + Math.floor(next() * 8) }, () => value(next, seed % 2 ? PLAIN : ALL)),
      );
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), 'People');
      for (const bookSST of [false, true]) {
        const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true, bookSST }) as Buffer;
        expect(readFirstSheet(bytes, limits), `seed ${seed}, shared strings ${bookSST}`).toStrictEqual(
          sheetjsRows(bytes, limits),
        );
      }
    }
  });
});
