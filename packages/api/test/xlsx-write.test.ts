import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { uniqueSheetNames, utcDateCell, workbookBytes } from '../src/xlsx/write';

// The streaming xlsx writer (src/xlsx/write.ts), read back with SheetJS.

const table = (sheet: XLSX.WorkSheet) =>
  XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null, raw: true });

describe('the xlsx writer', () => {
  it('writes what SheetJS reads back unchanged: markup, escapes, control characters, emoji, types', async () => {
    const when = new Date('2026-03-04T05:06:07Z');
    const texts = [
      '<b>&"x"</b>',
      '_x0041_ stays',
      '\rstarts with CR',
      'a\u0001b',
      'smile 😀',
      '\ttab',
      '@me',
      ' spaced ',
    ];
    const bytes = await workbookBytes([
      { name: 'One', rows: [texts, [1.5, -2, true, false, null, undefined, utcDateCell(when), 'end']] },
      { name: 'Two', rows: [] },
    ]);
    const book = XLSX.read(bytes, { cellNF: true });
    expect(book.SheetNames).toEqual(['One', 'Two']);
    const one = book.Sheets.One!;
    expect(table(one)[0]).toEqual(texts);
    expect(table(one)[1]!.slice(0, 4)).toEqual([1.5, -2, true, false]);
    expect(one.G2?.t).toBe('n');
    expect(one.G2?.z).toBe('yyyy-mm-dd hh:mm:ss');
    expect(XLSX.SSF.format('yyyy-mm-dd hh:mm:ss', one.G2!.v as number)).toBe('2026-03-04 05:06:07');
    expect(['C1', 'F1', 'G1'].map((ref) => one[ref]?.z)).toEqual(['@', '@', '@']);
    expect(one.A1?.z).not.toBe('@');
  });

  it('names sheets validly and distinctly within 31 characters', () => {
    const long = 'A question about advice at work that is long';
    expect(uniqueSheetNames([long, long, long, 'nodes', '', 'History', 'a/b:c'], 'Edges', ['Nodes'])).toEqual([
      'A question about advice at work',
      'A question about advice at (2)',
      'A question about advice at (3)',
      'nodes (2)',
      'Edges',
      'Edges (2)',
      'abc',
    ]);
  });
});
