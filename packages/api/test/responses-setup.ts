import { randomUUID } from 'node:crypto';
import { eq, responses, surveys } from '@tieline/db';
import type { TQuestionData } from '@tieline/validation';
import { grantCredits, type SeededUser, type TestApp } from './helpers';
import { uploadRespondents, uploadSupplementary, xlsx } from './lists-fixtures';
import { question, restOf } from './surveys-setup';

// A collecting survey with a respondent list and a supplementary list, its questions built by the test
// from the list ids, and the respondents' personal links (read from the database, as an email would carry).

export const PEOPLE = [
  ['Name', 'Email', 'Employee'],
  ['Ada Lovelace', 'ada@example.com', 'E1'],
  ['Alan Turing', 'alan@example.com', 'E2'],
  ['Grace Hopper', 'grace@example.com', 'E3'],
  ['Émile Zola', 'emile@example.com', 'E4'],
];

export async function collectingSurvey(
  app: TestApp,
  owner: SeededUser,
  build: (ids: { respondentList: string; teams: string }) => TQuestionData[],
  people: unknown[][] = PEOPLE,
) {
  const [row] = await app.server.deps.db
    .insert(surveys)
    .values({ ownerId: owner.userId, name: 'Pulse', status: 'Collecting' })
    .returning();
  const surveyId = row!.id;
  await grantCredits(app, owner, people.length - 1);
  const r = await uploadRespondents(app, owner.cookie, surveyId, xlsx(people));
  const s = await uploadSupplementary(app, owner.cookie, surveyId, xlsx([['Name'], ['North'], ['South']]), {
    title: 'Teams',
  });
  const ids = { respondentList: r.body.survey.respondentList as string, teams: s.body._id as string };
  const questions = build(ids);
  await app.server.deps.db.update(surveys).set({ questions }).where(eq(surveys.id, surveyId));
  const links = await app.server.deps.db
    .select({ uuid: responses.randomUuid, email: responses.nodeEmail })
    .from(responses)
    .where(eq(responses.surveyId, surveyId));
  const linkOf = (email: string) => links.find((l) => l.email === email)!.uuid;
  return { surveyId, ...ids, questions, linkOf, links: links.map((l) => l.uuid) };
}

/** A respondent's browser: no session, its own address. */
export const respondent = (app: TestApp) => restOf(app);

export const saveId = () => randomUUID().replaceAll('-', '');

export function put(app: TestApp, uuid: string, body: Record<string, unknown>) {
  return respondent(app).call('PUT', `/api/base/responses/${uuid}`, { randomUUID: uuid, saveId: saveId(), ...body });
}

export { question };
