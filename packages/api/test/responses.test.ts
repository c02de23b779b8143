import { eq, responseSaves, responses, surveys } from '@tieline/db';
import { MSG, RESPONDENT_MSG, type TQuestionData } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { collectingSurvey, put, question, respondent, saveId } from './responses-setup';

// The respondent's calls and the nothing-lost contract: revisions, repeated saves, history, submission.

let app: TestApp;
let owner: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'individual');
});
afterAll(() => app.close());

function survey() {
  return collectingSurvey(app, owner, ({ respondentList }) => [
    question('freeFormText', { _id: 'q-text', isRequired: true }),
    question('multipleSelection', {
      _id: 'q-friends',
      isRelationshipQuestion: true,
      allowMultipleSelections: true,
      list: respondentList,
      isRequired: true,
    }),
    question('pageBreak', { _id: 'q-break' }),
    question('matrixSelection', { _id: 'q-how', isRelationshipQuestion: true, previousQn: ['q-friends'] }),
  ]);
}

const text = (t: string) => ({ questionId: 'q-text', dataInput: [{ text: t }] });

describe('a personal link', () => {
  it('opens the survey with its questions and the respondent, and the response at revision 0', async () => {
    const s = await survey();
    const uuid = s.linkOf('ada@example.com');
    const opened = await respondent(app).get(`/surveys/byRandomUUID/${uuid}`);
    expect(opened.status).toBe(200);
    expect(opened.body.questions.map((q: TQuestionData) => q._id)).toEqual(['q-text', 'q-friends', 'q-break', 'q-how']);
    expect(opened.body.questions[3].page).toBe(1);
    expect(opened.body.respondent).toMatchObject({ name: 'Ada Lovelace', firstName: 'Ada' });
    expect(opened.body.respondent.nodeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(opened.body.respondentList).toBe(s.respondentList);

    const response = await respondent(app).get(`/responses/${uuid}`);
    expect(response.body).toMatchObject({ revision: 0, status: 'Not Sent', answers: [], started: null });
    const lists = await respondent(app).get(`/lists/getNecessaryByRandomUUID/${uuid}`);
    expect(lists.body).toHaveLength(1);
    expect(lists.body[0]).toMatchObject({ _id: s.respondentList, count: 4 });
    expect(lists.body[0].nodes.map((n: { name: string }) => n.name)).toContain('Émile Zola');
  });

  it('an unknown link is 404 on every call', async () => {
    const id = crypto.randomUUID();
    for (const path of [`/surveys/byRandomUUID/${id}`, `/responses/${id}`, `/lists/getNecessaryByRandomUUID/${id}`])
      expect((await respondent(app).get(path)).status).toBe(404);
    expect((await put(app, id, { answers: [], revision: 0 })).status).toBe(404);
  });
});

describe('saving answers', () => {
  it('a save moves Not Sent to Started, sets started once, bumps the revision and keeps a history row', async () => {
    const s = await survey();
    const uuid = s.linkOf('ada@example.com');
    const first = await put(app, uuid, { answers: [text('Hello')], revision: 0, page: 0 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ revision: 1, status: 'Started', submitted: null });
    const started = first.body.started;
    expect(started).toBeTruthy();
    const second = await put(app, uuid, { answers: [text('Hello again')], revision: 1 });
    expect(second.body).toMatchObject({ revision: 2, started });

    const [row] = await app.server.deps.db.select().from(responses).where(eq(responses.randomUuid, uuid));
    const history = await app.server.deps.db
      .select()
      .from(responseSaves)
      .where(eq(responseSaves.responseId, row!.id))
      .orderBy(responseSaves.revision);
    expect(history.map((h) => h.revision)).toEqual([1, 2]);
    expect(history[0]!.changes).toEqual([text('Hello')]);
    expect(history[0]!.page).toBe(0);
    expect(history[0]!.userAgent).not.toBe('');
  });

  it('the read carries the page of the last accepted save that named one, null before any', async () => {
    const s = await survey();
    const uuid = s.linkOf('grace@example.com');
    const read = async () => (await respondent(app).get(`/responses/${uuid}`)).body;
    expect((await read()).page).toBeNull();
    await put(app, uuid, { answers: [], revision: 0, page: 0 });
    expect(await read()).toMatchObject({ revision: 1, page: 0 });
    await put(app, uuid, { answers: [text('Page two')], revision: 1, page: 1 });
    expect((await read()).page).toBe(1);
    // A save without a page (an older client) and a save that changes nothing leave the page as it was.
    await put(app, uuid, { answers: [text('Again')], revision: 2 });
    await put(app, uuid, { answers: [text('Again')], revision: 3, page: 0 });
    expect(await read()).toMatchObject({ revision: 3, page: 1 });
    // Another survey's respondent never sees this one's page.
    expect((await respondent(app).get(`/responses/${s.linkOf('alan@example.com')}`)).body.page).toBeNull();
  });

  it('a stale revision is refused with 409 and the current answers; nothing changes', async () => {
    const s = await survey();
    const uuid = s.linkOf('alan@example.com');
    await put(app, uuid, { answers: [text('from the phone')], revision: 0 });
    const stale = await put(app, uuid, { answers: [text('from the laptop')], revision: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: RESPONDENT_MSG.staleSave,
      revision: 1,
      answers: [text('from the phone')],
    });
    const now = await respondent(app).get(`/responses/${uuid}`);
    expect(now.body.answers).toEqual([text('from the phone')]);
  });

  it('a repeated saveId answers 200 and changes nothing (a retry after a lost answer)', async () => {
    const s = await survey();
    const uuid = s.linkOf('grace@example.com');
    const id = saveId();
    const body = { randomUUID: uuid, saveId: id, answers: [text('once')], revision: 0 };
    const a = await respondent(app).call('PUT', `/api/base/responses/${uuid}`, body);
    const b = await respondent(app).call('PUT', `/api/base/responses/${uuid}`, body);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.revision).toBe(1);
    // The same request twice at once: one applies, the other finds it applied.
    const id2 = saveId();
    const twice = await Promise.all(
      [0, 1].map(() =>
        respondent(app).call('PUT', `/api/base/responses/${uuid}`, {
          ...body,
          saveId: id2,
          revision: 1,
          answers: [text('twice')],
        }),
      ),
    );
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect(twice.map((r) => r.body.revision)).toEqual([2, 2]);
  });

  it('submission checks every question with the shared rules, then sets Submitted; later saves are refused', async () => {
    const s = await survey();
    const uuid = s.linkOf('emile@example.com');
    const bad = await put(app, uuid, { answers: [text('  ')], revision: 0, submitted: true });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(RESPONDENT_MSG.notSaved);
    expect(bad.body.problems).toEqual({
      'q-text': RESPONDENT_MSG.enterResponse,
      'q-friends': RESPONDENT_MSG.selectOne,
    });
    expect((await respondent(app).get(`/responses/${uuid}`)).body.revision).toBe(0);

    const opened = await respondent(app).get(`/surveys/byRandomUUID/${uuid}`);
    const self = opened.body.respondent.nodeId as string;
    const selfish = await put(app, uuid, {
      answers: [text('Hi'), { questionId: 'q-friends', dataInput: [{ selectedIds: [self] }] }],
      revision: 0,
      submitted: true,
    });
    // Refused where chosen, and where the choice was piped to.
    expect(selfish.body.problems).toEqual({
      'q-friends': RESPONDENT_MSG.notYourself,
      'q-how': RESPONDENT_MSG.notYourself,
    });

    const lists = await respondent(app).get(`/lists/getNecessaryByRandomUUID/${uuid}`);
    const ada = lists.body[0].nodes.find((n: { name: string }) => n.name === 'Ada Lovelace')._id;
    const good = await put(app, uuid, {
      answers: [text('Hi'), { questionId: 'q-friends', dataInput: [{ selectedIds: [ada] }] }],
      revision: 0,
      submitted: true,
    });
    expect(good.status).toBe(200);
    expect(good.body.status).toBe('Submitted');
    expect(good.body.submitted).toBeTruthy();
    const after = await put(app, uuid, { answers: [text('changed')], revision: 1 });
    expect(after.status).toBe(400);
    expect(after.body.message).toBe(RESPONDENT_MSG.alreadySubmitted);
    const view = await respondent(app).get(`/responses/${uuid}`);
    expect(view.body.names).toEqual({ [ada]: 'Ada Lovelace' });
    // Piping on the server: the matrix got a row for the person chosen on page 1.
    expect(view.body.answers.find((a: { questionId: string }) => a.questionId === 'q-how').dataInput).toEqual([
      { nodeId: ada, selectedIds: [] },
    ]);
  });

  it('drops answers to unknown questions, unknown options and people of other surveys instead of refusing', async () => {
    const s = await survey();
    const other = await survey();
    const foreign = (await respondent(app).get(`/lists/getNecessaryByRandomUUID/${other.linkOf('ada@example.com')}`))
      .body[0].nodes[0]._id;
    const uuid = s.linkOf('ada@example.com');
    const saved = await put(app, uuid, {
      answers: [
        text('kept'),
        { questionId: 'gone', dataInput: [{ text: 'x' }] },
        { questionId: 'q-friends', dataInput: [{ selectedIds: [foreign, 'not-a-node'] }] },
      ],
      revision: 0,
    });
    expect(saved.status).toBe(200);
    const view = await respondent(app).get(`/responses/${uuid}`);
    expect(view.body.answers).toEqual([text('kept'), { questionId: 'q-friends', dataInput: [{ selectedIds: [] }] }]);
  });

  it('refuses answers while the survey is Offline or Completed', async () => {
    const s = await survey();
    const uuid = s.linkOf('ada@example.com');
    for (const [status, message] of [
      ['Offline', RESPONDENT_MSG.surveyOffline],
      ['Completed', RESPONDENT_MSG.surveyClosed],
    ] as const) {
      await app.server.deps.db.update(surveys).set({ status }).where(eq(surveys.id, s.surveyId));
      const r = await put(app, uuid, { answers: [text('late')], revision: 0 });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe(message);
    }
  });

  it('refuses bad shapes with 400 and a message, and changes nothing', async () => {
    const s = await survey();
    const uuid = s.linkOf('ada@example.com');
    const cases: Record<string, unknown>[] = [
      { answers: 'nope', revision: 0 },
      { answers: [], revision: '0' },
      { answers: [], revision: -1 },
      { answers: [{ questionId: 'q-text', dataInput: [{ text: 5 }] }], revision: 0 },
      { answers: [{ questionId: 'q-text', dataInput: [{ numeric: 'NaN' }] }], revision: 0 },
      { answers: [text('a'), text('b')], revision: 0 },
      { answers: [{ questionId: 'q-text', dataInput: [{ text: 'x'.repeat(10_001) }] }], revision: 0 },
      { answers: [], revision: 0, saveId: 'short' },
      { answers: [{ questionId: 'q-text', dataInput: [{ text: 'a', extra: 1 }] }], revision: 0 },
    ];
    for (const body of cases) {
      const r = await put(app, uuid, body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof r.body.message).toBe('string');
    }
    expect((await respondent(app).get(`/responses/${uuid}`)).body.revision).toBe(0);
  });
});

describe('large saves', () => {
  it('takes a save of 270 kB of answers (past the 100 kB of other calls), refuses 2 MB+ with 413', async () => {
    const s = await survey();
    const uuid = s.linkOf('ada@example.com');
    const big = [{ questionId: 'q-text', dataInput: Array.from({ length: 30 }, () => ({ text: 'x'.repeat(9_000) })) }];
    const saved = await put(app, uuid, { answers: big, revision: 0 });
    expect(saved.status).toBe(200);
    const huge = [
      { questionId: 'q-text', dataInput: Array.from({ length: 250 }, () => ({ text: 'x'.repeat(9_000) })) },
    ];
    const refused = await put(app, uuid, { answers: huge, revision: 1 });
    expect(refused.status).toBe(413);
    expect((await respondent(app).get(`/responses/${uuid}`)).body.revision).toBe(1);
  });
});

describe('two devices at once', () => {
  it('two different saves on one revision: one applies, the other gets 409 with the winner’s answers', async () => {
    const s = await survey();
    const uuid = s.linkOf('grace@example.com');
    const [a, b] = await Promise.all([
      put(app, uuid, { answers: [text('phone')], revision: 0 }),
      put(app, uuid, { answers: [text('laptop')], revision: 0 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    const winner = a.status === 200 ? 'phone' : 'laptop';
    expect(loser.body).toMatchObject({ revision: 1, answers: [text(winner)] });
    expect((await respondent(app).get(`/responses/${uuid}`)).body).toMatchObject({
      revision: 1,
      answers: [text(winner)],
    });
  });

  it('a survey edited while a respondent answers: the next save uses the new questions', async () => {
    const s = await survey();
    const uuid = s.linkOf('ada@example.com');
    await put(app, uuid, { answers: [text('before')], revision: 0 });
    // The owner removes the text question (the version moves on).
    const [row] = await app.server.deps.db.select().from(surveys).where(eq(surveys.id, s.surveyId));
    const questions = row!.questions.filter((q) => q._id !== 'q-text');
    await app.server.deps.db
      .update(surveys)
      .set({ questions, version: row!.version + 1 })
      .where(eq(surveys.id, s.surveyId));
    await put(app, uuid, { answers: [text('after')], revision: 1 });
    expect((await respondent(app).get(`/responses/${uuid}`)).body.answers).toEqual([]);
  });
});

describe('the save route, attacked (it has its own 2 MB body parser)', () => {
  it('refuses deep nesting, broken text, a foreign Origin and a foreign Host, and changes nothing', async () => {
    const s = await survey();
    const uuid = s.linkOf('ada@example.com');
    const call = (body: unknown, headers: Record<string, string> = {}) =>
      respondent(app).call('PUT', `/api/base/responses/${uuid}`, body, headers);
    const deep = `{"randomUUID":"${uuid}","saveId":"deep-save-1","revision":0,"answers":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const nested = await call(deep);
    expect(nested.status).toBe(400);
    expect(nested.body.message).toBe(MSG.tooDeep);
    const nul = await call({ randomUUID: uuid, saveId: saveId(), revision: 0, answers: [text('a\u0000b')] });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBe(MSG.badCharacters);
    const lone = await call({ randomUUID: uuid, saveId: saveId(), revision: 0, answers: [text('a\ud800b')] });
    expect(lone.status).toBe(400);
    const crossSite = await call(
      { randomUUID: uuid, saveId: saveId(), revision: 0, answers: [text('x')] },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.message).toBe(MSG.crossSite);
    // fetch cannot set Host: a raw request as a rebinding page's browser would send it.
    const foreignHost = await rawRequest(app.url, {
      method: 'PUT',
      path: `/api/base/responses/${uuid}`,
      headers: { host: 'evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ randomUUID: uuid, saveId: saveId(), revision: 0, answers: [text('x')] }),
    });
    expect(foreignHost.status).toBe(421);
    expect((await respondent(app).get(`/responses/${uuid}`)).body).toMatchObject({ revision: 0, answers: [] });
  });
});
