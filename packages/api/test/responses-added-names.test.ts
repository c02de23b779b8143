import { randomUUID } from 'node:crypto';
import { eq, nodes, responses, surveys } from '@tieline/db';
import { RESPONDENT_MSG, SURVEY_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailRespondents, verifiedOwner } from './emails-setup';
import { type SeededUser, startTestApp, type TestApp } from './helpers';
import { collectingSurvey, question, respondent } from './responses-setup';
import { restOf } from './surveys-setup';

// Issue 21 item 4: names a respondent adds are capped per question (default 10), marked as added by a
// respondent for the owner, and left out of a bulk send unless the owner includes them.

let app: TestApp;
let owner: SeededUser;
beforeAll(async () => {
  app = await startTestApp();
  owner = await verifiedOwner(app);
});
afterAll(() => app.close());

const snowball = (over: Parameters<typeof question>[1] = {}) =>
  collectingSurvey(app, owner, ({ respondentList, teams }) => [
    question('searchAndSelect', {
      _id: 'q-who',
      isRelationshipQuestion: true,
      list: respondentList,
      allowAdditionalNames: true,
      ...over,
    }),
    question('searchAndSelect', {
      _id: 'q-team',
      isRelationshipQuestion: true,
      list: teams,
      allowAdditionalNames: true,
    }),
  ]);

const addPerson = (surveyId: string, randomUUID: string, i: number, questionId: string | undefined = 'q-who') =>
  respondent(app).post(`/responses/respondentAddedByRespondent/${surveyId}`, {
    randomUUID,
    ...(questionId ? { questionId } : {}),
    name: `Added Person${i}`,
    email: `added${i}@example.com`,
  });

const addedNodes = async (surveyId: string) => {
  const rows = await app.server.deps.db.select().from(responses).where(eq(responses.surveyId, surveyId));
  const adder = rows.map((r) => r.id);
  const all = await app.server.deps.db.select().from(nodes);
  return all.filter((n) => n.addedByResponse && adder.includes(n.addedByResponse));
};

describe('the cap on names a respondent adds', () => {
  it('refuses the 11th name by default, with the message the respondent app shows', async () => {
    const s = await snowball();
    const link = s.linkOf('ada@example.com');
    for (let i = 0; i < 10; i++) expect((await addPerson(s.surveyId, link, i)).status).toBe(200);
    const refused = await addPerson(s.surveyId, link, 10);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(RESPONDENT_MSG.addLimitReached(10));
    // Someone already in the list is found, not added: no cap applies.
    expect((await addPerson(s.surveyId, link, 3)).status).toBe(200);
    // The cap is each respondent's own.
    expect((await addPerson(s.surveyId, s.linkOf('alan@example.com'), 20)).status).toBe(200);
    expect(await addedNodes(s.surveyId)).toHaveLength(11);
  });

  it('applies 10 to questions saved before the setting existed (the stored JSON lacks the field)', async () => {
    const s = await snowball();
    const legacy = s.questions.map((q) => {
      const { maximumAdditionalNames: _dropped, ...rest } = q as typeof q & { maximumAdditionalNames?: number };
      return rest;
    });
    await app.server.deps.db.update(surveys).set({ questions: legacy }).where(eq(surveys.id, s.surveyId));
    const link = s.linkOf('grace@example.com');
    for (let i = 0; i < 10; i++) expect((await addPerson(s.surveyId, link, i, undefined)).status).toBe(200);
    expect((await addPerson(s.surveyId, link, 10, undefined)).status).toBe(403);
    const survey = await restOf(app, owner).get(`/surveys/${s.surveyId}`);
    expect(survey.body.questions[0].maximumAdditionalNames).toBe(10);
  });

  it('is set per question in the builder, within 1 to 100', async () => {
    const who = randomUUID();
    const s = await snowball({ _id: who });
    const rest = restOf(app, owner);
    const edit = (version: number, maximumAdditionalNames: unknown) =>
      rest.call('PUT', `/api/base/surveys/${s.surveyId}/questions/${who}`, {
        version,
        question: { maximumAdditionalNames },
      });
    for (const bad of [0, 101, 2.5]) {
      const res = await edit(1, bad);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(SURVEY_MSG.additionalNamesRange);
    }
    const ok = await edit(1, 2);
    expect(ok.status).toBe(200);
    expect(ok.body.questions[0].maximumAdditionalNames).toBe(2);
    const link = s.linkOf('emile@example.com');
    expect((await addPerson(s.surveyId, link, 1, who)).status).toBe(200);
    expect((await addPerson(s.surveyId, link, 2, who)).body.addedNames).toBe(2);
    expect((await addPerson(s.surveyId, link, 3, who)).body.message).toBe(RESPONDENT_MSG.addLimitReached(2));
    // The other question has its own count (and its own default of 10).
    const team = await respondent(app).post(`/responses/suppListItemAddedByRespondent/${s.surveyId}`, {
      randomUUID: link,
      questionId: 'q-team',
      name: 'East',
      listId: s.teams,
    });
    expect(team.status).toBe(200);
    // The respondent's link tells the app how many names it added per question.
    const view = await respondent(app).get(`/responses/${link}`);
    expect(view.body.addedNames).toEqual({ [who]: 2, 'q-team': 1 });
  });

  it('holds when one link adds many names at once', async () => {
    const s = await snowball({ maximumAdditionalNames: 3 });
    const link = s.linkOf('ada@example.com');
    const all = await Promise.all(Array.from({ length: 8 }, (_, i) => addPerson(s.surveyId, link, 100 + i)));
    expect(all.filter((r) => r.status === 200)).toHaveLength(3);
    expect(all.filter((r) => r.status === 403)).toHaveLength(5);
    expect(await addedNodes(s.surveyId)).toHaveLength(3);
  });
});

describe('people added by respondents, for the owner', () => {
  it('are marked in the lists, the dashboard and the counts, and a bulk send leaves them out unless asked', async () => {
    const s = await snowball();
    await addPerson(s.surveyId, s.linkOf('ada@example.com'), 1);
    await addPerson(s.surveyId, s.linkOf('ada@example.com'), 2);
    const rest = restOf(app, owner);

    const lists = await rest.get(`/lists/all/${s.surveyId}`);
    const people = lists.body.find((l: { _id: string }) => l._id === s.respondentList).nodes;
    const marked = people.filter((n: { addedByRespondent?: boolean }) => n.addedByRespondent === true);
    expect(marked.map((n: { email: string }) => n.email).sort()).toEqual(['added1@example.com', 'added2@example.com']);

    const page = await rest.get(`/responses/paged/${s.surveyId}?perPage=20`);
    const flagged = page.body.nodes.filter((r: { addedByRespondent: boolean }) => r.addedByRespondent);
    expect(flagged).toHaveLength(2);
    expect(page.body.nodes.filter((r: { addedByRespondent: boolean }) => !r.addedByRespondent)).toHaveLength(4);

    const counts = await rest.get(`/surveys/responseCounts/${s.surveyId}`);
    expect(counts.body.byStatus['Not Sent']).toBe(6);
    expect(counts.body.addedByRespondents).toMatchObject({ 'Not Sent': 2 });

    // The documented body, without the new flag: the four uploaded respondents only.
    const send = await emailRespondents(app, owner, s.surveyId);
    expect(send.status).toBe(202);
    expect(send.body.recipients).toBe(4);
    await app.flushMail();
    const before = app.inbox.length;
    const again = await emailRespondents(
      app,
      owner,
      s.surveyId,
      { 'Not Sent': true },
      { includeAddedByRespondents: true },
    );
    expect(again.body.recipients).toBe(2);
    await app.flushMail();
    expect(
      app.inbox
        .slice(before)
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual(['added1@example.com', 'added2@example.com']);
  });
});
