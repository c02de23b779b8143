import * as XLSX from '@e965/xlsx';
import { and, asc, eq, lists, nodes, responses, surveys } from '@tieline/db';
import { MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCredits, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { download, uploadRespondents, uploadSupplementary, xlsx } from './lists-fixtures';
import { collectingSurvey, put, question } from './responses-setup';

// GET /api/base/responses/all/{surveyId}/xlsx: a survey answered through the real save route, the
// workbook downloaded over HTTP as the browser does, read back with SheetJS and checked cell by cell.

let app: TestApp;
let owner: SeededUser;
let stranger: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'individual');
  stranger = await seedUser(app, 'individual');
  await grantCredits(app, owner);
});
afterAll(() => app.close());

const LONG = 'Who do you go to for advice about work: [projects] / *other*?';

async function answeredSurvey() {
  const s = await collectingSurvey(app, owner, ({ respondentList, teams }) => [
    question('freeFormText', { _id: 'q-text', text: '<p>What do you <b>think</b> &amp; why?</p>' }),
    question('singleNumeric', { _id: 'q-age', abbreviation: 'Age' }),
    question('multipleSelection', {
      _id: 'q-drink',
      abbreviation: 'Drink',
      allowMultipleSelections: true,
      selectionOptions: [
        { _id: 'tea', title: 'Tea' },
        { _id: 'coffee', title: 'Coffee' },
        { _id: 'water', title: 'Water' },
      ],
    }),
    question('matrixSelection', {
      _id: 'q-grid',
      abbreviation: 'Energy',
      selectionOptions: [
        { _id: 'am', title: 'Mornings' },
        { _id: 'pm', title: 'Evenings' },
      ],
      columnHeadings: [
        { _id: 'c1', title: '1' },
        { _id: 'c2', title: '2' },
        { _id: 'c3', title: '3' },
      ],
    }),
    question('descriptiveText', { _id: 'q-note', text: '<p>Thanks</p>' }),
    question('multipleSelection', {
      _id: 'q-friends',
      abbreviation: LONG,
      isRelationshipQuestion: true,
      allowMultipleSelections: true,
      list: respondentList,
    }),
    question('searchAndSelect', { _id: 'q-team', abbreviation: LONG, list: teams }),
    question('matrixSelection', {
      _id: 'q-how',
      abbreviation: 'Nodes',
      isRelationshipQuestion: true,
      previousQn: ['q-friends'],
      columnHeadings: [
        { _id: 'daily', title: 'Daily' },
        { _id: 'weekly', title: 'Weekly' },
      ],
    }),
    question('matrixSelection', {
      _id: 'q-hours',
      abbreviation: 'Hours',
      isRelationshipQuestion: true,
      previousQn: ['q-friends'],
      columnHeadings: [
        { _id: 'h1', title: '1' },
        { _id: 'h5', title: '5' },
      ],
    }),
    question('matrixSelection', {
      _id: 'q-ego',
      abbreviation: 'Know each other',
      isRelationshipQuestion: true,
      egoNetworkMapping: true,
      allowMultipleSelections: true,
      previousQn: ['q-friends'],
    }),
  ]);
  const ids = await nodeIds(s.respondentList);
  const team = await nodeIds(s.teams);
  const ada = await put(app, s.linkOf('ada@example.com'), {
    revision: 0,
    submitted: true,
    answers: [
      { questionId: 'q-text', dataInput: [{ text: '=HYPERLINK("http://evil.example","x")' }] },
      { questionId: 'q-age', dataInput: [{ numeric: 36 }] },
      { questionId: 'q-drink', dataInput: [{ selectedIds: ['water', 'tea'] }] },
      {
        questionId: 'q-grid',
        dataInput: [
          { optionId: 'am', selectedIds: ['c3'] },
          { optionId: 'pm', selectedIds: ['c1'] },
        ],
      },
      { questionId: 'q-friends', dataInput: [{ selectedIds: [ids['Alan Turing']!, ids['Grace Hopper']!] }] },
      { questionId: 'q-team', dataInput: [{ selectedIds: [team.North!] }] },
      {
        questionId: 'q-how',
        dataInput: [
          { nodeId: ids['Alan Turing'], selectedIds: ['daily'] },
          { nodeId: ids['Grace Hopper'], selectedIds: [] },
        ],
      },
      {
        questionId: 'q-hours',
        dataInput: [
          { nodeId: ids['Alan Turing'], selectedIds: ['h5'] },
          { nodeId: ids['Grace Hopper'], selectedIds: ['h1'] },
        ],
      },
      {
        questionId: 'q-ego',
        dataInput: [
          { nodeId: ids['Alan Turing'], selectedIds: [ids['Grace Hopper']!] },
          { nodeId: ids['Grace Hopper'], selectedIds: [] },
        ],
      },
    ],
  });
  expect(ada.status).toBe(200);
  const alan = await put(app, s.linkOf('alan@example.com'), {
    revision: 0,
    answers: [
      { questionId: 'q-text', dataInput: [{ text: '+1, -1, @me and\ttab' }] },
      { questionId: 'q-friends', dataInput: [{ selectedIds: [ids['Ada Lovelace']!] }] },
    ],
  });
  expect(alan.status).toBe(200);
  return { ...s, ids };
}

async function nodeIds(listId: string) {
  const rows = await app.server.deps.db
    .select({ id: nodes.id, name: nodes.name })
    .from(nodes)
    .where(eq(nodes.listId, listId))
    .orderBy(asc(nodes.position));
  return Object.fromEntries(rows.map((r) => [r.name, r.id])) as Record<string, string>;
}

async function workbook(surveyId: string, cookie = owner.cookie) {
  const res = await download(app, cookie, `/responses/all/${surveyId}/xlsx`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  return { book: XLSX.read(res.bytes, { cellNF: true }), disposition: res.headers.get('content-disposition') };
}

const table = (sheet: XLSX.WorkSheet) =>
  XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null, raw: true });

describe('the responses export', () => {
  it('writes everyone on the list, their attributes and answers, and one edge sheet per relationship question', async () => {
    const s = await answeredSurvey();
    const { book, disposition } = await workbook(s.surveyId);
    expect(disposition).toContain('filename="Pulse responses.xlsx"');
    const long1 = 'Who do you go to for advice abo';
    expect(book.SheetNames).toEqual([
      'Nodes',
      long1,
      `${long1.slice(0, 27)} (2)`,
      'Nodes (2)',
      'Hours',
      'Know each other',
    ]);
    for (const name of book.SheetNames) expect(name.length).toBeLessThanOrEqual(31);

    const [people] = await app.server.deps.db.select().from(lists).where(eq(lists.id, s.respondentList));
    const listTitle = people!.title;
    const rows = table(book.Sheets.Nodes!);
    expect(rows[0]).toEqual([
      'Name',
      'Email',
      'List',
      'Status',
      'Started',
      'Submitted',
      'Employee',
      'What do you think & why?',
      'Age',
      'Drink',
      'Energy: Mornings',
      'Energy: Evenings',
    ]);
    const byName = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(rows.slice(1).map((r) => r[0])).toEqual([
      'Ada Lovelace',
      'Alan Turing',
      'Grace Hopper',
      'Émile Zola',
      'North',
    ]);
    const ada = byName.get('Ada Lovelace')!;
    expect(ada.slice(0, 4)).toEqual(['Ada Lovelace', 'ada@example.com', listTitle, 'Submitted']);
    expect(ada.slice(6)).toEqual(['E1', '=HYPERLINK("http://evil.example","x")', 36, 'Tea; Water', 3, 1]);
    const alan = byName.get('Alan Turing')!;
    expect(alan.slice(3)).toEqual(['Started', alan[4], null, 'E2', '+1, -1, @me and\ttab', null, null, null, null]);
    // Not answered: on the sheet all the same, without status dates or answers.
    expect(byName.get('Grace Hopper')!.slice(3)).toEqual(['Not Sent', null, null, 'E3', null, null, null, null, null]);
    expect(byName.get('Émile Zola')!.slice(1, 4)).toEqual(['emile@example.com', listTitle, 'Not Sent']);
    // A supplementary list's person chosen in an answer: a node row saying which list.
    expect(byName.get('North')!.slice(0, 4)).toEqual(['North', null, 'Teams', null]);

    // Started and Submitted are real spreadsheet dates (serials in UTC with a date format).
    const sheet = book.Sheets.Nodes!;
    const submitted = sheet.F2;
    expect(submitted?.t).toBe('n');
    expect(submitted?.z).toMatch(/yyyy/);
    const when = new Date(Math.round(((submitted!.v as number) - 25_569) * 86_400_000));
    expect(Math.abs(when.getTime() - Date.now())).toBeLessThan(120_000);
    expect(sheet.E3?.t).toBe('n');

    // Formula-like text stays text (never a formula) and carries the Text format.
    for (const ref of ['H2', 'H3']) {
      expect(sheet[ref]?.t).toBe('s');
      expect(sheet[ref]?.f).toBeUndefined();
      expect(sheet[ref]?.z).toBe('@');
    }

    const edges = (name: string) => table(book.Sheets[name]!);
    expect(edges(long1)).toEqual([
      ['Source', 'Target'],
      ['Ada Lovelace', 'Alan Turing'],
      ['Ada Lovelace', 'Grace Hopper'],
      ['Alan Turing', 'Ada Lovelace'],
    ]);
    expect(edges(`${long1.slice(0, 27)} (2)`)).toEqual([
      ['Source', 'Target'],
      ['Ada Lovelace', 'North'],
    ]);
    // Text columns give a Value; a row left blank gives no edge.
    expect(edges('Nodes (2)')).toEqual([
      ['Source', 'Target', 'Value'],
      ['Ada Lovelace', 'Alan Turing', 'Daily'],
    ]);
    // Numeric columns give a Weight.
    expect(edges('Hours')).toEqual([
      ['Source', 'Target', 'Weight'],
      ['Ada Lovelace', 'Alan Turing', 5],
      ['Ada Lovelace', 'Grace Hopper', 1],
    ]);
    // An ego network: ties between the respondent's contacts, with who reported them.
    expect(edges('Know each other')).toEqual([
      ['Source', 'Target', 'Reported By'],
      ['Alan Turing', 'Grace Hopper', 'Ada Lovelace'],
    ]);
  });

  it('adds respondents who are not on the list, after it, with their answers and edges', async () => {
    const s = await answeredSurvey();
    await app.server.deps.db.insert(responses).values({
      surveyId: s.surveyId,
      nodeName: 'Walk In',
      status: 'Started',
      answers: [
        { questionId: 'q-age', dataInput: [{ numeric: 51 }] },
        { questionId: 'q-friends', dataInput: [{ selectedIds: [s.ids['Ada Lovelace']!] }] },
      ],
    });
    const { book } = await workbook(s.surveyId);
    const rows = table(book.Sheets.Nodes!);
    expect(rows.map((r) => r[0])).toEqual([
      'Name',
      'Ada Lovelace',
      'Alan Turing',
      'Grace Hopper',
      'Émile Zola',
      'Walk In',
      'North',
    ]);
    expect(rows[5]!.slice(0, 4)).toEqual(['Walk In', null, '', 'Started']);
    expect(rows[5]![8]).toBe(51);
    expect(table(book.Sheets[book.SheetNames[1]!]!)).toContainEqual(['Walk In', 'Ada Lovelace']);
  });

  it('tells apart people who share a name, on node rows and edges alike', async () => {
    const [row] = await app.server.deps.db
      .insert(surveys)
      .values({ ownerId: owner.userId, name: 'Same names', status: 'Collecting' })
      .returning();
    const surveyId = row!.id;
    const up = await uploadRespondents(
      app,
      owner.cookie,
      surveyId,
      xlsx([
        ['Name', 'Email'],
        ['Jo Lee', 'jo1@example.com'],
        ['-Max', 'max@example.com'],
      ]),
    );
    expect(up.status).toBe(200);
    const listId = up.body.survey.respondentList as string;
    const mentors = await uploadSupplementary(app, owner.cookie, surveyId, xlsx([['Name'], ['Jo Lee']]), {
      title: 'Mentors',
    });
    expect(mentors.status).toBe(200);
    await app.server.deps.db
      .update(surveys)
      .set({
        questions: [
          question('multipleSelection', {
            _id: 'q-who',
            text: '<p>Who?</p>',
            isRelationshipQuestion: true,
            allowMultipleSelections: true,
            list: listId,
          }),
          question('searchAndSelect', { _id: 'q-mentor', abbreviation: 'Mentor', list: mentors.body._id }),
        ],
      })
      .where(eq(surveys.id, surveyId));
    const jo = (await nodeIds(listId))['Jo Lee']!;
    const mentor = (await nodeIds(mentors.body._id))['Jo Lee']!;
    const [link] = await app.server.deps.db
      .select({ uuid: responses.randomUuid })
      .from(responses)
      .where(and(eq(responses.surveyId, surveyId), eq(responses.nodeEmail, 'max@example.com')));
    const saved = await put(app, link!.uuid, {
      revision: 0,
      submitted: true,
      answers: [
        { questionId: 'q-who', dataInput: [{ selectedIds: [jo] }] },
        { questionId: 'q-mentor', dataInput: [{ selectedIds: [mentor] }] },
      ],
    });
    expect(saved.status).toBe(200);
    const { book } = await workbook(surveyId);
    expect(table(book.Sheets.Nodes!).map((r) => r.slice(0, 3))).toEqual([
      ['Name', 'Email', 'List'],
      ['Jo Lee (jo1@example.com)', 'jo1@example.com', expect.any(String)],
      ['-Max', 'max@example.com', expect.any(String)],
      ['Jo Lee (Mentors)', null, 'Mentors'],
    ]);
    expect(book.Sheets.Nodes!.A3?.z).toBe('@');
    expect(book.SheetNames).toEqual(['Nodes', 'Who', 'Mentor']);
    expect(table(book.Sheets.Who!)).toEqual([
      ['Source', 'Target'],
      ['-Max', 'Jo Lee (jo1@example.com)'],
    ]);
    expect(table(book.Sheets.Mentor!)).toEqual([
      ['Source', 'Target'],
      ['-Max', 'Jo Lee (Mentors)'],
    ]);
  });

  it('exports a survey without a respondent list or answers as a header row', async () => {
    const [row] = await app.server.deps.db.insert(surveys).values({ ownerId: owner.userId, name: 'Empty' }).returning();
    const { book } = await workbook(row!.id);
    expect(book.SheetNames).toEqual(['Nodes']);
    expect(table(book.Sheets.Nodes!)).toEqual([['Name', 'Email', 'List', 'Status', 'Started', 'Submitted']]);
  });

  it('is 404 for another owner’s survey, an unknown or malformed id, and 401 without a session', async () => {
    const [row] = await app.server.deps.db.insert(surveys).values({ ownerId: owner.userId, name: 'Mine' }).returning();
    const path = `/responses/all/${row!.id}/xlsx`;
    const hidden = await download(app, stranger.cookie, path);
    expect(hidden.status).toBe(404);
    expect(JSON.parse(hidden.bytes.toString()).message).toBe(MSG.surveyNotFound);
    expect((await download(app, owner.cookie, `/responses/all/${crypto.randomUUID()}/xlsx`)).status).toBe(404);
    expect((await download(app, owner.cookie, '/responses/all/not-an-id/xlsx')).status).toBe(404);
    const anonymous = await download(app, '', path);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.bytes.toString()).message).toBe(MSG.notSignedIn);
  });
});
