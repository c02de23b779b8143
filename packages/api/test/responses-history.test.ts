import { randomUUID } from 'node:crypto';
import { eq, responses, surveys, testEmails } from '@tieline/db';
import { MSG, type TQuestionData } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { collectingSurvey, question, respondent } from './responses-setup';
import { colleague, restOf } from './surveys-setup';

// Support replay (GET responses/history/{responseId}) and a test email's link (byTestEmailId).

let app: TestApp;
let owner: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'owner');
});
afterAll(() => app.close());

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function survey() {
  return collectingSurvey(app, owner, ({ respondentList }) => [
    question('freeFormText', { _id: 'q-text' }),
    question('multipleSelection', {
      _id: 'q-friends',
      isRelationshipQuestion: true,
      allowMultipleSelections: true,
      list: respondentList,
    }),
    question('pageBreak', { _id: 'q-break' }),
    question('freeFormText', { _id: 'q-more' }),
  ]);
}

const text = (questionId: string, t: string) => ({ questionId, dataInput: [{ text: t }] });

/** A response answered over three saves through the real PUT route; answers its id and the people named. */
async function answered() {
  const s = await survey();
  const uuid = s.linkOf('ada@example.com');
  const people = (await respondent(app).get(`/lists/getNecessaryByRandomUUID/${uuid}`)).body[0].nodes as {
    _id: string;
    name: string;
  }[];
  const alan = people.find((p) => p.name === 'Alan Turing')!._id;
  const friends = { questionId: 'q-friends', dataInput: [{ selectedIds: [alan] }] };
  const ua = (agent: string) => ({ 'user-agent': agent });
  const save = (body: Record<string, unknown>, agent: string) =>
    respondent(app).call(
      'PUT',
      `/api/base/responses/${uuid}`,
      { randomUUID: uuid, saveId: randomUUID(), ...body },
      ua(agent),
    );
  expect((await save({ answers: [text('q-text', 'First')], revision: 0, page: 0 }, CHROME)).status).toBe(200);
  expect((await save({ answers: [text('q-text', 'Second'), friends], revision: 1, page: 0 }, CHROME)).status).toBe(200);
  expect((await save({ answers: [friends, text('q-more', 'Later')], revision: 2, page: 1 }, IPHONE)).status).toBe(200);
  const [row] = await app.server.deps.db.select().from(responses).where(eq(responses.randomUuid, uuid));
  return { s, uuid, responseId: row!.id, alan };
}

describe('GET responses/history/{responseId}', () => {
  it('answers the response, its survey as respondents see it and every save in order with its changes', async () => {
    const { s, responseId, alan } = await answered();
    const res = await restOf(app, owner).get(`/responses/history/${responseId}`);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.response).toMatchObject({
      _id: responseId,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      status: 'Started',
      revision: 3,
      submitted: null,
    });
    expect(body.response.started).toBeTruthy();
    expect(body.survey.questions.map((q: TQuestionData) => q._id)).toEqual([
      'q-text',
      'q-friends',
      'q-break',
      'q-more',
    ]);
    expect(body.survey.respondent).toMatchObject({ name: 'Ada Lovelace', firstName: 'Ada' });
    expect(body.lists).toHaveLength(1);
    expect(body.lists[0]._id).toBe(s.respondentList);
    expect(body.names[alan]).toBe('Alan Turing');

    expect(body.saves.map((v: { revision: number }) => v.revision)).toEqual([1, 2, 3]);
    expect(body.saves.map((v: { page: number }) => v.page)).toEqual([0, 0, 1]);
    expect(body.saves[0].changes).toEqual([text('q-text', 'First')]);
    expect(body.saves[1].changes).toEqual([
      text('q-text', 'Second'),
      { questionId: 'q-friends', dataInput: [{ selectedIds: [alan] }] },
    ]);
    // The third save dropped q-text: an emptied answer, and the new one.
    expect(body.saves[2].changes).toEqual([text('q-more', 'Later'), { questionId: 'q-text', dataInput: [] }]);
    expect(body.saves[0].client).toBe('Chrome 130 on Linux');
    expect(body.saves[2].client).toBe('Safari 17 on iOS (mobile)');
    expect(body.saves[2].userAgent).toBe(IPHONE);
    const times = body.saves.map((v: { at: string }) => Date.parse(v.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(body.response.answers).toEqual([
      { questionId: 'q-friends', dataInput: [{ selectedIds: [alan] }] },
      text('q-more', 'Later'),
    ]);
  });

  it('a response never saved has no saves', async () => {
    const s = await survey();
    const [row] = await app.server.deps.db
      .select()
      .from(responses)
      .where(eq(responses.randomUuid, s.linkOf('grace@example.com')));
    const res = await restOf(app, owner).get(`/responses/history/${row!.id}`);
    expect(res.status).toBe(200);
    expect(res.body.saves).toEqual([]);
    expect(res.body.response).toMatchObject({ status: 'Not Sent', started: null, answers: [] });
  });

  it("admits the organization's Owner and Admins and super admins; not members, other owners or anonymous", async () => {
    const { responseId } = await answered();
    const path = `/responses/history/${responseId}`;
    const admin = await colleague(app, owner.organizationId!, 'Admin');
    const orgOwner = await colleague(app, owner.organizationId!, 'Owner');
    const superAdmin = await seedUser(app, 'superAdmin');
    for (const who of [admin, orgOwner, superAdmin]) expect((await restOf(app, who).get(path)).status).toBe(200);

    const member = await colleague(app, owner.organizationId!, 'Simplified Access-only');
    const stranger = await seedUser(app, 'owner');
    for (const who of [member, stranger]) {
      const res = await restOf(app, who).get(path);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MSG.notFound);
    }
    // Indistinguishable from an id that names nothing.
    expect((await restOf(app, stranger).get(`/responses/history/${randomUUID()}`)).status).toBe(404);
    const anonymous = await restOf(app).get(path);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe(MSG.notSignedIn);
  });

  it('refuses ids that are not ids', async () => {
    for (const bad of ['nope', '1', `${randomUUID()}x`])
      expect((await restOf(app, owner).get(`/responses/history/${bad}`)).status).toBe(400);
  });

  it('a repeated save (same saveId) adds no history row', async () => {
    const s = await survey();
    const uuid = s.linkOf('alan@example.com');
    const body = { randomUUID: uuid, saveId: 'repeat-save-1', answers: [text('q-text', 'Once')], revision: 0 };
    await respondent(app).call('PUT', `/api/base/responses/${uuid}`, body);
    await respondent(app).call('PUT', `/api/base/responses/${uuid}`, body);
    const [row] = await app.server.deps.db.select().from(responses).where(eq(responses.randomUuid, uuid));
    const res = await restOf(app, owner).get(`/responses/history/${row!.id}`);
    expect(res.body.saves).toHaveLength(1);
    expect(res.body.saves[0].client).toBe('node'); // unknown agents are shown as sent
  });
});

describe('a test email link', () => {
  async function testEmail(status: string) {
    const s = await survey();
    await app.server.deps.db.update(surveys).set({ status }).where(eq(surveys.id, s.surveyId));
    const [row] = await app.server.deps.db
      .insert(testEmails)
      .values({ surveyId: s.surveyId, to: 'tester@example.com' })
      .returning();
    return { s, id: row!.id };
  }

  it.each(['Collecting', 'Offline'])('opens the survey and its lists while %s, with no respondent', async (status) => {
    const { s, id } = await testEmail(status);
    const opened = await respondent(app).get(`/surveys/byTestEmailId/${id}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ _id: s.surveyId, status, respondentList: s.respondentList });
    expect(opened.body.questions.map((q: TQuestionData) => q._id)).toEqual([
      'q-text',
      'q-friends',
      'q-break',
      'q-more',
    ]);
    expect(opened.body.questions[3].page).toBe(1);
    expect(opened.body.respondent).toEqual({ name: 'Test', firstName: 'Test', nodeId: null });

    const lists = await respondent(app).get(`/lists/getNecessaryByTestEmailId/${id}`);
    expect(lists.status).toBe(200);
    expect(lists.body).toHaveLength(1);
    expect(lists.body[0]).toMatchObject({ _id: s.respondentList, count: 4 });
  });

  it('an unknown id is 404 and a malformed one 400 on both calls', async () => {
    for (const base of ['/surveys/byTestEmailId', '/lists/getNecessaryByTestEmailId']) {
      const missing = await respondent(app).get(`${base}/${randomUUID()}`);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(MSG.surveyLinkInvalid);
      expect((await respondent(app).get(`${base}/not-an-id`)).status).toBe(400);
    }
  });

  it("searches the lists its survey's questions use, and no other", async () => {
    const { s, id } = await testEmail('Offline');
    const search = (listId: string, testEmailId = id) =>
      respondent(app).get(`/nodes/getMatchingNodes?listId=${listId}&name=ada&testEmailId=${testEmailId}`);
    const found = await search(s.respondentList);
    expect(found.status).toBe(200);
    expect(found.body.nodes.map((n: { name: string }) => n.name)).toEqual(['Ada Lovelace']);
    // The Teams list is the survey's, but no question uses it.
    expect((await search(s.teams)).status).toBe(404);
    expect((await search(s.respondentList, randomUUID())).status).toBe(404);
  });

  it('a personal link is not a test email id', async () => {
    const s = await survey();
    const uuid = s.linkOf('ada@example.com');
    expect((await respondent(app).get(`/surveys/byTestEmailId/${uuid}`)).status).toBe(404);
  });
});
