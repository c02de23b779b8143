import { eq, nodes, responseSaves, responses } from '@tieline/db';
import { DASHBOARD_MSG, MSG, RESPONSE_STATUSES, type TDashboardResponse } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { collectingSurvey, put, question, respondent } from './responses-setup';
import { colleague, restOf, seedSurvey } from './surveys-setup';

// The dashboard's edits: a status by hand, a corrected address, clear all; and who may call the dashboard.

let app: TestApp;
let owner: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'individual');
});
afterAll(() => app.close());

const owned = () => restOf(app, owner);

function survey() {
  return collectingSurvey(app, owner, () => [question('freeFormText', { _id: 'q-text', isRequired: true })]);
}
const rowOf = async (uuid: string) =>
  (await app.server.deps.db.select().from(responses).where(eq(responses.randomUuid, uuid)))[0]!;

describe('status by hand', () => {
  it('moves any status to any other; Submitted stamps the time once; the list follows', async () => {
    const s = await survey();
    const r = await rowOf(s.linkOf('ada@example.com'));
    for (const from of RESPONSE_STATUSES)
      for (const to of RESPONSE_STATUSES) {
        await app.server.deps.db
          .update(responses)
          .set({ status: from, submitted: null, started: null })
          .where(eq(responses.id, r.id));
        const res = await owned().call('PUT', `/api/base/responses/status/${r.id}`, { status: to });
        expect(res.status, `${from} -> ${to}`).toBe(200);
        expect(res.body.status).toBe(to);
        expect(res.body.submitted === null).toBe(to !== 'Submitted');
      }
    await owned().call('PUT', `/api/base/responses/status/${r.id}`, { status: 'Submitted' });
    const stamped = (await rowOf(s.linkOf('ada@example.com'))).submitted;
    expect(stamped).toBeInstanceOf(Date);
    await owned().call('PUT', `/api/base/responses/status/${r.id}`, { status: 'Submitted' });
    expect((await rowOf(s.linkOf('ada@example.com'))).submitted).toEqual(stamped);
    await owned().call('PUT', `/api/base/responses/status/${r.id}`, { status: 'Starred' });
    const kept = await rowOf(s.linkOf('ada@example.com'));
    expect(kept.status).toBe('Starred');
    expect(kept.submitted).toEqual(stamped);
    const filtered = await owned().get(`/responses/paged/${s.surveyId}?filterByStatus=Starred`);
    expect(filtered.body.nodes.map((n: TDashboardResponse) => n._id)).toEqual([r.id]);
    expect((await owned().call('PUT', `/api/base/responses/status/${r.id}`, { status: 'Done' })).status).toBe(400);
    expect((await owned().call('PUT', `/api/base/responses/status/${r.id}`, {})).status).toBe(400);
    expect((await owned().call('PUT', `/api/base/responses/status/${r.id}`, { status: 7 })).status).toBe(400);
  });
});

describe('a corrected address', () => {
  it('changes the response and the list node, and a Bounced respondent goes back to Not Sent', async () => {
    const s = await survey();
    const r = await rowOf(s.linkOf('grace@example.com'));
    await app.server.deps.db.update(responses).set({ status: 'Bounced' }).where(eq(responses.id, r.id));
    const res = await owned().call('PUT', `/api/base/responses/address/${r.id}`, { email: ' Grace@Navy.MIL ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: r.id, email: 'grace@navy.mil', status: 'Not Sent' });
    const listNodes = await app.server.deps.db.select().from(nodes).where(eq(nodes.listId, s.respondentList));
    expect(listNodes.find((n) => n.name === 'Grace Hopper')!.email).toBe('grace@navy.mil');
    expect(listNodes.filter((n) => n.email === 'grace@example.com')).toEqual([]);
    // The link still opens as Grace's (the respondent is found by the new address).
    const opened = await respondent(app).get(`/surveys/byRandomUUID/${r.randomUuid}`);
    expect(opened.body.respondent).toMatchObject({ name: 'Grace Hopper' });
    // A submitted respondent keeps their status.
    const alan = await rowOf(s.linkOf('alan@example.com'));
    await app.server.deps.db.update(responses).set({ status: 'Submitted' }).where(eq(responses.id, alan.id));
    const moved = await owned().call('PUT', `/api/base/responses/address/${alan.id}`, { email: 'alan@bletchley.uk' });
    expect(moved.body.status).toBe('Submitted');
  });

  it("refuses another respondent's address and a malformed one, changing nothing", async () => {
    const s = await survey();
    const r = await rowOf(s.linkOf('ada@example.com'));
    const taken = await owned().call('PUT', `/api/base/responses/address/${r.id}`, { email: 'ALAN@example.com' });
    expect(taken).toMatchObject({ status: 409, body: { message: DASHBOARD_MSG.emailTaken } });
    for (const email of ['not-an-email', '', 'a@b', 42, null]) {
      const bad = await owned().call('PUT', `/api/base/responses/address/${r.id}`, { email });
      expect(bad.status, String(email)).toBe(400);
    }
    expect((await rowOf(s.linkOf('ada@example.com'))).nodeEmail).toBe('ada@example.com');
    // Their own address again is no conflict.
    expect(
      (await owned().call('PUT', `/api/base/responses/address/${r.id}`, { email: 'ada@example.com' })).status,
    ).toBe(200);
  });
});

describe('clear all', () => {
  it('clears answers, times, history and added names in one go; statuses as documented', async () => {
    const s = await collectingSurvey(app, owner, ({ respondentList }) => [
      question('freeFormText', { _id: 'q-text' }),
      question('searchAndSelect', {
        _id: 'q-who',
        isRelationshipQuestion: true,
        list: respondentList,
        allowAdditionalNames: true,
      }),
    ]);
    const ada = s.linkOf('ada@example.com');
    const grace = s.linkOf('grace@example.com');
    const answer = [{ questionId: 'q-text', dataInput: [{ text: 'Hi' }] }];
    expect((await put(app, ada, { answers: answer, revision: 0, submitted: true })).status).toBe(200);
    expect((await put(app, grace, { answers: answer, revision: 0 })).status).toBe(200);
    const added = await respondent(app).post(`/responses/respondentAddedByRespondent/${s.surveyId}`, {
      randomUUID: ada,
      questionId: 'q-who',
      name: 'Katherine Johnson',
      email: 'kj@example.com',
    });
    expect(added.status).toBe(200);
    const emile = await rowOf(s.linkOf('emile@example.com'));
    await app.server.deps.db.update(responses).set({ status: 'Bounced' }).where(eq(responses.id, emile.id));

    const res = await owned().post(`/responses/clearAll/${s.surveyId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ cleared: 2, removedNodes: 1 });
    const rows = await app.server.deps.db.select().from(responses).where(eq(responses.surveyId, s.surveyId));
    expect(rows.map((r) => [r.nodeEmail, r.status]).sort()).toEqual([
      ['ada@example.com', 'Not Started'],
      ['alan@example.com', 'Not Sent'],
      ['emile@example.com', 'Bounced'],
      ['grace@example.com', 'Not Started'],
    ]);
    for (const r of rows) expect(r).toMatchObject({ answers: [], started: null, submitted: null, revision: 0 });
    const saves = await app.server.deps.db
      .select()
      .from(responseSaves)
      .where(eq(responseSaves.responseId, (await rowOf(ada)).id));
    expect(saves).toEqual([]);
    expect(
      (await app.server.deps.db.select().from(nodes).where(eq(nodes.listId, s.respondentList))).map((n) => n.name),
    ).not.toContain('Katherine Johnson');
    // The respondent answers again from revision 0; an old page's save is stale.
    expect((await put(app, grace, { answers: answer, revision: 1 })).status).toBe(409);
    expect((await put(app, grace, { answers: answer, revision: 0 })).status).toBe(200);
    const counts = await owned().get(`/surveys/responseCounts/${s.surveyId}`);
    expect(counts.body).toMatchObject({ Total: 4, Submitted: 0, Bounced: 1 });
  });
});

describe('who may call', () => {
  it("lets the organization's Admin work on a member's survey", async () => {
    const member = await seedUser(app, 'owner');
    const admin = await colleague(app, member.organizationId!, 'Admin');
    const survey = await seedSurvey(app, member.userId);
    const [r] = await app.server.deps.db
      .insert(responses)
      .values({ surveyId: survey.id, nodeName: 'Ada', nodeEmail: 'ada@example.com' })
      .returning();
    expect((await restOf(app, admin).get(`/responses/paged/${survey.id}`)).body.count).toBe(1);
    const res = await restOf(app, admin).call('PUT', `/api/base/responses/status/${r!.id}`, { status: 'Starred' });
    expect(res.body.status).toBe('Starred');
    const plain = await colleague(app, member.organizationId!, 'Simplified Access-only');
    expect((await restOf(app, plain).get(`/responses/paged/${survey.id}`)).status).toBe(404);
  });

  it("answers 404 for another owner's survey or response and 401 anonymously, on every call", async () => {
    const s = await survey();
    const r = await rowOf(s.linkOf('ada@example.com'));
    const stranger = await seedUser(app, 'owner');
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/base/responses/paged/${s.surveyId}`],
      ['GET', `/api/base/responses/search/${s.surveyId}?searchText=a`],
      ['GET', `/api/base/surveys/responseCounts/${s.surveyId}`],
      ['GET', `/api/base/responses/timeline/${s.surveyId}`],
      ['PUT', `/api/base/responses/status/${r.id}`, { status: 'Starred' }],
      ['PUT', `/api/base/responses/address/${r.id}`, { email: 'new@example.com' }],
      ['POST', `/api/base/responses/clearAll/${s.surveyId}`, {}],
    ];
    for (const [method, path, body] of calls) {
      const theirs = await restOf(app, stranger).call(method, path, body);
      expect(theirs.status, `${method} ${path}`).toBe(404);
      expect([MSG.surveyNotFound, DASHBOARD_MSG.responseNotFound]).toContain(theirs.body.message);
      expect((await restOf(app).call(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    expect(await rowOf(s.linkOf('ada@example.com'))).toEqual(r);
  });
});
