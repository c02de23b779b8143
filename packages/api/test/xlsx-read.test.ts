import * as XLSX from '@e965/xlsx';
import { LIST_LIMITS } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import { readAllSheets, readFirstSheet, type TReadLimits } from '../src/xlsx/read';
import { readSheetCells, type TSheetContext } from '../src/xlsx/sheet-cells';
import { WorkbookError } from '../src/xlsx/workbook-error';
import { xlsxParts, zip } from './lists-fixtures';
import { sheetjsRows } from './xlsx-sheetjs';

// read.ts reads worksheet cells itself (sheet-cells.ts) where SheetJS would be slow, and must give what
// SheetJS gives: every case here is compared with SheetJS alone reading the same bytes.

const limits: TReadLimits = { ...LIST_LIMITS, maxRows: 40, maxColumns: 6 };

function ours(bytes: Buffer): string[][] | 'tooManyRows' {
  try {
    return readFirstSheet(bytes, limits);
  } catch (error) {
    if (error instanceof WorkbookError && error.problem === 'tooManyRows') return error.problem;
    throw error;
  }
}

const expectSameAsSheetjs = (bytes: Buffer) => expect(ours(bytes)).toStrictEqual(sheetjsRows(bytes, limits));

/** The parts of an xlsx file, as the zip fixture takes them. */
function partsOf(bytes: Buffer) {
  const container = XLSX.CFB.read(bytes, { type: 'buffer' });
  return (container.FullPaths as string[]).flatMap((path, i) => {
    const entry = container.FileIndex[i] as { type: number; content?: Uint8Array };
    const name = path.replace(/^Root Entry\//, '');
    if (entry.type !== 2 || !entry.content || name.startsWith('\u0001')) return [];
    return [{ name, data: Buffer.from(entry.content) }];
  });
}

/** An xlsx whose first worksheet's <sheetData> content is `cells`, the rest as SheetJS writes it. */
function withSheetData(cells: string, rest: { shared?: string[]; tail?: string } = {}): Buffer {
  const parts = xlsxParts([['x']]).map((part) => {
    if (part.name !== 'xl/worksheets/sheet1.xml') return part;
    const xml = part.data
      .toString()
      .replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData>${cells}</sheetData>${rest.tail ?? ''}`);
    return { ...part, data: Buffer.from(xml) };
  });
  if (!rest.shared) return zip(parts);
  const sst = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${rest.shared.map((s) => `<si>${s}</si>`).join('')}</sst>`;
  return zip(
    parts
      .map((part) =>
        part.name === '[Content_Types].xml'
          ? {
              ...part,
              data: Buffer.from(
                part.data
                  .toString()
                  .replace(
                    '</Types>',
                    '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
                  ),
              ),
            }
          : part.name === 'xl/_rels/workbook.xml.rels'
            ? {
                ...part,
                data: Buffer.from(
                  part.data
                    .toString()
                    .replace(
                      '</Relationships>',
                      '<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
                    ),
                ),
              }
            : part,
      )
      .concat({ name: 'xl/sharedStrings.xml', data: Buffer.from(sst) }),
  );
}

const people = Array.from({ length: 30 }, (_, i) => [
  `Person ${i}`,
  `p${i}@example.com`,
  i % 3 === 0 ? '' : `Team ${i % 4}`,
]);
const texts = [
  'Zoë',
  '😀 emoji',
  '東京',
  'İstanbul',
  'e\u0301',
  ' spaced ',
  'tab\there',
  'two\nlines',
  '<b>',
  '"quoted"',
];

describe('reading worksheet cells (sheet-cells.ts) against SheetJS', () => {
  it('reads text, numbers, booleans, errors and gaps as SheetJS does, with and without shared strings', () => {
    const rows: unknown[][] = [
      ['Name', 'Email', 'Team', 'Score', 'Ok'],
      ...people.map((p, i) => [...p, i * 1.5 - 7, i % 2 === 0]),
      texts,
      [0.1 + 0.2, 1e21, -0, 2 ** 60, 1 / 3, -42, 7],
      [],
      [null, null, 'after a gap'],
    ];
    const sheet = XLSX.utils.aoa_to_sheet(rows);
    sheet.F3 = { t: 'e', v: 0x2a };
    sheet.G4 = { t: 'n', v: 42, f: 'B3*21' };
    sheet.A40 = { t: 's', v: 'far down' };
    sheet['!ref'] = 'A1:J40';
    for (const bookSST of [false, true]) {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'People');
      expectSameAsSheetjs(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST }) as Buffer);
    }
  });

  it('leaves dates, entities, escapes and carriage returns to SheetJS, with the same result', () => {
    const rows = [
      ['Name', 'Start', 'Note'],
      ['Ada', new Date(Date.UTC(2024, 1, 29)), 'Smith & Sons'],
      ['Bo', new Date(Date.UTC(2020, 0, 1, 13, 30)), '_x0041_ &amp; <tag>'],
      ['Cy', 45000, 'line\r\nbreak'],
    ];
    for (const bookSST of [false, true]) {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), 'S');
      expectSameAsSheetjs(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST, cellDates: true }) as Buffer);
    }
  });

  it('reads the first sheet of the workbook order, and every sheet, whatever the part names', () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Name'], ['First']]), 'Zeta');
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Name'], ['Second']]), 'Alpha');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    // The workbook's first sheet is the part named sheet2.xml.
    const swapped = zip(
      partsOf(bytes).map((part) =>
        part.name === 'xl/_rels/workbook.xml.rels'
          ? {
              ...part,
              data: Buffer.from(part.data.toString().replace(/sheet([12])\.xml/g, (_, n) => `sheet${3 - n}.xml`)),
            }
          : part,
      ),
    );
    expect(readFirstSheet(swapped, limits)).toStrictEqual([['Name'], ['Second']]);
    expectSameAsSheetjs(swapped);
    expect(readAllSheets(bytes, limits)).toStrictEqual([
      { name: 'Zeta', rows: sheetjsRows(bytes, limits, 0), skippedRows: 0 },
      { name: 'Alpha', rows: sheetjsRows(bytes, limits, 1), skippedRows: 0 },
    ]);
  });

  it('agrees on hand-written sheet XML of every shape, fast or left to SheetJS', () => {
    const cases = [
      // Excel's own form: row attributes, styles, shared strings.
      '<row r="1" spans="1:3" x14ac:dyDescent="0.25"><c r="A1" s="1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>',
      // Attributes in another order, single quotes, extra attributes, whitespace and line breaks.
      `<row r='1'>\n  <c t="s" r="A1"><v>1</v></c>\n  <c r='B1' cm="1"><v>12.50</v></c>\n</row>\n<row r="3"/>`,
      // Empty cells, empty values, boolean and error cells, formulas with saved values (an empty text).
      '<row r="1"><c r="A1"/><c r="B1" t="s"/><c r="C1" t="str"/><c r="D1" t="b"><v>1</v></c><c r="E1" t="e"><v>#N/A</v></c><c r="F1"><f>1+1</f><v>2</v></c><c r="G1" t="n"><v></v></c><c r="H1" t="str"><f>""</f><v></v></c></row>',
      // Leading empty rows (skipped), empty cells in them.
      '<row r="1"/><row r="2"><c r="A2" t="str"><v> </v></c></row><row r="3"><c r="B3"><v>3</v></c></row>',
      // Cells out of order, repeated, in another row than their row element says, past the width.
      '<row r="1"><c r="C1"><v>3</v></c><c r="A1"><v>1</v></c><c r="A1"><v>2</v></c><c r="Z1"><v>9</v></c></row><row r="2"><c r="B5"><v>5</v></c></row>',
      // Rows numbered past the row limit are skipped; a cell placed past it still counts.
      '<row r="1"><c r="A1"><v>1</v></c></row><row r="43"><c r="A43"><v>3</v></c></row>',
      '<row r="1"><c r="A1"><v>1</v></c></row><row r="42"><c r="A42"><v>2</v></c></row>',
      '<row r="1"><c r="A1"><v>1</v></c><c r="A50"><v>2</v></c></row>',
      // Inline strings as Tieline's export writes them, and as others may.
      '<row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve"> kept </t></is></c><c r="B1" t="inlineStr"><is><t></t></is></c><c r="C1" t="inlineStr"/></row>',
      '<row r="1"><c r="A1" t="inlineStr"><is><r><t>rich</t></r><r><t> text</t></r></is></c></row>',
      // Forms left to SheetJS: prefixes, rows or cells without references, dates, odd value elements.
      '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c></x:row>',
      '<row><c r="A1"><v>1</v></c></row><row><c><v>2</v></c></row>',
      '<row r="1"><c r="A1" t="d"><v>2024-02-29</v></c></row>',
      '<row r="1"><c r="A1"><v xml:space="preserve">7</v></c></row>',
      '<row r="1"><c r="A1" T="s"><v>0</v></c></row>',
      '<row r="1"><c r="A1" t="s"><v>99</v></c></row>',
      '<row r="1"><c r="A0"><v>1</v></c><c r="$B$1"><v>2</v></c></row>',
      '',
    ];
    for (const cells of cases)
      expectSameAsSheetjs(withSheetData(cells, { shared: ['<t>Shared</t>', '<t xml:space="preserve">two </t>'] }));
  });

  it('agrees when comments or links make SheetJS add cells of its own', () => {
    const cells = '<row r="1"><c r="A1"><v>1</v></c></row>';
    const link = '<hyperlinks><hyperlink ref="C5" location="Sheet1!A1" display="x"/></hyperlinks>';
    expectSameAsSheetjs(withSheetData(cells, { tail: link }));
  });
});

describe('a formula without a saved value', () => {
  const forms = [
    '<c r="C2"><f>B2+1</f></c>',
    '<c r="C2" t="e"><f>B2+1</f></c>',
    '<c r="C2"><f>B2+1</f><v></v></c>',
    '<c r="C2" t="str"><f>B2</f></c>',
    '<c r="C2"><f t="shared" si="0"/></c>',
    '<c r="C2"><f>B2+1</f><v/></c>',
  ];

  it('is refused with its sheet and cell, read by sheet-cells.ts or by SheetJS', () => {
    for (const form of forms) {
      for (const entity of ['', '<c r="D2" t="str"><v>&amp;</v></c>']) {
        const bytes = withSheetData(`<row r="1"><c r="A1"><v>1</v></c></row><row r="2">${form}${entity}</row>`);
        for (const read of [() => readFirstSheet(bytes, limits), () => readAllSheets(bytes, limits)]) {
          expect(read).toThrow(WorkbookError);
          try {
            read();
          } catch (error) {
            expect(error).toMatchObject({ problem: 'formulaWithoutValue', place: { sheet: 'Sheet1', cell: 'C2' } });
          }
        }
      }
    }
  });
});

describe('readSheetCells', () => {
  const context: TSheetContext = {
    strings: [{ t: 'Ada' }],
    cellXf: [{ numFmtId: 0 }, { numFmtId: 14 }],
    formats: { 0: 'General', 14: 'm/d/yy' },
    isDateFormat: (format) => XLSX.SSF.is_date(format),
    sheetRows: 10,
  };

  it('reads the forms Excel and SheetJS write itself', () => {
    const xml =
      '<row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c><c r="B1" s="0"><v>0.5</v></c><c r="C1" t="str"><v>x</v></c></row>';
    expect(readSheetCells(xml, context, 7)).toStrictEqual([['Ada', '0.5', 'x']]);
  });

  it('leaves dates, unknown shared strings and entities to SheetJS', () => {
    expect(readSheetCells('<row r="1"><c r="A1" s="1"><v>45000</v></c></row>', context, 7)).toBeNull();
    expect(readSheetCells('<row r="1"><c r="A1" t="s"><v>1</v></c></row>', context, 7)).toBeNull();
    expect(readSheetCells('<row r="1"><c r="A1" t="str"><v>&amp;</v></c></row>', context, 7)).toBeNull();
  });
});
