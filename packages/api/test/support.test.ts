import { eq, supportRequests } from '@tieline/db';
import { MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestClient, rejection, seedUser, startTestApp, type TestApp } from './helpers';
import { clientOf, restOf } from './surveys-setup';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.server.deps.db;
const send = (body: unknown, client = new RestClient(app.url)) => client.post('/supportRequest', body);
const storedFor = (email: string) => db().select().from(supportRequests).where(eq(supportRequests.email, email));

describe('POST /supportRequest', () => {
  it('stores an anonymous request (respondent app) and mails it to the support address', async () => {
    const email = `respondent-${Date.now()}@example.com`;
    const res = await send({ email: email.toUpperCase(), message: '  The survey will not load  ' });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(await storedFor(email)).toEqual([
      expect.objectContaining({ email, message: 'The survey will not load', userId: null }),
    ]);
    await app.flushMail();
    const mail = app.inbox.find((m) => m.raw.includes(`Support request from ${email}`));
    expect(mail?.to).toEqual([app.server.deps.env.SUPPORT_EMAIL]);
  });

  it('keeps who sent it when signed in', async () => {
    const me = await seedUser(app, 'owner');
    expect((await send({ email: me.email, message: 'Help' }, restOf(app, me))).status).toBe(200);
    expect(await storedFor(me.email)).toEqual([expect.objectContaining({ userId: me.userId })]);
  });

  it('answers the spec messages for a missing message or address, and stores nothing', async () => {
    const email = `blank-${Date.now()}@example.com`;
    const cases: [unknown, string][] = [
      [{ email, message: '   ' }, MSG.supportMessageRequired],
      [{ email }, MSG.supportMessageRequired],
      [{ message: 'Help' }, MSG.emailRequired],
      [{ email: 42, message: 'Help' }, MSG.emailRequired],
    ];
    for (const [body, message] of cases) {
      const res = await send(body);
      expect({ status: res.status, message: res.body.message }, JSON.stringify(body)).toEqual({ status: 400, message });
    }
    expect((await send({ email, message: 'x'.repeat(10_001) })).status).toBe(400);
    expect(await storedFor(email)).toEqual([]);
  });

  it('limits requests per typed address, whichever client sends them', async () => {
    const email = `flood-${Date.now()}@example.com`;
    // A fresh client address each time: only the per-email limit can stop these.
    for (let i = 0; i < 5; i += 1) expect((await send({ email, message: `Help ${i}` })).status).toBe(200);
    const sixth = await send({ email, message: 'Help again' });
    expect({ status: sixth.status, message: sixth.body.message }).toEqual({
      status: 429,
      message: MSG.tooManyRequests,
    });
    expect(await storedFor(email)).toHaveLength(5);
  });
});

describe('the super admin reads support requests', () => {
  it('lists them newest first; others are refused', async () => {
    const [admin, owner] = await Promise.all([seedUser(app, 'superAdmin'), seedUser(app, 'owner')]);
    const email = `listed-${Date.now()}@example.com`;
    await send({ email, message: 'First' });
    await send({ email, message: 'Second' });
    const page = await clientOf(app, admin).admin.audit.supportRequests.query({ perPage: 2 });
    expect(page.rows.map((r) => [r.email, r.message])).toEqual([
      [email, 'Second'],
      [email, 'First'],
    ]);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(await rejection(clientOf(app, owner).admin.audit.supportRequests.query({}))).toEqual({
      status: 403,
      message: MSG.forbidden,
    });
  });
});
