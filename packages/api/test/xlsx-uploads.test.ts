import * as XLSX from '@e965/xlsx';
import { LIST_MSG, NETWORK_UPLOAD_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCredits, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { seedSurvey, upload, uploadRespondents, zip } from './lists-fixtures';

// The shared spreadsheet reader's rules as network and list uploads see them (issue 25): a formula
// without a saved value is refused with its cell, never read as blank; leading empty rows are skipped
// alike; a list is read from the sheet whose headings match, wherever it is in the workbook.

let app: TestApp;
let owner: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'individual');
  await grantCredits(app, owner);
});
afterAll(() => app.close());

function workbook(sheets: Record<string, XLSX.WorkSheet>): Buffer {
  const book = XLSX.utils.book_new();
  for (const [name, sheet] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, sheet, name);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** A sheet whose cell `at` holds a formula and no value, as SheetJS writes it (`<c t="e"><f>`). */
function withFormula(rows: unknown[][], at: string): XLSX.WorkSheet {
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  sheet[at] = { t: 'n', f: 'B2+1' } as XLSX.CellObject;
  return sheet;
}

/** The same workbook with a sheet part's XML edited: openpyxl's `<f>..</f><v></v>` and other forms. */
function edited(bytes: Buffer, edit: (xml: string) => string): Buffer {
  const container = XLSX.CFB.read(bytes, { type: 'buffer' });
  const parts = (container.FullPaths as string[]).flatMap((path, i) => {
    const entry = container.FileIndex[i] as { type: number; content?: Uint8Array };
    const name = path.replace(/^Root Entry\//, '');
    if (entry.type !== 2 || !entry.content || name.startsWith('\u0001')) return [];
    const data = Buffer.from(entry.content);
    return [{ name, data: name.startsWith('xl/worksheets/') ? Buffer.from(edit(data.toString())) : data }];
  });
  return zip(parts);
}

const openpyxlForm = (xml: string) =>
  xml.replace(/<c r="([A-Z]+\d+)" t="e"><f>([^<]*)<\/f><\/c>/g, '<c r="$1"><f>$2</f><v></v></c>');
// An entity elsewhere in the sheet leaves its cells to SheetJS (sheet-cells.ts): the same rule there.
const sheetjsPath = (xml: string) => xml.replace('<v>Name</v>', '<v>N&#97;me</v>');

const NODES = [
  ['Name', 'Team', 'Score'],
  ['Ana', 'Red', 1],
  ['Ben', 'Blue', 2],
];

const uploadNetwork = (file: Buffer) =>
  upload(app, owner.cookie, '/networks', file, { name: 'Sheet rules', fileType: 'excel', directed: 'true' } as never, {
    fileName: 'network.xlsx',
  });

describe('a formula without a saved value', () => {
  const message = LIST_MSG.formulaWithoutValue('Nodes', 'C2');

  it('is refused in a network upload with its cell, in every form a writer gives it', async () => {
    const file = workbook({ Nodes: withFormula(NODES, 'C2') });
    for (const bytes of [
      file,
      edited(file, openpyxlForm),
      edited(file, sheetjsPath),
      edited(edited(file, openpyxlForm), sheetjsPath),
    ]) {
      const res = await uploadNetwork(bytes);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ type: 'format', message, problems: [{ message, sheet: 'Nodes' }] });
    }
    expect(message).toBe(
      'Cell Nodes!C2 holds a formula without a saved value: open the file in Excel or LibreOffice and save it',
    );
  });

  it('is refused in a list upload with its cell, and a saved value is read', async () => {
    const surveyId = await seedSurvey(app, owner);
    const rows = [
      ['Name', 'Email'],
      ['Ana', 'ana@example.com'],
      ['Ben', 'ben@example.com'],
    ];
    const file = workbook({ People: withFormula(rows, 'B3') });
    for (const bytes of [file, edited(file, openpyxlForm)]) {
      const res = await uploadRespondents(app, owner.cookie, surveyId, bytes, { title: 'F', type: 'Respondent List' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ type: 'format', message: LIST_MSG.formulaWithoutValue('People', 'B3') });
    }
    const saved = XLSX.utils.aoa_to_sheet(rows);
    saved.B3 = { t: 's', v: 'ben@example.com', f: 'LOWER("BEN@EXAMPLE.COM")' };
    const ok = await uploadRespondents(app, owner.cookie, surveyId, workbook({ People: saved }), {
      title: 'F',
      type: 'Respondent List',
    });
    expect(ok.status).toBe(200);
  });
});

describe('leading empty rows', () => {
  it('are skipped in a network upload, and problems keep the rows of the file', async () => {
    const good = await uploadNetwork(workbook({ Nodes: XLSX.utils.aoa_to_sheet([[], [], ...NODES]) }));
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ nodeCount: 2 });
    const bad = await uploadNetwork(workbook({ Nodes: XLSX.utils.aoa_to_sheet([[], ...NODES, ['', 'Red']]) }));
    expect(bad.status).toBe(400);
    expect(bad.body.problems).toEqual([{ message: NETWORK_UPLOAD_MSG.blankName, sheet: 'Nodes', row: 5 }]);
  });

  it('are skipped in a list upload', async () => {
    const surveyId = await seedSurvey(app, owner);
    const sheet = XLSX.utils.aoa_to_sheet([[], ['Name', 'Email'], ['Ana', 'ana@example.com']]);
    const res = await uploadRespondents(app, owner.cookie, surveyId, workbook({ Sheet1: sheet }), {
      title: 'Gap',
      type: 'Respondent List',
    });
    expect(res.status).toBe(200);
  });
});

describe('a list workbook whose first sheet is not the list', () => {
  const instructions = XLSX.utils.aoa_to_sheet([['How to fill this in'], ['One person a row.']]);

  it('is read from the sheet whose headings match', async () => {
    const surveyId = await seedSurvey(app, owner);
    const list = XLSX.utils.aoa_to_sheet([
      ['Name', 'Email', 'Team'],
      ['Ana', 'ana@example.com', 'Red'],
    ]);
    const res = await uploadRespondents(
      app,
      owner.cookie,
      surveyId,
      workbook({ Instructions: instructions, List: list }),
      {
        title: 'Second sheet',
        type: 'Respondent List',
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.respondentCreditsUsed).toBe(1);
  });

  it('without such a sheet names the sheet that was read', async () => {
    const surveyId = await seedSurvey(app, owner);
    const list = XLSX.utils.aoa_to_sheet([
      ['Who', 'Mail'],
      ['Ana', 'ana@example.com'],
    ]);
    const res = await uploadRespondents(
      app,
      owner.cookie,
      surveyId,
      workbook({ Instructions: instructions, List: list }),
      {
        title: 'No list',
        type: 'Respondent List',
      },
    );
    expect(res.status).toBe(400);
    const message = `${LIST_MSG.respondentHeader} ${LIST_MSG.sheetRead('Instructions')}`;
    expect(res.body).toMatchObject({ type: 'header', message, headerErrors: [message] });
  });
});
