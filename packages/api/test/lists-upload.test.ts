import { asc, eq, lists, nodes, responses, sql } from '@tieline/db';
import { LIST_MSG, MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCredits, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { respondents, seedSurvey, upload, uploadRespondents, uploadSupplementary, xlsx } from './lists-fixtures';

let app: TestApp;
let owner: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'individual');
  await grantCredits(app, owner);
});
afterAll(() => app.close());

const db = () => app.server.deps.db;
const linksOf = (surveyId: string) =>
  db()
    .select({ id: responses.id, name: responses.nodeName, email: responses.nodeEmail, status: responses.status })
    .from(responses)
    .where(eq(responses.surveyId, surveyId))
    .orderBy(asc(responses.nodeEmail));
const nodesOf = (listId: string) =>
  db()
    .select({ id: nodes.id, name: nodes.name, email: nodes.email, attributes: nodes.attributes })
    .from(nodes)
    .where(eq(nodes.listId, listId))
    .orderBy(asc(nodes.position));
const emptyData = { duplicates: { names: [], emails: [] }, invalidEmails: [], blanks: [] };

describe('a respondent list upload', () => {
  it('stores the list and one Not Sent personal link per respondent', async () => {
    const surveyId = await seedSurvey(app, owner);
    const file = xlsx([
      ['Name', 'Email', 'Team'],
      ['Ada Lovelace', 'Ada+Survey@Example.COM', 'Core'],
      ...respondents(3),
    ]);
    const res = await uploadRespondents(app, owner.cookie, surveyId, file, { title: 'Staff', type: 'Respondent List' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      respondentCreditsUsed: 4,
      survey: { _id: surveyId, respondentList: expect.any(String) },
    });
    const listId = res.body.survey.respondentList;
    const [list] = await db().select().from(lists).where(eq(lists.id, listId));
    expect(list).toMatchObject({ title: 'Staff', type: 'Respondent List', columns: [{ name: 'Team', type: 'text' }] });
    const stored = await nodesOf(listId);
    expect(stored[0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada+survey@example.com',
      attributes: { Team: { value: 'Core', text: 'Core' } },
    });
    expect(stored).toHaveLength(4);
    const links = await linksOf(surveyId);
    expect(links).toHaveLength(4);
    expect(links.every((l) => l.status === 'Not Sent')).toBe(true);
    expect(links.map((l) => l.email)).toContain('ada+survey@example.com');
  });

  it('reads CSV the same way, with Unicode names and a BOM', async () => {
    const surveyId = await seedSurvey(app, owner);
    const csv = '\uFEFFName,Email\n"Zoë Ångström, Jr",zoe@example.com\n李小龙,li@example.com\nNgũgĩ 🌍,n@example.com\n';
    const res = await upload(
      app,
      owner.cookie,
      `/lists/uploadRespondentList/${surveyId}`,
      Buffer.from(csv),
      {},
      { fileName: 'list.csv' },
    );
    expect(res.status).toBe(200);
    const stored = await nodesOf(res.body.survey.respondentList);
    expect(stored.map((n) => n.name)).toEqual(['Zoë Ångström, Jr', '李小龙', 'Ngũgĩ 🌍']);
    const [list] = await db().select().from(lists).where(eq(lists.id, res.body.survey.respondentList));
    expect(list!.title).toBe('Respondent List');
  });

  it('stores backslashes, quotes and what looks like COPY escapes exactly as written', async () => {
    const surveyId = await seedSurvey(app, owner);
    const names = ['Back\\slash \\N', 'O\'Brien "Bob"', '\\t not a tab', 'Zoë 😀'];
    const file = xlsx([
      ['Name', 'Email', 'Path'],
      ...names.map((name, i) => [name, `p${i}@example.com`, `C:\\temp\\${i}\\n`]),
    ]);
    const res = await uploadRespondents(app, owner.cookie, surveyId, file);
    expect(res.status).toBe(200);
    const stored = await nodesOf(res.body.survey.respondentList);
    expect(stored.map((n) => n.name)).toEqual(names);
    expect(stored[2]!.attributes).toEqual({ Path: { value: 'C:\\temp\\2\\n', text: 'C:\\temp\\2\\n' } });
    expect((await linksOf(surveyId)).map((l) => l.name).sort()).toEqual([...names].sort());
  });

  it('answers each data error with the upload error payload, verbatim', async () => {
    const surveyId = await seedSurvey(app, owner);
    const file = xlsx([
      ['Name', 'Email'],
      ['Ada', 'ADA@example.com'],
      ['Ada', 'ada@EXAMPLE.com'],
      ['Bo', 'bo@example.com'],
      ['Bo', 'not-an-email'],
      ['Cy', 'cy@example.com'],
      ['Cy', ''],
      ['Di', 'cy@example.com'],
    ]);
    const res = await uploadRespondents(app, owner.cookie, surveyId, file);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      type: 'data',
      message: 'Respondent list not uploaded. Ada has been duplicated',
      sizeErrors: [],
      headerErrors: [],
      dataErrors: {
        duplicates: {
          names: [
            'Respondent list not uploaded. Ada has been duplicated',
            'and 2 other name(s)/email address(es) have been duplicated',
          ],
          emails: [
            'Respondent list not uploaded. ada@EXAMPLE.com has been duplicated',
            'and 1 other name(s)/email address(es) have been duplicated',
          ],
        },
        invalidEmails: ['not-an-email is not a valid email address'],
        blanks: ['One or more cells that should have contained text were blank.'],
      },
      billingAndDeletionResult: [],
      deletedUserEmails: [],
      deletedNodesNames: [],
    });
    expect(await db().select().from(lists).where(eq(lists.surveyId, surveyId))).toEqual([]);
  });

  it('answers header errors with the texts of §8', async () => {
    const surveyId = await seedSurvey(app, owner);
    const r = await uploadRespondents(
      app,
      owner.cookie,
      surveyId,
      xlsx([
        ['Email', 'Name'],
        ['a@b.co', 'A'],
      ]),
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      type: 'header',
      message: LIST_MSG.respondentHeader,
      headerErrors: [LIST_MSG.respondentHeader],
      dataErrors: emptyData,
    });
    const s = await uploadSupplementary(app, owner.cookie, surveyId, xlsx([['Who'], ['A']]));
    expect(s.body).toMatchObject({ type: 'header', headerErrors: [LIST_MSG.supplementaryHeader] });
  });

  it('keeps the links of respondents still listed, adds new ones, and asks before removing any', async () => {
    const surveyId = await seedSurvey(app, owner);
    const first = await uploadRespondents(app, owner.cookie, surveyId, xlsx([['Name', 'Email'], ...respondents(4)]));
    const listId = first.body.survey.respondentList;
    await db().update(responses).set({ status: 'Submitted' }).where(eq(responses.nodeEmail, 'person0@example.com'));
    const before = await linksOf(surveyId);
    const nodesBefore = await nodesOf(listId);

    // Person 2 and 3 leave, Person 0 is renamed, Person 9 joins.
    const next = xlsx([
      ['Name', 'Email'],
      ['Person Zero', 'PERSON0@example.com'],
      ['Person 1', 'person1@example.com'],
      ['Person 9', 'person9@example.com'],
    ]);
    const refused = await uploadRespondents(app, owner.cookie, surveyId, next);
    expect(refused.status).toBe(409);
    expect(refused.body.type).toBe('deletion');
    expect(refused.body.message).toContain('The respondents below will be deleted together');
    expect(refused.body.deletedNodesNames).toEqual(['Person 2', 'Person 3']);
    expect(refused.body.deletedUserEmails).toEqual(['person2@example.com', 'person3@example.com']);
    expect(await linksOf(surveyId)).toEqual(before);
    expect(await nodesOf(listId)).toEqual(nodesBefore);

    const confirmed = await uploadRespondents(app, owner.cookie, surveyId, next, { skipCheckForDeletedNodes: 'yes' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.survey.respondentList).toBe(listId);
    const after = await linksOf(surveyId);
    expect(after.map((l) => [l.email, l.name])).toEqual([
      ['person0@example.com', 'Person Zero'],
      ['person1@example.com', 'Person 1'],
      ['person9@example.com', 'Person 9'],
    ]);
    // The kept respondent's link and node are the same rows (answers refer to them), status untouched.
    expect(after[0]!.id).toBe(before.find((l) => l.email === 'person0@example.com')!.id);
    expect(after[0]!.status).toBe('Submitted');
    const nodesAfter = await nodesOf(listId);
    expect(nodesAfter[0]!.id).toBe(nodesBefore[0]!.id);
    expect(nodesAfter.map((n) => n.name)).toEqual(['Person Zero', 'Person 1', 'Person 9']);
  });

  it('leaves the old list whole when storing the new one fails midway', async () => {
    const surveyId = await seedSurvey(app, owner);
    const first = await uploadRespondents(app, owner.cookie, surveyId, xlsx([['Name', 'Email'], ...respondents(3)]));
    const listId = first.body.survey.respondentList;
    const before = { nodes: await nodesOf(listId), links: await linksOf(surveyId) };
    await db().execute(sql`create function refuse_explode() returns trigger language plpgsql as $$
      begin if new.node_name = 'Explode' then raise exception 'refused'; end if; return new; end $$`);
    await db().execute(sql`create trigger refuse_explode before insert on responses
      for each row execute function refuse_explode()`);
    try {
      const file = xlsx([
        ['Name', 'Email', 'Team'],
        ['Renamed', 'person0@example.com', 'x'],
        ['Explode', 'boom@example.com', 'y'],
      ]);
      const res = await uploadRespondents(app, owner.cookie, surveyId, file, {
        title: 'Other',
        skipCheckForDeletedNodes: 'true',
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: MSG.somethingWrong, code: 'INTERNAL_SERVER_ERROR' });
    } finally {
      await db().execute(sql`drop trigger refuse_explode on responses`);
      await db().execute(sql`drop function refuse_explode`);
    }
    expect(await nodesOf(listId)).toEqual(before.nodes);
    expect(await linksOf(surveyId)).toEqual(before.links);
    const [list] = await db().select().from(lists).where(eq(lists.id, listId));
    expect(list).toMatchObject({ title: 'Respondent List', columns: [] });
  });
});

describe('a supplementary list upload', () => {
  it('creates a list named by its title, then replaces it by listId keeping nodes by name', async () => {
    const surveyId = await seedSurvey(app, owner);
    const created = await uploadSupplementary(
      app,
      owner.cookie,
      surveyId,
      xlsx([
        ['Name', 'Site'],
        ['North', 'A'],
        ['South', 'B'],
      ]),
      {
        title: 'Offices',
        type: 'Supplementary List',
      },
    );
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ _id: expect.any(String), title: 'Offices', type: 'Supplementary List' });
    const listId = created.body._id;
    const before = await nodesOf(listId);
    expect(before.map((n) => n.email)).toEqual([null, null]);

    const next = xlsx([
      ['Name', 'Site'],
      ['North', 'C'],
      ['East', 'D'],
    ]);
    const refused = await uploadSupplementary(app, owner.cookie, surveyId, next, { listId });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('The nodes below will be deleted');
    expect(refused.body.deletedNodesNames).toEqual(['South']);
    expect(await nodesOf(listId)).toEqual(before);

    const done = await uploadSupplementary(app, owner.cookie, surveyId, next, {
      listId,
      skipCheckForDeletedNodes: 'true',
    });
    expect(done.status).toBe(200);
    const after = await nodesOf(listId);
    expect(after.map((n) => [n.name, n.attributes.Site?.text])).toEqual([
      ['North', 'C'],
      ['East', 'D'],
    ]);
    expect(after[0]!.id).toBe(before[0]!.id);
    // No personal links for a supplementary list.
    expect(await linksOf(surveyId)).toEqual([]);
  });

  it('refuses a title another list of the survey has, whatever its case', async () => {
    const surveyId = await seedSurvey(app, owner);
    await uploadSupplementary(app, owner.cookie, surveyId, xlsx([['Name'], ['A']]), { title: 'Teams' });
    const again = await uploadSupplementary(app, owner.cookie, surveyId, xlsx([['Name'], ['B']]), { title: ' TEAMS ' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ type: 'title', message: LIST_MSG.titleTaken });
    // Titles are per survey.
    const other = await seedSurvey(app, owner);
    expect(
      (await uploadSupplementary(app, owner.cookie, other, xlsx([['Name'], ['B']]), { title: 'Teams' })).status,
    ).toBe(200);
  });

  it('defaults the title to the file name, and refuses a type that is not this route’s', async () => {
    const surveyId = await seedSurvey(app, owner);
    const res = await upload(
      app,
      owner.cookie,
      `/lists/uploadSupplementaryList/${surveyId}`,
      xlsx([['Name'], ['A']]),
      {},
      {
        fileName: 'Regional offices.xlsx',
      },
    );
    expect(res.body.title).toBe('Regional offices');
    const wrong = await uploadSupplementary(app, owner.cookie, surveyId, xlsx([['Name'], ['A']]), {
      type: 'Respondent List',
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: LIST_MSG.typeMismatch } });
    const odd = await uploadSupplementary(app, owner.cookie, surveyId, xlsx([['Name'], ['A']]), {
      skipCheckForDeletedNodes: 'perhaps',
    });
    expect(odd).toMatchObject({ status: 400, body: { message: LIST_MSG.badUploadForm } });
  });

  it('refuses a form without a file, or with two', async () => {
    const surveyId = await seedSurvey(app, owner);
    const none = await upload(app, owner.cookie, `/lists/uploadSupplementaryList/${surveyId}`, null, { title: 'X' });
    expect(none).toMatchObject({ status: 400, body: { message: LIST_MSG.fileMissing } });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(xlsx([['Name'], ['A']]))]), 'a.xlsx');
    form.append('file', new Blob([new Uint8Array(xlsx([['Name'], ['B']]))]), 'b.xlsx');
    const two = await fetch(`${app.url}/api/base/lists/uploadSupplementaryList/${surveyId}`, {
      method: 'POST',
      headers: { cookie: owner.cookie },
      body: form,
    });
    expect(two.status).toBe(400);
    expect(((await two.json()) as { message: string }).message).toBe(LIST_MSG.oneFileOnly);
  });
});

describe('who may upload', () => {
  it('answers 401 without a session, 404 for another owner’s survey or list', async () => {
    const surveyId = await seedSurvey(app, owner);
    const file = xlsx([['Name', 'Email'], ...respondents(1)]);
    expect(await uploadRespondents(app, '', surveyId, file)).toMatchObject({
      status: 401,
      body: { message: MSG.notSignedIn },
    });
    const stranger = await seedUser(app, 'owner');
    expect(await uploadRespondents(app, stranger.cookie, surveyId, file)).toMatchObject({
      status: 404,
      body: { message: MSG.surveyNotFound },
    });
    expect((await uploadRespondents(app, owner.cookie, 'not-a-uuid', file)).status).toBe(404);
    const theirs = await seedSurvey(app, stranger);
    const their = await uploadSupplementary(app, stranger.cookie, theirs, xlsx([['Name'], ['A']]));
    const res = await uploadSupplementary(app, owner.cookie, surveyId, xlsx([['Name'], ['A']]), {
      listId: their.body._id,
    });
    expect(res).toMatchObject({ status: 404, body: { message: LIST_MSG.listNotFound } });
    expect(await db().select().from(lists).where(eq(lists.surveyId, surveyId))).toEqual([]);
  });

  it('refuses cross-site multipart with 403, and multipart anywhere else with 415', async () => {
    const surveyId = await seedSurvey(app, owner);
    const file = xlsx([['Name', 'Email'], ...respondents(1)]);
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of crossSite) {
      const res = await upload(app, owner.cookie, `/lists/uploadRespondentList/${surveyId}`, file, {}, { headers });
      expect(res).toMatchObject({ status: 403, body: { message: MSG.crossSite } });
    }
    const elsewhere = await upload(app, owner.cookie, '/supportRequest', file);
    expect(elsewhere).toMatchObject({ status: 415, body: { message: MSG.jsonOnly } });
    const trpc = await upload(app, owner.cookie, '/../trpc/lists.delete', file);
    expect(trpc.status).toBe(415);
    expect(await linksOf(surveyId)).toEqual([]);
  });
});
