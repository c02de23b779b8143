import { eq, nodes, rateLimits, responses, surveys } from '@tieline/db';
import { RESPONDENT_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/auth/rate-limit';
import { type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { collectingSurvey, question, respondent } from './responses-setup';

// The single link with identification over HTTP, as an anonymous visitor would attack it: a listed
// person's personal link is a bearer secret, so it is mailed to them and never answered to the caller
// (docs/single-link-identification.md).

let app: TestApp;
let owner: SeededUser;
beforeAll(async () => {
  app = await startTestApp();
  owner = await seedUser(app, 'individual');
});
afterAll(() => app.close());

async function openSurvey(set: Partial<typeof surveys.$inferInsert>) {
  const s = await collectingSurvey(app, owner, ({ respondentList }) => [
    question('searchAndSelect', { _id: 'q-who', list: respondentList }),
  ]);
  // A listed person without an email address (uploads ask for one; lists from before did not).
  await app.server.deps.db.insert(nodes).values({
    listId: s.respondentList,
    name: 'Nadia Nomail',
    firstName: 'Nadia',
    attributes: { Employee: { value: 'E5', text: 'E5' } },
    position: 99,
  });
  await app.server.deps.db
    .update(surveys)
    .set({ hasOpenLink: true, requireSignUp: true, ...set })
    .where(eq(surveys.id, s.surveyId));
  return s;
}

const start = (surveyId: string, body: Record<string, unknown>, client = respondent(app)) =>
  client.post(`/responses/start/${surveyId}`, body);

async function mailsTo(address: string) {
  await app.flushMail();
  return app.inbox.filter((m) => m.to.includes(address));
}

describe('single link with name autocompletion', () => {
  const autocompleted = () => openSurvey({ nameAutocompletion: true, identifyingInformation: 'name' });
  async function pick(s: Awaited<ReturnType<typeof openSurvey>>, name: string) {
    const found = await respondent(app).get(
      `/nodes/getMatchingNodes?${new URLSearchParams({ listId: s.respondentList, surveyId: s.surveyId, name })}`,
    );
    expect(found.status).toBe(200);
    return found.body.nodes[0]._id as string;
  }

  it("never answers a listed person's link: it mails it to the address on the list and says so", async () => {
    const s = await autocompleted();
    const grace = s.linkOf('grace@example.com');
    const before = (await mailsTo('grace@example.com')).length;
    const started = await start(s.surveyId, { nodeId: await pick(s, 'grace') });
    expect(started.status).toBe(200);
    // The email-sent state, without the link and without the listed address.
    expect(started.body).toEqual({ emailSent: true, email: null });
    expect(JSON.stringify(started.body)).not.toContain(grace);
    expect(JSON.stringify(started.body)).not.toContain('grace@');
    const mails = await mailsTo('grace@example.com');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.body).toContain(`/responses/${grace}`);
  });

  it('refuses a listed person without an email address, telling them to ask the owner', async () => {
    const s = await autocompleted();
    const inbox = app.inbox.length;
    const started = await start(s.surveyId, { nodeId: await pick(s, 'nadia') });
    expect(started.status).toBe(403);
    expect(started.body.message).toBe(RESPONDENT_MSG.noAddressOnList);
    expect(started.body.randomUUID).toBeUndefined();
    await app.flushMail();
    expect(app.inbox.length).toBe(inbox);
  });

  it('mails one person a few times an hour, then answers the same without sending (no oracle)', async () => {
    const s = await autocompleted();
    const nodeId = await pick(s, 'alan');
    const before = (await mailsTo('alan@example.com')).length;
    for (let i = 0; i < LIMITS.linkMailsPerPerson.max + 2; i++) {
      const started = await start(s.surveyId, { nodeId });
      expect(started.body).toEqual({ emailSent: true, email: null });
    }
    expect(await mailsTo('alan@example.com')).toHaveLength(before + LIMITS.linkMailsPerPerson.max);
  });

  it('answers 429 once one client address has had too many links mailed', async () => {
    const s = await autocompleted();
    const client = respondent(app);
    await app.server.deps.db.insert(rateLimits).values({
      key: `link-mail:ip:${client.address}`,
      count: LIMITS.linkMailsPerAddress.max,
      resetAt: new Date(Date.now() + 60_000),
    });
    const refused = await start(s.surveyId, { nodeId: await pick(s, 'ada') }, client);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(RESPONDENT_MSG.tooManyLinkMails);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });
});

describe('single link identified by another column or by email', () => {
  it('mails the person a matching cell names instead of answering their link', async () => {
    const s = await openSurvey({ identifyingInformation: 'employee' });
    const started = await start(s.surveyId, { identifier: 'e3' });
    expect(started.body).toEqual({ emailSent: true, email: null });
    expect((await mailsTo('grace@example.com')).at(-1)!.body).toContain(`/responses/${s.linkOf('grace@example.com')}`);
    const nomail = await start(s.surveyId, { identifier: 'E5' });
    expect(nomail.status).toBe(403);
    expect(nomail.body.message).toBe(RESPONDENT_MSG.noAddressOnList);
  });

  it('mails a typed address (listed, or started earlier through the link) and echoes only what was typed', async () => {
    const s = await openSurvey({ identifyingInformation: 'email' });
    const listed = await start(s.surveyId, { identifier: 'Ada@Example.com' });
    expect(listed.body).toEqual({ emailSent: true, email: 'ada@example.com' });
    const first = await start(s.surveyId, { identifier: 'newcomer@example.org' });
    expect(first.body).toEqual({ emailSent: true, email: 'newcomer@example.org' });
    const again = await start(s.surveyId, { identifier: 'newcomer@example.org' });
    expect(again.body).toEqual({ emailSent: true, email: 'newcomer@example.org' });
    const [made] = await app.server.deps.db
      .select()
      .from(responses)
      .where(eq(responses.nodeEmail, 'newcomer@example.org'));
    const mails = await mailsTo('newcomer@example.org');
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.body.includes(`/responses/${made!.randomUuid}`))).toBe(true);
  });

  it('still answers anonymous starts (no identification) with a new link', async () => {
    const s = await openSurvey({ requireSignUp: false });
    const started = await start(s.surveyId, {});
    expect(started.body.randomUUID).toMatch(/^[0-9a-f-]{36}$/);
  });
});
