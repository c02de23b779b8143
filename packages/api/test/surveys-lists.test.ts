import { eq, lists, nodes, responses } from '@tieline/db';
import { SURVEY_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCredits, rejection, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { seedSurvey, uploadRespondents, uploadSupplementary, xlsx } from './lists-fixtures';
import { clientOf } from './surveys-setup';

// Where the surveys and lists features meet: the survey's respondent list, a question's list, duplicates.

let app: TestApp;
let owner: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'individual');
  await grantCredits(app, owner);
});
afterAll(() => app.close());

async function surveyWithLists() {
  const surveyId = await seedSurvey(app, owner);
  const people = xlsx([
    ['Name', 'Email'],
    ['Ada Lovelace', 'ada@example.com'],
    ['Alan Turing', 'alan@example.com'],
  ]);
  const r = await uploadRespondents(app, owner.cookie, surveyId, people);
  const s = await uploadSupplementary(app, owner.cookie, surveyId, xlsx([['Name'], ['North'], ['South']]), {
    title: 'Offices',
  });
  return { surveyId, respondentList: r.body.survey.respondentList as string, officeList: s.body._id as string };
}

describe('surveys and their lists', () => {
  it('the survey names its respondent list, and new relationship questions take it as their source', async () => {
    const { surveyId, respondentList } = await surveyWithLists();
    const trpc = clientOf(app, owner);
    const survey = await trpc.surveys.get.query({ id: surveyId });
    expect(survey.respondentList).toBe(respondentList);
    const { questionId, survey: after } = await trpc.surveys.questions.insert.mutate({
      surveyId,
      version: survey.version,
      index: 0,
      type: 'searchAndSelect',
    });
    expect(after.questions.find((q) => q._id === questionId)?.list).toBe(respondentList);
  });

  it("refuses a question sourced from another survey's list", async () => {
    const mine = await surveyWithLists();
    const other = await surveyWithLists();
    const trpc = clientOf(app, owner);
    const survey = await trpc.surveys.get.query({ id: mine.surveyId });
    const { questionId, survey: s1 } = await trpc.surveys.questions.insert.mutate({
      surveyId: mine.surveyId,
      version: survey.version,
      index: 0,
      type: 'multipleSelection',
    });
    const base = { surveyId: mine.surveyId, questionId, version: s1.version };
    const foreign = trpc.surveys.questions.update.mutate({
      ...base,
      question: { text: '<p>Which office?</p>', isRelationshipQuestion: true, list: other.officeList },
    });
    expect(await rejection(foreign)).toEqual({ message: SURVEY_MSG.listNotOfSurvey, status: 400 });
    const own = await trpc.surveys.questions.update.mutate({
      ...base,
      question: { text: '<p>Which office?</p>', isRelationshipQuestion: true, list: mine.officeList },
    });
    expect(own.questions[0]?.list).toBe(mine.officeList);
  });

  it('duplicates a survey with its lists: nodes copied, questions pointed at the copies, fresh links', async () => {
    const { surveyId, officeList } = await surveyWithLists();
    const trpc = clientOf(app, owner);
    const survey = await trpc.surveys.get.query({ id: surveyId });
    const { questionId, survey: s1 } = await trpc.surveys.questions.insert.mutate({
      surveyId,
      version: survey.version,
      index: 0,
      type: 'multipleSelection',
    });
    await trpc.surveys.questions.update.mutate({
      surveyId,
      questionId,
      version: s1.version,
      question: { text: '<p>Which office?</p>', isRelationshipQuestion: true, list: officeList },
    });
    const copy = await trpc.surveys.duplicate.mutate({ id: surveyId });
    const { db } = app.server.deps;
    const copiedLists = await db.select().from(lists).where(eq(lists.surveyId, copy._id));
    expect(copiedLists.map((l) => l.type).sort()).toEqual(['Respondent List', 'Supplementary List']);
    const copiedOffice = copiedLists.find((l) => l.title === 'Offices')!;
    expect(copiedOffice.id).not.toBe(officeList);
    expect((await db.select().from(nodes).where(eq(nodes.listId, copiedOffice.id))).map((n) => n.name)).toEqual([
      'North',
      'South',
    ]);
    expect(copy.questions[0]?.list).toBe(copiedOffice.id);
    expect(copy.respondentList).toBe(copiedLists.find((l) => l.type === 'Respondent List')!.id);
    const links = await db.select().from(responses).where(eq(responses.surveyId, copy._id));
    const originals = await db.select().from(responses).where(eq(responses.surveyId, surveyId));
    expect(links.map((l) => [l.nodeName, l.status]).sort()).toEqual([
      ['Ada Lovelace', 'Not Sent'],
      ['Alan Turing', 'Not Sent'],
    ]);
    expect(links.some((l) => originals.some((o) => o.randomUuid === l.randomUuid))).toBe(false);
  });
});
