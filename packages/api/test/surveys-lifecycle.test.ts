import { randomUUID } from 'node:crypto';
import { eq, lists, responses, surveys, userLogins, users } from '@tieline/db';
import {
  finishQuestionEdit,
  MSG,
  matrixType,
  QUESTION_TYPES,
  questionProblem,
  type TQuestionData,
} from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOf, creditBalance } from '../src/credits/ledger';
import { sanitizeRichText } from '../src/html/sanitize';
import { DEMO, demoQuestions, seedDemo } from '../src/seed/demo';
import { rejection, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { clientOf, colleague, question, restOf, seedSurvey } from './surveys-setup';

// Who reaches whose survey, and the calls that make or end one: duplicate, delete, the demo survey.

let app: TestApp;
let owner: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'owner');
});
afterAll(() => app.close());

const notFound = { status: 404, message: MSG.surveyNotFound };

describe('who sees whose surveys', () => {
  it('an org admin sees and edits a member’s survey; a simplified colleague and other tenants get 404', async () => {
    const orgOwner = await seedUser(app, 'owner');
    const member = await colleague(app, orgOwner.organizationId!, 'Simplified Access-only');
    const admin = await colleague(app, orgOwner.organizationId!, 'Admin');
    const peer = await colleague(app, orgOwner.organizationId!, 'Simplified Access-only');
    const outsider = await seedUser(app, 'owner');
    const row = await seedSurvey(app, member.userId, [], 'Member survey');

    for (const viewer of [orgOwner, admin, member]) {
      const list = await clientOf(app, viewer).surveys.list.query({});
      expect(list.map((s) => s._id)).toContain(row.id);
    }
    const saved = await clientOf(app, admin).surveys.update.mutate({
      id: row.id,
      survey: { version: 1, name: 'By admin' },
    });
    expect(saved.name).toBe('By admin');

    for (const stranger of [peer, outsider]) {
      const client = clientOf(app, stranger);
      expect((await client.surveys.list.query({})).map((s) => s._id)).not.toContain(row.id);
      expect(await rejection(client.surveys.get.query({ id: row.id }))).toEqual(notFound);
      expect(await rejection(client.surveys.update.mutate({ id: row.id, survey: { version: 2, name: 'X' } }))).toEqual(
        notFound,
      );
      expect(await rejection(client.surveys.duplicate.mutate({ id: row.id }))).toEqual(notFound);
      expect(await rejection(client.surveys.delete.mutate({ id: row.id }))).toEqual(notFound);
      const rest = restOf(app, stranger);
      expect(await rest.get(`/surveys/${row.id}`)).toMatchObject({
        status: 404,
        body: { message: MSG.surveyNotFound },
      });
      expect(await rest.call('DELETE', `/api/base/surveys/${row.id}`)).toMatchObject({ status: 404 });
    }
    expect((await clientOf(app, member).surveys.get.query({ id: row.id })).name).toBe('By admin');
  });
});

describe('POST /api/base/surveys/{id}/duplicate (surveys.duplicate)', () => {
  it('copies settings and questions with new ids and remapped sources, without responses or image', async () => {
    const source = question('searchAndSelect', { isRelationshipQuestion: true });
    const piped = question('multipleSelection', { isRelationshipQuestion: true, previousQn: [source._id] });
    const row = await seedSurvey(app, owner.userId, [source, question('pageBreak'), piped], 'Original');
    const { db } = app.server.deps;
    await db
      .update(surveys)
      .set({ status: 'Collecting', thankYouMessage: '<p>Bye</p>', hasOpenLink: true, imageUuid: randomUUID() })
      .where(eq(surveys.id, row.id));
    await db.insert(responses).values({ surveyId: row.id, nodeName: 'Ada', status: 'Submitted' });

    const res = await restOf(app, owner).post(`/surveys/${row.id}/duplicate`, {});
    expect(res.status).toBe(200);
    const copy = res.body;
    expect(copy).toMatchObject({
      name: 'Original (copy)',
      status: 'Offline',
      thankYouMessage: '<p>Bye</p>',
      hasOpenLink: true,
      imageUUID: null,
      version: 1,
    });
    expect(copy._id).not.toBe(row.id);
    const [newSource, , newPiped] = copy.questions;
    expect(newSource._id).not.toBe(source._id);
    expect(newPiped.previousQn).toEqual([newSource._id]);
    expect(newPiped.selectionOptions.map((o: { _id: string }) => o._id)).not.toContain(piped.selectionOptions[0]!._id);
    const list = await clientOf(app, owner).surveys.list.query({ search: 'Original (copy)' });
    expect(list).toMatchObject([{ _id: copy._id, respondentCount: 0 }]);
    expect((await clientOf(app, owner).surveys.get.query({ id: row.id })).questions[2]!.previousQn).toEqual([
      source._id,
    ]);
  });

  it('gives the copy to whoever made it', async () => {
    const orgOwner = await seedUser(app, 'owner');
    const member = await colleague(app, orgOwner.organizationId!, 'Simplified Access-only');
    const row = await seedSurvey(app, member.userId, [], 'Shared');
    const copy = await clientOf(app, orgOwner).surveys.duplicate.mutate({ id: row.id });
    const [stored] = await app.server.deps.db.select().from(surveys).where(eq(surveys.id, copy._id));
    expect(stored!.ownerId).toBe(orgOwner.userId);
  });
});

describe('DELETE /api/base/surveys/{id} (surveys.delete)', () => {
  it('deletes the survey with its responses; its personal links stop working', async () => {
    const row = await seedSurvey(app, owner.userId);
    const { db } = app.server.deps;
    const [link] = await db.insert(responses).values({ surveyId: row.id, nodeName: 'Ada' }).returning();
    const rest = restOf(app, owner);
    expect((await rest.get(`/surveys/byRandomUUID/${link!.randomUuid}`)).status).toBe(200);

    expect(await rest.call('DELETE', `/api/base/surveys/${row.id}`)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await db.select().from(responses).where(eq(responses.surveyId, row.id))).toEqual([]);
    expect((await rest.get(`/surveys/${row.id}`)).status).toBe(404);
    expect((await rest.get(`/surveys/byRandomUUID/${link!.randomUuid}`)).status).toBe(404);
    expect((await rest.call('DELETE', `/api/base/surveys/${row.id}`)).status).toBe(404);
  });
});

describe('the demo survey', () => {
  it('is a questionnaire the builder would save: every question passes its rules, text already sanitized', async () => {
    const questions = demoQuestions({ respondents: null, teams: null });
    expect(questions.map((q) => q.type)).toEqual(
      expect.arrayContaining([
        'searchAndSelect',
        'multipleSelection',
        'matrixSelection',
        'pageBreak',
        'descriptiveText',
      ]),
    );
    expect(new Set(questions.map((q) => q.type)).size).toBe(QUESTION_TYPES.length);
    expect(questions.filter((q) => q.isRelationshipQuestion && q.type === 'matrixSelection').map(matrixType)).toEqual([
      'regular',
      'undirected',
    ]);
    questions.forEach((q, index) => {
      expect(questionProblem(questions, index), q.text).toBeNull();
      expect(finishQuestionEdit(q)).toEqual(q);
      expect(sanitizeRichText(q.text)).toBe(q.text);
    });
    const row = await seedSurvey(app, owner.userId, questions, 'Demo');
    const survey = await clientOf(app, owner).surveys.get.query({ id: row.id });
    expect(survey.questions.map((q) => q.page)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
  });

  it('is seeded with a respondent list and a supplementary list its relationship questions use', async () => {
    const { db } = app.server.deps;
    await seedDemo({ ...app.server.deps, mailer: app.server.mailer });
    const [survey] = await db.select().from(surveys).where(eq(surveys.name, 'Team collaboration survey (demo)'));
    const own = await db.select().from(lists).where(eq(lists.surveyId, survey!.id));
    expect(own.map((l) => l.type).sort()).toEqual(['Respondent List', 'Supplementary List']);
    const relationship = (survey!.questions as TQuestionData[]).filter((q) => q.isRelationshipQuestion);
    const sourced = relationship.filter((q) => q.previousQn.length === 0).map((q) => q.list);
    expect(sourced.length).toBeGreaterThan(2);
    expect(sourced.every((id) => own.some((l) => l.id === id))).toBe(true);
    expect(sourced).toContain(own.find((l) => l.type === 'Supplementary List')!.id);
  });

  it('prints the same unanswered link on every start, and its accounts hold their credits', async () => {
    const { db } = app.server.deps;
    const first = await seedDemo({ ...app.server.deps, mailer: app.server.mailer });
    const again = await seedDemo({ ...app.server.deps, mailer: app.server.mailer });
    expect(again).toEqual({ ...first, created: false });
    const [link] = await db.select().from(responses).where(eq(responses.randomUuid, again.responseUUID));
    expect(link!.submitted).toBeNull();
    const [login] = await db.select().from(userLogins).where(eq(userLogins.email, DEMO.email));
    const accounts = await db.select().from(users).where(eq(users.userLoginId, login!.id));
    const balances = await Promise.all(
      accounts.map((u) => creditBalance(db, accountOf({ userId: u.id, organizationId: u.organizationId }))),
    );
    // The individual account paid for its eight demo respondents, as an upload pays.
    expect(balances.sort((a, b) => a - b)).toEqual([DEMO.credits - 8, DEMO.credits]);
  });
});
