import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, jobs, nodes, responses, rowsOf, sql, surveys } from '@tieline/db';
import { RESPONDENT_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { uploadSupplementary, xlsx } from './lists-fixtures';
import { collectingSurvey, put, question, respondent } from './responses-setup';
import { restOf } from './surveys-setup';

// The people side of answering: name search, names added by respondents, the single link, the
// completion webhook.

let app: TestApp;
let owner: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  owner = await seedUser(app, 'individual');
});
afterAll(() => app.close());

const survey = (over: Partial<Parameters<typeof question>[1]> = {}) =>
  collectingSurvey(app, owner, ({ respondentList, teams }) => [
    question('searchAndSelect', { _id: 'q-who', isRelationshipQuestion: true, list: respondentList, ...over }),
    question('searchAndSelect', { _id: 'q-team', isRelationshipQuestion: true, list: teams, ...over }),
  ]);

const search = (query: Record<string, string>) =>
  respondent(app).get(`/nodes/getMatchingNodes?${new URLSearchParams(query)}`);

describe('name search', () => {
  it('finds substrings ignoring case and accents, sorted by name, paged, counted', async () => {
    const s = await survey();
    const randomUUID = s.linkOf('ada@example.com');
    const found = await search({ listId: s.respondentList, randomUUID, name: 'EMIL' });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ count: 1, nodes: [{ _id: expect.any(String), name: 'Émile Zola' }] });
    const a = await search({ listId: s.respondentList, randomUUID, name: 'LA', limit: '2', page: '1' });
    expect(a.body.count).toBe(3);
    expect(a.body.nodes.map((n: { name: string }) => n.name)).toEqual(['Ada Lovelace', 'Alan Turing']);
    const page2 = await search({ listId: s.respondentList, randomUUID, name: 'LA', limit: '2', page: '2' });
    expect(page2.body.nodes.map((n: { name: string }) => n.name)).toEqual(['Émile Zola']);
    // LIKE's own characters are text, not patterns.
    expect((await search({ listId: s.respondentList, randomUUID, name: '%%' })).body.count).toBe(0);
    expect((await search({ listId: s.respondentList, randomUUID, name: '__' })).body.count).toBe(0);
  });

  it("answers 404 for another survey's list, a list no question uses, or without a link or session", async () => {
    const s = await survey();
    const other = await survey();
    const randomUUID = s.linkOf('ada@example.com');
    expect((await search({ listId: other.respondentList, randomUUID, name: 'ada' })).status).toBe(404);
    const unused = await uploadSupplementary(app, owner.cookie, s.surveyId, xlsx([['Name'], ['Secret']]), {
      title: 'Unused',
    });
    expect((await search({ listId: unused.body._id, randomUUID, name: 'secret' })).status).toBe(404);
    expect((await search({ listId: s.respondentList })).status).toBe(404);
    // The owner's preview searches by session; another user's session cannot.
    const mine = await restOf(app, owner).get(`/nodes/getMatchingNodes?listId=${s.respondentList}&name=ada`);
    expect(mine.body.count).toBe(1);
    const stranger = await seedUser(app, 'individual');
    expect((await restOf(app, stranger).get(`/nodes/getMatchingNodes?listId=${s.respondentList}`)).status).toBe(404);
    expect((await search({ listId: 'nope', randomUUID })).status).toBe(400);
    expect((await search({ listId: s.respondentList, randomUUID, name: 'ada', limit: '101' })).status).toBe(400);
  });
});

describe('the lists a survey needs', () => {
  it('carries nodes up to 1000 and only the count above', async () => {
    const s = await survey();
    const big = await uploadSupplementary(
      app,
      owner.cookie,
      s.surveyId,
      xlsx([['Name'], ...Array.from({ length: 1001 }, (_, i) => [`Office ${i}`])]),
      { title: 'Offices' },
    );
    const questions = [
      ...s.questions,
      question('multipleSelection', { isRelationshipQuestion: true, list: big.body._id }),
    ];
    await app.server.deps.db.update(surveys).set({ questions }).where(eq(surveys.id, s.surveyId));
    const got = await respondent(app).get(`/lists/getNecessaryByRandomUUID/${s.linkOf('ada@example.com')}`);
    const offices = got.body.find((l: { _id: string }) => l._id === big.body._id);
    expect(offices).toMatchObject({ count: 1001, nodes: [] });
    expect(got.body.find((l: { _id: string }) => l._id === s.teams).nodes).toHaveLength(2);
    const preview = await restOf(app, owner).get(`/lists/getNecessary/${s.surveyId}`);
    expect(preview.body).toEqual(got.body);
  });
});

describe('names added by respondents', () => {
  it('adds to the respondent list with a response of their own; the same person twice is one node', async () => {
    const s = await survey({ allowAdditionalNames: true });
    const body = { randomUUID: s.linkOf('ada@example.com'), questionId: 'q-who', name: 'Katherine Johnson' };
    const add = (email: string) =>
      respondent(app).post(`/responses/respondentAddedByRespondent/${s.surveyId}`, { ...body, email });
    const [a, b] = await Promise.all([add('kj@example.com'), add('KJ@Example.com')]);
    expect(a.status).toBe(200);
    expect(b.body._id).toBe(a.body._id);
    const [node] = await app.server.deps.db.select().from(nodes).where(eq(nodes.id, a.body._id));
    const [adder] = await app.server.deps.db.select().from(responses).where(eq(responses.randomUuid, body.randomUUID));
    expect(node).toMatchObject({ listId: s.respondentList, email: 'kj@example.com', addedByResponse: adder!.id });
    const theirs = await app.server.deps.db.select().from(responses).where(eq(responses.nodeEmail, 'kj@example.com'));
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.status).toBe('Not Sent');
    // Now selectable and searchable.
    const found = await search({ listId: s.respondentList, randomUUID: body.randomUUID, name: 'kather' });
    expect(found.body.count).toBe(1);
  });

  it('adds to a supplementary list by name, any case', async () => {
    const s = await survey({ allowAdditionalNames: true });
    const add = (name: string) =>
      respondent(app).post(`/responses/suppListItemAddedByRespondent/${s.surveyId}`, {
        randomUUID: s.linkOf('alan@example.com'),
        name,
        listId: s.teams,
      });
    const a = await add('East');
    expect(a.status).toBe(200);
    expect((await add('east')).body._id).toBe(a.body._id);
    expect((await add('North')).body.name).toBe('North');
  });

  it('is refused where the question does not allow it, for other surveys and with bad input', async () => {
    const s = await survey();
    const randomUUID = s.linkOf('ada@example.com');
    const refused = await respondent(app).post(`/responses/respondentAddedByRespondent/${s.surveyId}`, {
      randomUUID,
      name: 'X',
      email: 'x@example.com',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(RESPONDENT_MSG.addNotAllowed);
    const open = await survey({ allowAdditionalNames: true });
    const foreignList = await respondent(app).post(`/responses/suppListItemAddedByRespondent/${open.surveyId}`, {
      randomUUID: open.linkOf('ada@example.com'),
      name: 'X',
      listId: s.teams,
    });
    expect(foreignList.status).toBe(404);
    const wrongSurvey = await respondent(app).post(`/responses/respondentAddedByRespondent/${s.surveyId}`, {
      randomUUID: open.linkOf('ada@example.com'),
      name: 'X',
      email: 'x@example.com',
    });
    expect(wrongSurvey.status).toBe(404);
    const blank = await respondent(app).post(`/responses/respondentAddedByRespondent/${open.surveyId}`, {
      randomUUID: open.linkOf('ada@example.com'),
      name: '  ',
      email: 'x@example.com',
    });
    expect(blank.body.message).toBe(RESPONDENT_MSG.addNameRequired);
    const badEmail = await respondent(app).post(`/responses/respondentAddedByRespondent/${open.surveyId}`, {
      randomUUID: open.linkOf('ada@example.com'),
      name: 'X',
      email: 'not-an-email',
    });
    expect(badEmail.status).toBe(400);
  });
});

describe('the single link', () => {
  async function openSurvey(set: Partial<typeof surveys.$inferInsert>) {
    const s = await survey();
    await app.server.deps.db
      .update(surveys)
      .set({ hasOpenLink: true, ...set })
      .where(eq(surveys.id, s.surveyId));
    return s;
  }
  const start = (surveyId: string, body: Record<string, unknown> = {}) =>
    respondent(app).post(`/responses/start/${surveyId}`, body);

  it('is refused when off; anonymous starts make responses until the limit, exactly one winning the last place', async () => {
    const off = await survey();
    expect((await start(off.surveyId)).status).toBe(404);
    expect((await respondent(app).get(`/responses/start/${off.surveyId}`)).body.message).toBe(RESPONDENT_MSG.linkOff);

    const s = await openSurvey({ respondentLimit: 3 });
    const page = await respondent(app).get(`/responses/start/${s.surveyId}`);
    expect(page.body).toMatchObject({ name: 'Pulse', requireSignUp: false, hasOpenLink: true });
    const first = await start(s.surveyId);
    expect(first.body.randomUUID).toMatch(/^[0-9a-f-]{36}$/);
    expect((await respondent(app).get(`/surveys/byRandomUUID/${first.body.randomUUID}`)).status).toBe(200);
    const race = await Promise.all([0, 1, 2, 3, 4].map(() => start(s.surveyId)));
    expect(race.map((r) => r.status).sort()).toEqual([200, 200, 403, 403, 403]);
    expect(race.find((r) => r.status === 403)!.body.message).toBe(RESPONDENT_MSG.limitReached);
  });

  it("with name autocompletion mails the chosen person's own link (single-link-identification.test.ts)", async () => {
    const s = await openSurvey({ requireSignUp: true, nameAutocompletion: true, identifyingInformation: 'name' });
    const found = await respondent(app).get(
      `/nodes/getMatchingNodes?listId=${s.respondentList}&surveyId=${s.surveyId}&name=grace`,
    );
    expect(found.body.nodes).toHaveLength(1);
    const started = await start(s.surveyId, { nodeId: found.body.nodes[0]._id });
    expect(started.body).toEqual({ emailSent: true, email: null });
    await app.flushMail();
    expect(app.inbox.filter((m) => m.to.includes('grace@example.com')).at(-1)?.body).toContain(
      `/responses/${s.linkOf('grace@example.com')}`,
    );
    expect((await start(s.surveyId, {})).status).toBe(400);
    // Autocompletion searches only its respondent list.
    expect(
      (await respondent(app).get(`/nodes/getMatchingNodes?listId=${s.teams}&surveyId=${s.surveyId}&name=north`)).status,
    ).toBe(404);
  });

  it('identified by email mails the personal link instead of answering it, within permitted domains', async () => {
    const s = await openSurvey({
      requireSignUp: true,
      identifyingInformation: 'email',
      permittedDomains: [{ name: 'example.com' }],
    });
    const sent = await start(s.surveyId, { identifier: 'Alan@Example.com' });
    expect(sent.body).toEqual({ emailSent: true, email: 'alan@example.com' });
    await app.flushMail();
    const mail = app.inbox.filter((m) => m.to.includes('alan@example.com')).at(-1);
    expect(mail?.body).toContain(`/responses/${s.linkOf('alan@example.com')}`);
    const outside = await start(s.surveyId, { identifier: 'eve@elsewhere.org' });
    expect(outside.status).toBe(403);
    expect(outside.body.message).toBe(RESPONDENT_MSG.domainNotPermitted);
    const newcomer = await start(s.surveyId, { identifier: 'new@example.com' });
    expect(newcomer.body.emailSent).toBe(true);
    const again = await start(s.surveyId, { identifier: 'new@example.com' });
    expect(again.body.emailSent).toBe(true);
    const made = await app.server.deps.db.select().from(responses).where(eq(responses.nodeEmail, 'new@example.com'));
    expect(made).toHaveLength(1);
  });

  it("identified by another column matches its cells and mails that person's link", async () => {
    const s = await openSurvey({ requireSignUp: true, identifyingInformation: 'employee' });
    expect((await start(s.surveyId, { identifier: 'e3' })).body).toEqual({ emailSent: true, email: null });
    await app.flushMail();
    expect(app.inbox.filter((m) => m.to.includes('grace@example.com')).at(-1)?.body).toContain(
      `/responses/${s.linkOf('grace@example.com')}`,
    );
    const unknown = await start(s.surveyId, { identifier: 'E99' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(RESPONDENT_MSG.notInList);
    expect((await start(s.surveyId, [42] as unknown as Record<string, unknown>)).status).toBe(400);
  });

  it('refuses starts while the survey is not collecting', async () => {
    const s = await openSurvey({ status: 'Completed' });
    expect((await start(s.surveyId)).body.message).toBe(RESPONDENT_MSG.surveyClosed);
    expect((await start(crypto.randomUUID())).status).toBe(404);
  });
});

describe('the completion webhook', () => {
  it('is queued with the submission and posts the response to the URL', async () => {
    const received: { body: string; type: string | undefined }[] = [];
    const hook = createHttpServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ body, type: req.headers['content-type'] });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    try {
      const s = await survey();
      await app.server.deps.db.update(surveys).set({ webhookOnCompletion: url }).where(eq(surveys.id, s.surveyId));
      const uuid = s.linkOf('ada@example.com');
      const done = await put(app, uuid, { answers: [], revision: 0, submitted: true });
      expect(done.status).toBe(200);
      const queued = await app.server.deps.db.select().from(jobs).where(eq(jobs.kind, 'completion-webhook'));
      expect(queued.length).toBeGreaterThan(0);
      await app.server.worker.drain();
      expect(received).toHaveLength(1);
      expect(received[0]!.type).toBe('application/json');
      expect(JSON.parse(received[0]!.body)).toMatchObject({
        event: 'response.submitted',
        surveyId: s.surveyId,
        respondent: { name: 'Ada Lovelace', email: 'ada@example.com' },
      });
    } finally {
      hook.close();
    }
  });
});

describe('statistics after a large upload', () => {
  it('queues a statistics refresh that the worker runs, leaving no names in the search index’s pending list', async () => {
    const s = await survey();
    const before = await app.server.deps.db.select().from(jobs).where(eq(jobs.kind, 'analyze-tables'));
    await uploadSupplementary(
      app,
      owner.cookie,
      s.surveyId,
      xlsx([['Name'], ...Array.from({ length: 1200 }, (_, i) => [`Place ${i}`])]),
      { title: 'Places' },
    );
    const queued = await app.server.deps.db.select().from(jobs).where(eq(jobs.kind, 'analyze-tables'));
    expect(queued.length).toBe(before.length + 1);
    await app.server.worker.drain();
    const [done] = await app.server.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, queued.at(-1)!.id));
    expect(done?.state).toBe('done');
    const pending = await app.server.deps.db.execute(
      sql`select gin_clean_pending_list('nodes_search_name_trgm_idx'::regclass)::int as pages`,
    );
    expect(rowsOf<{ pages: number }>(pending)[0]?.pages).toBe(0);
  });
});
