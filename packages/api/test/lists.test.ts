import { randomUUID } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { eq, lists, sql } from '@tieline/db';
import { LIST_MSG, MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listInUseByQuestions } from '../src/services/lists/delete-list';
import { grantCredits, RestClient, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { download, respondents, seedSurvey, uploadRespondents, uploadSupplementary, xlsx } from './lists-fixtures';

let app: TestApp;
let owner: SeededUser;
let stranger: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  [owner, stranger] = await Promise.all([seedUser(app, 'individual'), seedUser(app, 'owner')]);
  await grantCredits(app, owner);
});
afterAll(() => app.close());

const as = (user: SeededUser | null) => {
  const client = new RestClient(app.url);
  client.cookie = user?.cookie ?? '';
  return client;
};

/** A survey with a respondent list and one supplementary list named `title`. */
async function surveyWithLists(title = 'Offices') {
  const surveyId = await seedSurvey(app, owner);
  const r = await uploadRespondents(
    app,
    owner.cookie,
    surveyId,
    xlsx([
      ['Name', 'Email', 'Age'],
      ['Ada', 'ada@example.com', 36],
    ]),
  );
  const s = await uploadSupplementary(app, owner.cookie, surveyId, xlsx([['Name'], ['North'], ['South']]), { title });
  return { surveyId, respondentListId: r.body.survey.respondentList as string, listId: s.body._id as string };
}

describe('GET /lists/all/{surveyId}', () => {
  it('answers the survey’s lists with their nodes, respondent list first', async () => {
    const { surveyId, respondentListId, listId } = await surveyWithLists();
    const res = await as(owner).get(`/lists/all/${surveyId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        _id: respondentListId,
        title: 'Respondent List',
        type: 'Respondent List',
        columns: [{ name: 'Age', type: 'number' }],
        nodes: [
          {
            _id: expect.any(String),
            name: 'Ada',
            email: 'ada@example.com',
            attributes: { Age: { value: 36, text: '36' } },
          },
        ],
      },
      {
        _id: listId,
        title: 'Offices',
        type: 'Supplementary List',
        columns: [],
        nodes: [
          { _id: expect.any(String), name: 'North', email: null, attributes: {} },
          { _id: expect.any(String), name: 'South', email: null, attributes: {} },
        ],
      },
    ]);
  });

  it('answers 404 for another owner’s survey and 401 without a session', async () => {
    const { surveyId } = await surveyWithLists();
    expect(await as(stranger).get(`/lists/all/${surveyId}`)).toMatchObject({
      status: 404,
      body: { message: MSG.surveyNotFound },
    });
    expect((await as(null).get(`/lists/all/${surveyId}`)).status).toBe(401);
  });
});

describe('PUT /lists/{listId}', () => {
  it('renames a list, refusing a title the survey already has in any case', async () => {
    const { listId } = await surveyWithLists();
    const ok = await as(owner).call('PUT', `/api/base/lists/${listId}`, { title: ' Regional offices ', _id: listId });
    expect(ok).toMatchObject({
      status: 200,
      body: { _id: listId, title: 'Regional offices', type: 'Supplementary List' },
    });
    const clash = await as(owner).call('PUT', `/api/base/lists/${listId}`, { title: 'respondent LIST' });
    expect(clash).toMatchObject({ status: 409, body: { message: LIST_MSG.titleTaken } });
    // Its own title in another case is no clash.
    expect((await as(owner).call('PUT', `/api/base/lists/${listId}`, { title: 'REGIONAL OFFICES' })).status).toBe(200);
  });

  it('refuses a body naming another list, a blank title, and another owner’s list', async () => {
    const { listId, respondentListId } = await surveyWithLists();
    const mismatch = await as(owner).call('PUT', `/api/base/lists/${listId}`, { title: 'X', _id: respondentListId });
    expect(mismatch).toMatchObject({ status: 400, body: { message: LIST_MSG.idMismatch } });
    const blank = await as(owner).call('PUT', `/api/base/lists/${listId}`, { title: '   ' });
    expect(blank).toMatchObject({ status: 400, body: { message: LIST_MSG.titleRequired } });
    const theirs = await as(stranger).call('PUT', `/api/base/lists/${listId}`, { title: 'Mine now' });
    expect(theirs).toMatchObject({ status: 404, body: { message: LIST_MSG.listNotFound } });
    const [list] = await app.server.deps.db.select().from(lists).where(eq(lists.id, listId));
    expect(list!.title).toBe('Offices');
  });
});

describe('DELETE /lists/{id}', () => {
  it('deletes a supplementary list with its nodes', async () => {
    const { surveyId, listId } = await surveyWithLists();
    expect(await as(owner).call('DELETE', `/api/base/lists/${listId}`)).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const left = await as(owner).get(`/lists/all/${surveyId}`);
    expect(left.body.map((l: { type: string }) => l.type)).toEqual(['Respondent List']);
  });

  it('refuses the respondent list, which backs the personal links', async () => {
    const { respondentListId } = await surveyWithLists();
    const res = await as(owner).call('DELETE', `/api/base/lists/${respondentListId}`);
    expect(res).toMatchObject({ status: 409, body: { message: 'Cannot delete list as it is in use' } });
  });

  it('answers 404 for another owner’s list', async () => {
    const { listId } = await surveyWithLists();
    expect(await as(stranger).call('DELETE', `/api/base/lists/${listId}`)).toMatchObject({
      status: 404,
      body: { message: LIST_MSG.listNotFound },
    });
    expect((await as(stranger).call('DELETE', `/api/base/lists/${randomUUID()}`)).status).toBe(404);
  });
});

describe('listInUseByQuestions', () => {
  it('is true once a question of the survey takes its rows from the list', async () => {
    const { surveyId, listId } = await surveyWithLists();
    const { db } = app.server.deps;
    expect(await listInUseByQuestions(db, surveyId, listId)).toBe(false);
    const questions = [
      { _id: 'q1', list: null },
      { _id: 'q2', list: listId, type: 'searchAndSelect' },
    ];
    await db.execute(sql`update surveys set questions = ${JSON.stringify(questions)}::jsonb where id = ${surveyId}`);
    expect(await listInUseByQuestions(db, surveyId, listId)).toBe(true);
    const res = await as(owner).call('DELETE', `/api/base/lists/${listId}`);
    expect(res).toMatchObject({ status: 409, body: { message: LIST_MSG.inUse } });
    await db.execute(sql`update surveys set questions = '[]'::jsonb where id = ${surveyId}`);
    expect((await as(owner).call('DELETE', `/api/base/lists/${listId}`)).status).toBe(200);
  });
});

describe('downloads', () => {
  const readBook = (bytes: Buffer) => XLSX.read(bytes, { cellNF: true, cellFormula: true });

  it('exports a list as uploaded, its sheet named by the title without : / \\ ? * [ ], cut to 31', async () => {
    const surveyId = await seedSurvey(app, owner);
    const title = 'Q1: Sales/Marketing [draft] and more words*?';
    const file = xlsx([
      ['Name', 'Team', 'Age'],
      ['Zoë', 'Core', 36],
      ['Bo', '', 41],
    ]);
    const up = await uploadSupplementary(app, owner.cookie, surveyId, file, { title });
    const res = await download(app, owner.cookie, `/lists/getIndividualList/${up.body._id}/XLSX`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Q1 SalesMarketing [draft] and more words.xlsx"; filename*=UTF-8''Q1%20SalesMarketing%20%5Bdraft%5D%20and%20more%20words.xlsx`,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const book = readBook(res.bytes);
    expect(book.SheetNames).toEqual(['Q1 SalesMarketing draft and mor']);
    const rows = XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows).toEqual([
      ['Name', 'Team', 'Age'],
      ['Zoë', 'Core', 36],
      ['Bo', undefined, 41],
    ]);
  });

  it('neutralizes formulas: text that looks like one stays text, with the Text format', async () => {
    const surveyId = await seedSurvey(app, owner);
    const risky = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)'];
    const file = xlsx([['Name', 'Email'], ...risky.map((name, i) => [name, `r${i}@example.com`])]);
    const up = await uploadRespondents(app, owner.cookie, surveyId, file);
    expect(up.status).toBe(200);
    const res = await download(app, owner.cookie, `/lists/getIndividualList/${up.body.survey.respondentList}/XLSX`);
    const sheet = readBook(res.bytes).Sheets['Respondent List']!;
    for (const [i, name] of risky.entries()) {
      const cell = sheet[`A${i + 2}`]!;
      expect(cell).toMatchObject({ t: 's', v: name, z: '@' });
      expect(cell.f).toBeUndefined();
    }
    expect(sheet.B2).toMatchObject({ t: 's', v: 'r0@example.com' });
  });

  it('gives a Unicode title an ASCII fallback file name', async () => {
    const surveyId = await seedSurvey(app, owner);
    const up = await uploadSupplementary(app, owner.cookie, surveyId, xlsx([['Name'], ['A']]), {
      title: 'Équipes "nord"',
    });
    const res = await download(app, owner.cookie, `/lists/getIndividualList/${up.body._id}/XLSX`);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="_quipes nord.xlsx"; filename*=UTF-8''%C3%89quipes%20nord.xlsx`,
    );
  });

  it('answers 401 without a session and 404 for another owner’s or a malformed list id', async () => {
    const { listId } = await surveyWithLists();
    expect((await download(app, '', `/lists/getIndividualList/${listId}/XLSX`)).status).toBe(401);
    const theirs = await download(app, stranger.cookie, `/lists/getIndividualList/${listId}/XLSX`);
    expect(theirs.status).toBe(404);
    expect(JSON.parse(theirs.bytes.toString())).toEqual({ message: LIST_MSG.listNotFound, code: 'NOT_FOUND' });
    expect((await download(app, owner.cookie, '/lists/getIndividualList/not-an-id/XLSX')).status).toBe(404);
  });

  it('serves the two templates to anyone, with only the required headings', async () => {
    for (const [path, header] of [
      ['/downloads/Respondent_List_Template.xlsx', ['Name', 'Email']],
      ['/downloads/Supplementary_List_Template.xlsx', ['Name']],
    ] as const) {
      const res = await download(app, '', path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(path.split('/').pop());
      const book = readBook(res.bytes);
      expect(XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, { header: 1 })).toEqual([header]);
    }
  });

  it('round-trips: an exported list uploads again unchanged', async () => {
    const surveyId = await seedSurvey(app, owner);
    const up = await uploadRespondents(
      app,
      owner.cookie,
      surveyId,
      xlsx([['Name', 'Email', 'Start'], ...respondents(3).map((r) => [...r, '2024-01-15'])]),
    );
    const listId = up.body.survey.respondentList;
    const before = await as(owner).get(`/lists/all/${surveyId}`);
    const exported = await download(app, owner.cookie, `/lists/getIndividualList/${listId}/XLSX`);
    expect((await uploadRespondents(app, owner.cookie, surveyId, exported.bytes)).status).toBe(200);
    expect((await as(owner).get(`/lists/all/${surveyId}`)).body).toEqual(before.body);
  });
});
