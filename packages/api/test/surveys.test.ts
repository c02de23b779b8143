import { randomUUID } from 'node:crypto';
import { eq, lists, responses, surveys } from '@tieline/db';
import { DEFAULT_SURVEY_EMAIL, MSG, SURVEY_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { clientOf, question, restOf, seedSurvey } from './surveys-setup';

let app: TestApp;
let owner: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'owner');
});
afterAll(() => app.close());

describe('POST /api/base/surveys/ (surveys.create)', () => {
  it('creates an Offline survey with the defaults, its id in _id, with or without the trailing slash', async () => {
    const rest = restOf(app, owner);
    const res = await rest.post('/surveys/', { name: '  Team pulse ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Team pulse',
      status: 'Offline',
      imageUUID: null,
      welcomeMessage: '',
      thankYouMessage: '',
      respondentList: null,
      questions: [],
      redirectTo: '',
      webhookOnCompletion: '',
      identifyingInformation: '',
      nameAutocompletion: false,
      requireSignUp: false,
      respondentLimit: null,
      hasOpenLink: false,
      permittedDomains: [],
      from: '',
      email: DEFAULT_SURVEY_EMAIL,
      version: 1,
    });
    expect(res.body._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(res.body.updatedAt).toISOString()).toBe(res.body.updatedAt);
    expect((await rest.post('/surveys', { name: 'No slash' })).status).toBe(200);
  });

  it('takes the other fields, sanitized and checked', async () => {
    const survey = await clientOf(app, owner).surveys.create.mutate({
      name: 'Full',
      status: 'Collecting',
      welcomeMessage: '<p onclick="x()">Hi {firstName}<script>alert(1)</script></p>',
      requireSignUp: true,
      identifyingInformation: 'Email',
      permittedDomains: [{ name: '@Acme.com' }],
    });
    expect(survey).toMatchObject({
      status: 'Collecting',
      welcomeMessage: '<p>Hi {firstName}</p>',
      identifyingInformation: 'email',
      permittedDomains: [{ name: 'acme.com' }],
    });
  });

  it.each<[string, unknown, string]>([
    ['no name', {}, 'Survey name cannot be blank'],
    ['a blank name', { name: '   ' }, 'Survey name cannot be blank'],
    ['a name of the wrong type', { name: 7 }, 'Survey name cannot be blank'],
    ['a name too long', { name: 'x'.repeat(201) }, SURVEY_MSG.nameTooLong],
    ['a status the builder cannot set', { name: 'A', status: 'Archived' }, SURVEY_MSG.statusNotSelectable],
    ['an image not uploaded', { name: 'A', imageUUID: randomUUID() }, SURVEY_MSG.imageNotUploaded],
    ['sign-up without identifying information', { name: 'A', requireSignUp: true }, 'Must not be empty'],
    ['a zero respondent limit', { name: 'A', respondentLimit: 0 }, 'Respondent limit must be greater than 0'],
    ['a javascript: redirect', { name: 'A', redirectTo: 'javascript:alert(1)' }, SURVEY_MSG.urlInvalid],
    ['a string for a flag', { name: 'A', hasOpenLink: 'false' }, 'Must be true or false'],
  ])('refuses %s (400)', async (_, body, message) => {
    const res = await restOf(app, owner).post('/surveys/', body);
    expect(res).toMatchObject({ status: 400, body: { message } });
  });

  it('answers 401 without a session and 413 past the request size', async () => {
    expect(await restOf(app).post('/surveys/', { name: 'A' })).toMatchObject({
      status: 401,
      body: { message: MSG.notSignedIn },
    });
    const huge = await restOf(app, owner).post('/surveys/', { name: 'A', welcomeMessage: 'x'.repeat(120_000) });
    expect(huge).toMatchObject({ status: 413, body: { message: MSG.bodyTooLarge } });
  });
});

describe('GET /api/base/surveys/{id} (surveys.get)', () => {
  it('answers the whole survey, questions with their pages', async () => {
    const row = await seedSurvey(app, owner.userId, [
      question('freeFormText'),
      question('pageBreak'),
      question('singleNumeric'),
    ]);
    const res = await restOf(app, owner).get(`/surveys/${row.id}`);
    expect(res.status).toBe(200);
    expect(res.body.questions.map((q: { type: string; page: number }) => [q.type, q.page])).toEqual([
      ['freeFormText', 0],
      ['pageBreak', 0],
      ['singleNumeric', 1],
    ]);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect(await restOf(app, owner).get(`/surveys/${randomUUID()}`)).toMatchObject({
      status: 404,
      body: { message: MSG.surveyNotFound },
    });
    expect((await restOf(app, owner).get('/surveys/not-an-id')).status).toBe(400);
  });
});

describe('PUT /api/base/surveys/{id} (surveys.update)', () => {
  it('saves what it is sent, sanitized, and answers the new version', async () => {
    const row = await seedSurvey(app, owner.userId);
    const res = await restOf(app, owner).call('PUT', `/api/base/surveys/${row.id}`, {
      survey: {
        version: 1,
        name: 'Renamed',
        thankYouMessage: '<p>Thanks {fullName}<img src=x onerror=alert(1)></p>',
        email: { subject: 'Your survey', body: '<p><a href="{url}">Start</a><iframe></iframe></p>', plainHTML: false },
        redirectTo: 'https://example.com/done',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Renamed',
      version: 2,
      thankYouMessage: '<p>Thanks {fullName}</p>',
      email: {
        subject: 'Your survey',
        body: '<p><a href="{url}" target="_blank" rel="noopener noreferrer">Start</a></p>',
        plainHTML: false,
      },
      redirectTo: 'https://example.com/done',
    });
    expect(res.body.welcomeMessage).toBe('');
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(row.updatedAt.getTime());
  });

  it('accepts the whole survey it answered back, ignoring fields it does not edit', async () => {
    const client = clientOf(app, owner);
    const survey = await client.surveys.create.mutate({ name: 'Echo' });
    const saved = await client.surveys.update.mutate({ id: survey._id, survey: { ...survey, name: 'Echoed' } });
    expect(saved).toMatchObject({ _id: survey._id, name: 'Echoed', version: 2, questions: [] });
  });

  it('refuses a stale version with 409, changing nothing; force saves over it', async () => {
    const row = await seedSurvey(app, owner.userId);
    const client = clientOf(app, owner);
    await client.surveys.update.mutate({ id: row.id, survey: { version: 1, name: 'First tab' } });
    expect(
      await rejection(client.surveys.update.mutate({ id: row.id, survey: { version: 1, name: 'Second tab' } })),
    ).toEqual({ status: 409, message: SURVEY_MSG.stale });
    expect(await client.surveys.get.query({ id: row.id })).toMatchObject({ name: 'First tab', version: 2 });
    const forced = await client.surveys.update.mutate({
      id: row.id,
      survey: { version: 1, imageUUID: null },
      force: true,
    });
    expect(forced).toMatchObject({ name: 'First tab', version: 3 });
    const rest = await restOf(app, owner).call('PUT', `/api/base/surveys/${row.id}`, { survey: { version: 1 } });
    expect(rest).toMatchObject({ status: 409, body: { message: SURVEY_MSG.stale } });
  });

  it('lets exactly one of two writes based on the same version win', async () => {
    const client = clientOf(app, owner);
    for (let round = 0; round < 5; round++) {
      const row = await seedSurvey(app, owner.userId);
      const results = await Promise.allSettled(
        ['A', 'B'].map((name) => client.surveys.update.mutate({ id: row.id, survey: { version: 1, name } })),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      const saved = await client.surveys.get.query({ id: row.id });
      expect(saved.version).toBe(2);
      expect(saved.name).toBe((won[0] as PromiseFulfilledResult<{ name: string }>).value.name);
    }
  });

  it('checks the rules that span fields on the survey as it will be saved', async () => {
    const row = await seedSurvey(app, owner.userId);
    const client = clientOf(app, owner);
    expect(
      await rejection(client.surveys.update.mutate({ id: row.id, survey: { version: 1, requireSignUp: true } })),
    ).toEqual({
      status: 400,
      message: 'Must not be empty',
    });
    await client.surveys.update.mutate({ id: row.id, survey: { version: 1, identifyingInformation: 'EMAIL' } });
    const saved = await client.surveys.update.mutate({ id: row.id, survey: { version: 2, requireSignUp: true } });
    expect(saved).toMatchObject({ requireSignUp: true, identifyingInformation: 'email', version: 3 });
    expect(
      await rejection(client.surveys.update.mutate({ id: row.id, survey: { version: 3, identifyingInformation: '' } })),
    ).toEqual({ status: 400, message: 'Must not be empty' });
  });

  it('keeps identifying information to a column heading of the Respondent List once there is one', async () => {
    const row = await seedSurvey(app, owner.userId);
    const client = clientOf(app, owner);
    // Before the list is uploaded, any column name is kept (the list may come later).
    await client.surveys.update.mutate({ id: row.id, survey: { version: 1, identifyingInformation: 'badge' } });
    await app.server.deps.db.insert(lists).values({
      surveyId: row.id,
      title: 'Staff',
      type: 'Respondent List',
      columns: [{ name: 'Team', type: 'text' }],
    });
    expect(
      await rejection(
        client.surveys.update.mutate({ id: row.id, survey: { version: 2, identifyingInformation: 'badge' } }),
      ),
    ).toEqual({ status: 400, message: 'Must match a column heading of the Respondent List: name, email, team' });
    for (const [version, heading] of [
      [2, 'TEAM'],
      [3, 'email'],
      [4, 'name'],
    ] as const) {
      const saved = await client.surveys.update.mutate({
        id: row.id,
        survey: { version, identifyingInformation: heading },
      });
      expect(saved.identifyingInformation).toBe(heading.toLowerCase());
    }
  });

  it('limits status changes to Offline, Collecting and Completed, and keeps another status unchanged', async () => {
    const row = await seedSurvey(app, owner.userId);
    const client = clientOf(app, owner);
    expect(
      await rejection(client.surveys.update.mutate({ id: row.id, survey: { version: 1, status: 'Template' } })),
    ).toEqual({
      status: 400,
      message: SURVEY_MSG.statusNotSelectable,
    });
    await app.server.deps.db.update(surveys).set({ status: 'Archived' }).where(eq(surveys.id, row.id));
    const saved = await client.surveys.update.mutate({
      id: row.id,
      survey: { version: 1, status: 'Archived', name: 'Old' },
    });
    expect(saved).toMatchObject({ status: 'Archived', name: 'Old' });
    expect(
      (await client.surveys.update.mutate({ id: row.id, survey: { version: 2, status: 'Completed' } })).status,
    ).toBe('Completed');
  });

  it('removes an image but never points at one the upload did not store', async () => {
    const image = randomUUID();
    const row = await seedSurvey(app, owner.userId);
    await app.server.deps.db.update(surveys).set({ imageUuid: image }).where(eq(surveys.id, row.id));
    const client = clientOf(app, owner);
    const kept = await client.surveys.update.mutate({ id: row.id, survey: { version: 1, imageUUID: image } });
    expect(kept.imageUUID).toBe(image);
    expect(
      await rejection(client.surveys.update.mutate({ id: row.id, survey: { version: 2, imageUUID: randomUUID() } })),
    ).toEqual({ status: 400, message: SURVEY_MSG.imageNotUploaded });
    expect(
      (await client.surveys.update.mutate({ id: row.id, survey: { version: 2, imageUUID: null } })).imageUUID,
    ).toBeNull();
  });

  it.each<[string, unknown, number, string | undefined]>([
    ['no survey', {}, 400, undefined],
    ['no version', { survey: { name: 'A' } }, 400, 'version is required'],
    ['a version of the wrong type', { survey: { version: '1' } }, 400, 'version is required'],
    [
      'a message too long',
      { survey: { version: 1, welcomeMessage: 'x'.repeat(50_001) } },
      400,
      SURVEY_MSG.richTextTooLong,
    ],
    ['a limit of 0', { survey: { version: 1, respondentLimit: 0 } }, 400, SURVEY_MSG.respondentLimitPositive],
    ['an ftp webhook', { survey: { version: 1, webhookOnCompletion: 'ftp://x.example' } }, 400, SURVEY_MSG.urlInvalid],
    ['force of the wrong type', { survey: { version: 1 }, force: 'yes' }, 400, 'Must be true or false'],
  ])('refuses %s', async (_, body, status, message) => {
    const row = await seedSurvey(app, owner.userId);
    const res = await restOf(app, owner).call('PUT', `/api/base/surveys/${row.id}`, body);
    expect(res.status).toBe(status);
    expect(typeof res.body.message).toBe('string');
    if (message) expect(res.body.message).toBe(message);
    const after = await app.server.deps.db.select().from(surveys).where(eq(surveys.id, row.id));
    expect(after[0]!.version).toBe(1);
  });
});

describe('GET /api/base/surveys (surveys.list)', () => {
  it('lists the actor’s surveys with respondent and response counts, searched and sorted', async () => {
    const user = await seedUser(app, 'individual');
    const alpha = await seedSurvey(app, user.userId, [], 'Alpha 100% pulse');
    const beta = await seedSurvey(app, user.userId, [], 'beta pulse');
    await seedSurvey(app, user.userId, [], 'Gamma');
    const { db } = app.server.deps;
    await db.insert(responses).values([
      { surveyId: alpha.id, nodeName: 'Ada', status: 'Submitted' },
      { surveyId: alpha.id, nodeName: 'Grace', status: 'Submitted' },
      { surveyId: alpha.id, nodeName: 'Alan', status: 'Started' },
    ]);
    await db.update(surveys).set({ status: 'Collecting' }).where(eq(surveys.id, beta.id));
    const rest = restOf(app, user);

    const all = await rest.get('/surveys');
    expect(all.status).toBe(200);
    expect(all.body.map((s: { name: string }) => s.name)).toHaveLength(3);
    expect(all.body.find((s: { _id: string }) => s._id === alpha.id)).toMatchObject({
      name: 'Alpha 100% pulse',
      status: 'Offline',
      respondentCount: 3,
      responseCount: 2,
    });
    expect(all.body.find((s: { _id: string }) => s._id === beta.id)).toMatchObject({
      respondentCount: 0,
      responseCount: 0,
    });

    const names = async (query: string) =>
      (await rest.get(`/surveys?${query}`)).body.map((s: { name: string }) => s.name) as string[];
    expect(await names('search=PULSE&sortBy=name&sortDirection=asc')).toEqual(['Alpha 100% pulse', 'beta pulse']);
    expect(await names('search=100%25')).toEqual(['Alpha 100% pulse']);
    expect(await names('search=_')).toEqual([]);
    expect(await names('sortBy=name&sortDirection=desc')).toEqual(['Gamma', 'beta pulse', 'Alpha 100% pulse']);
    expect((await names('sortBy=status&sortDirection=asc'))[0]).toBe('beta pulse');

    await clientOf(app, user).surveys.update.mutate({ id: alpha.id, survey: { version: 1, name: 'Alpha renamed' } });
    expect((await names(''))[0]).toBe('Alpha renamed');
    expect((await names('sortBy=updatedAt&sortDirection=asc')).at(-1)).toBe('Alpha renamed');
    expect((await rest.get('/surveys?sortBy=owner')).status).toBe(400);
  });
});
