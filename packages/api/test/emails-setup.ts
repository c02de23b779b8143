import { eq, responses, surveys, userLogins } from '@tieline/db';
import { grantCredits, type SeededUser, seedUser, type TestApp } from './helpers';
import { uploadRespondents, xlsx } from './lists-fixtures';
import { restOf } from './surveys-setup';

// An owner with a verified email and an Offline survey with a respondent list of `count` people
// (person{i}@example.com), as the Emails tab finds it.

export const MESSAGE = {
  subject: 'Help us map {firstName}',
  body: '<p>Hello {firstName}, dear {fullName}.</p><p>Your link: {url}</p>',
  plainHTML: false,
};

export async function verifiedOwner(app: TestApp): Promise<SeededUser> {
  const owner = await seedUser(app, 'owner');
  await app.server.deps.db.update(userLogins).set({ verified: true }).where(eq(userLogins.id, owner.loginId));
  return owner;
}

export async function surveyWithRespondents(app: TestApp, owner: SeededUser, count: number, name = 'Pulse') {
  const [row] = await app.server.deps.db
    .insert(surveys)
    .values({ ownerId: owner.userId, name, from: 'People Team' })
    .returning();
  const people = Array.from({ length: count }, (_, i) => [`Person${i} Example`, `person${i}@example.com`]);
  await grantCredits(app, owner, count);
  const up = await uploadRespondents(app, owner.cookie, row!.id, xlsx([['Name', 'Email'], ...people]));
  if (up.status !== 200) throw new Error(`upload failed: ${JSON.stringify(up.body)}`);
  return row!.id;
}

export async function statusesOf(app: TestApp, surveyId: string) {
  const rows = await app.server.deps.db
    .select({ email: responses.nodeEmail, status: responses.status, uuid: responses.randomUuid })
    .from(responses)
    .where(eq(responses.surveyId, surveyId));
  return new Map(rows.map((r) => [r.email!, r]));
}

export function emailRespondents(
  app: TestApp,
  owner: Pick<SeededUser, 'cookie'>,
  surveyId: string,
  statuses: Record<string, boolean> = { 'Not Sent': true },
  over: Record<string, unknown> = {},
) {
  return restOf(app, owner).post(`/surveys/emailRespondents/${surveyId}`, {
    surveyId,
    ...MESSAGE,
    statuses,
    ...over,
  });
}
