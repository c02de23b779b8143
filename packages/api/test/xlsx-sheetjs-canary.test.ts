import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';

// src/xlsx/read.ts and sheet-cells.ts rely on parts of SheetJS that its documentation does not promise
// (docs/benchmarks-history.md "Reading xlsx: sheet-cells.ts against SheetJS's documented path" has the figure
// that keeps them). This test checks exactly those parts, names, shapes and behaviour on tiny workbooks,
// so a SheetJS upgrade that changes them fails here first: then adapt read.ts or return to XLSX.read.

type Container = { FileIndex: unknown[]; FullPaths: string[] };
const sheetjs = XLSX as unknown as Record<string, unknown> & {
  parse_zip: (zip: Container, opts: XLSX.ParsingOptions) => XLSX.WorkBook;
  parse_xlscfb: (cfb: Container, opts: XLSX.ParsingOptions) => XLSX.WorkBook;
  CFB: {
    read: (data: Buffer, opts: { type: 'buffer' }) => Container;
    find: (cfb: Container, path: string) => unknown;
    utils: { cfb_new: () => Container; cfb_add: (c: Container, name: string, data: Buffer, o: object) => void };
  };
};

// read.ts's options.
const options: XLSX.ParsingOptions = {
  dense: true,
  cellFormula: false,
  cellHTML: false,
  cellText: false,
  cellDates: true,
  bookVBA: false,
  sheetRows: 10,
};

/** A workbook with a shared string, a plain number, a number in a date format and one in '0.00'. */
function workbookBytes(bookType: 'xlsx' | 'biff8'): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([['Name', 'Age', 'Born', 'Score']]);
  XLSX.utils.sheet_add_aoa(sheet, [['Ada', 36, 45000, 2.5]], { origin: 'A2' });
  sheet.C2!.z = 'm/d/yy';
  sheet.D2!.z = '0.00';
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'People');
  return XLSX.write(book, { type: 'buffer', bookType, bookSST: true, cellStyles: true }) as Buffer;
}

/** The xlsx's parts as read.ts's unpack gives them: file name and inflated bytes. */
function parts(bytes: Buffer): { name: string; data: Buffer }[] {
  const container = sheetjs.CFB.read(bytes, { type: 'buffer' });
  return container.FullPaths.flatMap((path, i) => {
    const entry = container.FileIndex[i] as { type: number; content?: Uint8Array };
    const name = path.replace(/^Root Entry\//, '');
    if (entry.type !== 2 || !entry.content || name.startsWith('\u0001')) return [];
    return [{ name, data: Buffer.from(entry.content) }];
  });
}

/** read.ts's parseParts: a container made with CFB.utils, read by parse_zip. */
function parseParts(list: { name: string; data: Buffer }[]): XLSX.WorkBook {
  const zip = sheetjs.CFB.utils.cfb_new();
  for (const part of list) sheetjs.CFB.utils.cfb_add(zip, part.name, part.data, { unsafe: true });
  return sheetjs.parse_zip(zip, options);
}

describe('the SheetJS internals read.ts relies on', () => {
  it('are exported under the same names, as functions taking the same arguments', () => {
    expect(typeof sheetjs.parse_zip).toBe('function');
    expect(sheetjs.parse_zip.length).toBe(2);
    expect(typeof sheetjs.parse_xlscfb).toBe('function');
    expect(sheetjs.parse_xlscfb.length).toBe(2);
    expect(typeof sheetjs.CFB.read).toBe('function');
    expect(sheetjs.CFB.read.length).toBe(2);
    expect(typeof sheetjs.CFB.find).toBe('function');
    expect(sheetjs.CFB.find.length).toBe(2);
    expect(typeof sheetjs.CFB.utils.cfb_new).toBe('function');
    expect(typeof sheetjs.CFB.utils.cfb_add).toBe('function');
    expect(sheetjs.CFB.utils.cfb_add.length).toBe(4);
    expect(typeof XLSX.SSF.is_date).toBe('function');
  });

  it('CFB.read lists an xlsx zip as FullPaths and FileIndex, and parse_zip reads a container cfb_add built', () => {
    const container = sheetjs.CFB.read(workbookBytes('xlsx'), { type: 'buffer' });
    expect(Array.isArray(container.FullPaths)).toBe(true);
    expect(container.FileIndex).toHaveLength(container.FullPaths.length);
    const book = parseParts(parts(workbookBytes('xlsx')));
    expect(book.SheetNames).toEqual(['People']);
    const data = book.Sheets.People!['!data'] as XLSX.CellObject[][];
    expect(data.map((row) => row.map((cell) => cell.v))).toEqual([
      ['Name', 'Age', 'Born', 'Score'],
      ['Ada', 36, expect.any(Date), 2.5],
    ]);
  });

  it('the workbook carries Strings, Styles.CellXf and SSF in the shapes sheet-cells.ts reads', () => {
    const book = parseParts(parts(workbookBytes('xlsx'))) as XLSX.WorkBook & {
      Strings?: { t?: unknown }[];
      Styles?: { CellXf?: { numFmtId?: unknown }[] };
      SSF?: Record<number, unknown>;
    };
    // The shared strings in order, each with its text as `t`.
    expect(book.Strings?.slice(0, 5).map((s) => s.t)).toEqual(['Name', 'Age', 'Born', 'Score', 'Ada']);
    // Cell formats by a cell's s="" index, each with a numeric numFmtId; formats by id, built-in and own.
    expect(Array.isArray(book.Styles?.CellXf)).toBe(true);
    const ids = book.Styles!.CellXf!.map((xf) => xf.numFmtId);
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    expect(book.SSF?.[0]).toBe('General');
    expect(ids.map((id) => book.SSF?.[id as number])).toEqual(expect.arrayContaining(['m/d/yy', '0.00']));
    expect(XLSX.SSF.is_date('m/d/yy')).toBe(true);
    expect(XLSX.SSF.is_date('0.00')).toBe(false);
    expect(XLSX.SSF.is_date('General')).toBe(false);
  });

  it("a worksheet whose <sheetData> is swapped for one numbered cell comes back as that cell alone (read.ts's partNumber)", () => {
    const swapped = parts(workbookBytes('xlsx')).map((part) =>
      part.name === 'xl/worksheets/sheet1.xml'
        ? {
            ...part,
            data: Buffer.from(
              part.data
                .toString()
                .replace(
                  /(<sheetData\b[^<>]*>)[\s\S]*<\/sheetData>/,
                  '$1<row r="1"><c r="A1"><v>7</v></c></row></sheetData>',
                ),
            ),
          }
        : part,
    );
    const data = parseParts(swapped).Sheets.People!['!data'];
    expect(data).toEqual([[{ t: 'n', v: 7 }]]);
  });

  it('CFB.find and parse_xlscfb read a legacy .xls', () => {
    const cfb = sheetjs.CFB.read(workbookBytes('biff8'), { type: 'buffer' });
    expect(sheetjs.CFB.find(cfb, 'Workbook')).toBeTruthy();
    expect(sheetjs.CFB.find(cfb, 'EncryptionInfo')).toBeFalsy();
    const book = sheetjs.parse_xlscfb(cfb, options);
    expect(book.SheetNames).toEqual(['People']);
    const data = book.Sheets.People!['!data'] as XLSX.CellObject[][];
    expect(data[1]?.[0]?.v).toBe('Ada');
  });
});
