import { randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { eq, lists, nodes } from '@tieline/db';
import type { TUploadErrorPayload } from '@tieline/validation';
import { LIST_LIMITS, LIST_MSG, MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../src/errors';
import { readList as readCheckedList } from '../src/services/lists/read-sheet';
import { readFirstSheetInWorker } from '../src/xlsx/read-in-worker';
import { grantCredits, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { respondents, seedSurvey, upload, uploadSupplementary, xlsx, xlsxParts, zip } from './lists-fixtures';

let app: TestApp;
let owner: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'individual');
  await grantCredits(app, owner);
});
afterAll(() => app.close());

/** The rows a list upload reads (a one-sheet file: its only sheet), before the list rules check them. */
const readList = (bytes: Buffer) => readFirstSheetInWorker(null, bytes, LIST_LIMITS);

/** What a list upload's reader refuses a file with: the status code and the payload. */
async function refusalOf(bytes: Buffer) {
  try {
    await readCheckedList(null, bytes, 'Respondent List');
  } catch (error) {
    const e = error as AppError;
    const payload = e.body as TUploadErrorPayload;
    return { code: e.code, type: payload.type, message: payload.message };
  }
  throw new Error('read without complaint');
}

const format = (message: string = LIST_MSG.incorrectFormat) => ({ code: 'BAD_REQUEST', type: 'format', message });
const size = (message: string) => ({ code: 'PAYLOAD_TOO_LARGE', type: 'size', message });

describe('what is a spreadsheet', () => {
  it('reads xlsx, xls and delimited text alike', async () => {
    const rows = [
      ['Name', 'Email'],
      ['Zoë', 'z@example.com'],
    ];
    expect(await readList(xlsx(rows))).toEqual(rows);
    expect(await readList(xlsx(rows, { bookType: 'xls' }))).toEqual(rows);
    expect(await readList(Buffer.from('Name;Email\r\nZoë;z@example.com\r\n'))).toEqual(rows);
    expect(await readList(Buffer.from('sep=|\nName|Email\nZoë|z@example.com'))).toEqual(rows);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name\tEmail\nZoë\tz@example.com', 'utf16le')]);
    expect(await readList(utf16)).toEqual(rows);
    // Excel on Windows saves "CSV" in Windows-1252.
    expect(await readList(Buffer.from('Name,Email\nZo\xeb,z@example.com', 'latin1'))).toEqual(rows);
  });

  it('reads text as delimited values whatever it starts with', async () => {
    expect(await readList(Buffer.from('<b>Name</b>,Email\nID,x'))).toEqual([
      ['<b>Name</b>', 'Email'],
      ['ID', 'x'],
    ]);
    expect(await readList(Buffer.from('ID;Name\n1;A'))).toEqual([
      ['ID', 'Name'],
      ['1', 'A'],
    ]);
  });

  it('refuses random bytes, binary files and other zips as an incorrect format', async () => {
    expect(await refusalOf(randomBytes(4096))).toEqual(format());
    expect(await refusalOf(Buffer.from('%PDF-1.7\n\u0000\u0001binary', 'latin1'))).toEqual(format());
    expect(await refusalOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toEqual(
      format(),
    );
    expect(await refusalOf(xlsx([['Name'], ['A']], { bookType: 'ods' }))).toEqual(format());
    expect(await refusalOf(zip([{ name: 'notes.txt', data: Buffer.from('hello') }]))).toEqual(format());
    // A truncated workbook: its directory points past the end.
    const whole = xlsx([['Name'], ['A']]);
    expect(await refusalOf(whole.subarray(0, whole.length - 30))).toEqual(format());
  });

  it('refuses an empty file and a file over 10 MB', async () => {
    expect(await refusalOf(Buffer.alloc(0))).toEqual(format(LIST_MSG.fileEmpty));
    expect(await refusalOf(Buffer.alloc(LIST_LIMITS.maxFileBytes + 1, 0x41))).toEqual(size(LIST_MSG.fileTooLarge));
  });

  it('refuses password-protected workbooks (the encrypted compound file Excel writes)', async () => {
    const cfb = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(cfb, 'EncryptionInfo', Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]));
    XLSX.CFB.utils.cfb_add(cfb, 'EncryptedPackage', randomBytes(4096));
    const encrypted = Buffer.from(XLSX.CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
    expect(await refusalOf(encrypted)).toEqual(format(LIST_MSG.passwordProtected));
    // Zip-level encryption (flag bit 0) is refused the same way.
    const parts = xlsxParts([['Name'], ['A']]).map((p) => ({ ...p, flags: p.name.endsWith('sheet1.xml') ? 1 : 0 }));
    expect(await refusalOf(zip(parts))).toEqual(format(LIST_MSG.passwordProtected));
    // A compound file that is no workbook (a .doc, say).
    const doc = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(doc, 'WordDocument', randomBytes(512));
    expect(await refusalOf(Buffer.from(XLSX.CFB.write(doc, { type: 'buffer' }) as Uint8Array))).toEqual(format());
  });

  it('reads formula cells as their cached values, never evaluating them', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Name', 'Score'],
      ['Ada', 1],
      ['Bo', 2],
      ['=1+1', 3],
    ]);
    sheet.B2 = { t: 'n', v: 42, f: 'B3*21' };
    sheet.B3 = { t: 's', v: 'cached text', f: 'CONCAT("not ","run")' };
    const rows = await readList(xlsx([], { sheet }));
    expect(rows).toEqual([
      ['Name', 'Score'],
      ['Ada', '42'],
      ['Bo', 'cached text'],
      ['=1+1', '3'],
    ]);
  });
});

// How fast a bomb is refused is measured in bench/ (`pnpm bench zipbomb`), never asserted by the clock here.
describe('zip bombs', () => {
  const base = () => xlsxParts([['Name'], ['A']]);
  const bomb = size(LIST_MSG.unpackedTooLarge);

  it('refuses more entries than the limit from the directory alone', async () => {
    const many = [
      ...base(),
      ...Array.from({ length: LIST_LIMITS.maxZipEntries }, (_, i) => ({
        name: `xl/x${i}.xml`,
        data: Buffer.from('<x/>'),
      })),
    ];
    const result = await refusalOf(zip(many));
    expect(result).toEqual(bomb);
  });

  it('refuses a part whose declared size passes the limit before inflating it', async () => {
    const zeros = Buffer.alloc(8 * 1024 * 1024);
    const parts = base().map((p) =>
      p.name === 'xl/worksheets/sheet1.xml' ? { ...p, data: zeros, claimedSize: LIST_LIMITS.maxUnzippedBytes + 1 } : p,
    );
    const result = await refusalOf(zip(parts));
    expect(result).toEqual(bomb);
  });

  it('stops a part that inflates past the size it declared (a forged bomb), in bounded memory', async () => {
    // 64 MB of zeros deflate to ~64 kB; the directory claims 1 kB.
    const parts = base().map((p) =>
      p.name === 'xl/worksheets/sheet1.xml' ? { ...p, data: Buffer.alloc(64 * 1024 * 1024), claimedSize: 1024 } : p,
    );
    const bytes = zip(parts);
    expect(bytes.length).toBeLessThan(200_000);
    const result = await refusalOf(bytes);
    expect(result).toEqual(bomb);
  });

  it('answers 413 over HTTP, with nothing stored', async () => {
    const surveyId = await seedSurvey(app, owner);
    const parts = base().map((p) =>
      p.name === 'xl/worksheets/sheet1.xml' ? { ...p, data: Buffer.alloc(32 * 1024 * 1024), claimedSize: 100 } : p,
    );
    const res = await uploadSupplementary(app, owner.cookie, surveyId, zip(parts));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ type: 'size', sizeErrors: [LIST_MSG.unpackedTooLarge] });
    expect(await app.server.deps.db.select().from(lists).where(eq(lists.surveyId, surveyId))).toEqual([]);
  });
});

describe('limits over HTTP', () => {
  it('answers 413 for a file over 10 MB, reading no further than the limit', async () => {
    const surveyId = await seedSurvey(app, owner);
    const big = Buffer.alloc(LIST_LIMITS.maxFileBytes + 512 * 1024, 0x41);
    const res = await upload(
      app,
      owner.cookie,
      `/lists/uploadSupplementaryList/${surveyId}`,
      big,
      {},
      { fileName: 'big.csv' },
    );
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      type: 'size',
      message: LIST_MSG.fileTooLarge,
      sizeErrors: [LIST_MSG.fileTooLarge],
    });
  });

  it('answers 413 for more rows than a list holds', async () => {
    const surveyId = await seedSurvey(app, owner);
    const lines = ['Name', ...Array.from({ length: LIST_LIMITS.maxRows + 1 }, (_, i) => `P${i}`)];
    const res = await uploadSupplementary(app, owner.cookie, surveyId, Buffer.from(lines.join('\n')));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ type: 'size', message: LIST_MSG.tooManyRows, sizeErrors: [LIST_MSG.tooManyRows] });
  });

  it('answers 400 with the format message for bytes that are no spreadsheet', async () => {
    const surveyId = await seedSurvey(app, owner);
    for (const bytes of [randomBytes(2048), Buffer.alloc(0)]) {
      const res = await uploadSupplementary(app, owner.cookie, surveyId, bytes);
      expect(res.status).toBe(400);
      expect(res.body.type).toBe('format');
    }
  });

  it('stores formula cells by their cached value', async () => {
    const surveyId = await seedSurvey(app, owner);
    const sheet = XLSX.utils.aoa_to_sheet([['Name', 'Email'], ...respondents(2)]);
    sheet.A3 = { t: 's', v: 'Cached Name', f: 'UPPER("evaluated")' };
    const res = await upload(app, owner.cookie, `/lists/uploadRespondentList/${surveyId}`, xlsx([], { sheet }));
    expect(res.status).toBe(200);
    const stored = await app.server.deps.db
      .select({ name: nodes.name })
      .from(nodes)
      .where(eq(nodes.listId, res.body.survey.respondentList));
    expect(stored.map((n) => n.name).sort()).toEqual(['Cached Name', 'Person 0']);
  });

  it('refuses broken text in a multipart title or file name and mends it in cells, never a 500', async () => {
    const surveyId = await seedSurvey(app, owner);
    const file = xlsx([['Name'], ['North\u0000ern'], ['So\uD800uth']]);
    const path = `/lists/uploadSupplementaryList/${surveyId}`;
    const refused = await uploadSupplementary(app, owner.cookie, surveyId, file, { title: 'Teams\u0000' });
    expect(refused).toMatchObject({ status: 400, body: { type: 'title', message: MSG.badCharacters } });
    const badName = await upload(app, owner.cookie, path, file, {}, { fileName: 'Te\u0000ams.xlsx' });
    expect(badName).toMatchObject({ status: 400, body: { type: 'format', message: LIST_MSG.badUploadForm } });
    expect(await app.server.deps.db.select().from(lists).where(eq(lists.surveyId, surveyId))).toEqual([]);
    const mended = await uploadSupplementary(app, owner.cookie, surveyId, file, { title: 'Teams' });
    expect(mended.status).toBe(200);
    const stored = await app.server.deps.db
      .select({ name: nodes.name })
      .from(nodes)
      .where(eq(nodes.listId, mended.body._id));
    expect(stored.map((n) => n.name).sort()).toEqual(['North ern', 'So\uFFFDuth']);
  });
});
