import { randomUUID } from 'node:crypto';
import { auditLog, creditRequests, eq, responses, surveys } from '@tieline/db';
import { BILLING_MSG, MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { networkOf } from './router-access-fixtures';
import { clientOf, colleague, restOf } from './surveys-setup';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.server.deps.db;
const request = (who: Pick<SeededUser, 'cookie'>, orgId: string | null, body: unknown) =>
  restOf(app, who).post(`/organizations/${orgId}/requestCredits`, body);

describe('the billing summary', () => {
  it("shows the plan and modules of the user's billing, and the account's credits", async () => {
    const single = await seedUser(app, 'individual');
    const summary = await clientOf(app, single).billing.summary.query();
    expect(summary).toMatchObject({
      networksSubscriptionType: 'free',
      account: { _id: single.userId, organization: null },
      credits: 0,
      history: [],
      // Issue 25: an individual account asks support for credits too (without payments it has no other way).
      canRequestCredits: true,
      canBuyCredits: true,
      // No payment keys here: payments are not configured (payments.test.ts brings a fake provider).
      payments: null,
    });
    expect(summary.modules.networks).toEqual({ enabled: true });

    const owner = await seedUser(app, 'owner');
    const member = await colleague(app, owner.organizationId!, 'Admin');
    expect(await clientOf(app, owner).billing.summary.query()).toMatchObject({
      canRequestCredits: true,
      canBuyCredits: true,
    });
    expect(await clientOf(app, member).billing.summary.query()).toMatchObject({
      canRequestCredits: false,
      canBuyCredits: false,
      account: { _id: owner.organizationId, organization: { _id: owner.organizationId } },
    });
  });
});

describe('POST /organizations/{id}/requestCredits', () => {
  it('stores the request, mails support and audits it, for the owner', async () => {
    const owner = await seedUser(app, 'owner');
    const res = await request(owner, owner.organizationId, { credits: 250 });
    expect(res).toMatchObject({ status: 200, body: { ok: true, message: BILLING_MSG.requestSent } });
    const stored = await db()
      .select()
      .from(creditRequests)
      .where(eq(creditRequests.organizationId, owner.organizationId!));
    expect(stored).toEqual([expect.objectContaining({ userId: owner.userId, credits: 250 })]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, owner.organizationId!));
    expect(audit).toEqual([expect.objectContaining({ action: 'billing.credits.request', details: { credits: 250 } })]);
    await app.flushMail();
    const mail = app.inbox.find((m) => m.body.includes(owner.organizationId!));
    expect(mail?.to).toEqual([app.server.deps.env.SUPPORT_EMAIL]);
    expect(mail?.body).toContain(`${owner.email} asks for 250 respondent credits`);
  });

  it('refuses admins and members who are not the owner, other organizations and bad numbers', async () => {
    const owner = await seedUser(app, 'owner');
    const other = await seedUser(app, 'owner');
    const admin = await colleague(app, owner.organizationId!, 'Admin');
    const answer = async (p: ReturnType<typeof request>) => {
      const r = await p;
      return { status: r.status, message: r.body.message };
    };
    expect(await answer(request(admin, owner.organizationId, { credits: 5 }))).toEqual({
      status: 403,
      message: MSG.forbidden,
    });
    expect(await answer(request({ cookie: '' }, owner.organizationId, { credits: 5 }))).toEqual({
      status: 401,
      message: MSG.notSignedIn,
    });
    for (const id of [other.organizationId, randomUUID()]) {
      expect(await answer(request(owner, id, { credits: 5 }))).toEqual({
        status: 404,
        message: BILLING_MSG.organizationNotFound,
      });
    }
    for (const body of [
      { credits: '5' },
      { credits: 0 },
      { credits: 2.5 },
      { credits: 100_001 },
      { credits: null },
      {},
    ]) {
      expect(await answer(request(owner, owner.organizationId, body)), JSON.stringify(body)).toEqual({
        status: 400,
        message: BILLING_MSG.creditsInvalid,
      });
    }
    expect(
      await db().select().from(creditRequests).where(eq(creditRequests.organizationId, owner.organizationId!)),
    ).toEqual([]);
  });

  it('limits requests per organization', async () => {
    const owner = await seedUser(app, 'owner');
    for (let i = 0; i < 5; i += 1)
      expect((await request(owner, owner.organizationId, { credits: 1 })).status).toBe(200);
    const sixth = await request(owner, owner.organizationId, { credits: 1 });
    expect({ status: sixth.status, message: sixth.body.message }).toEqual({
      status: 429,
      message: MSG.tooManyRequests,
    });
  });
});

describe('POST /billing/requestCredits', () => {
  it("asks for the credits of the caller's own account: an individual's, or the organization they own", async () => {
    const single = await seedUser(app, 'individual');
    const res = await restOf(app, single).post('/billing/requestCredits', { credits: 120 });
    expect(res).toMatchObject({ status: 200, body: { ok: true, message: BILLING_MSG.requestSent } });
    const stored = await db().select().from(creditRequests).where(eq(creditRequests.userId, single.userId));
    expect(stored).toEqual([expect.objectContaining({ organizationId: null, credits: 120 })]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, single.userId));
    expect(audit).toEqual([expect.objectContaining({ action: 'billing.credits.request', targetType: 'user' })]);
    await app.flushMail();
    const mail = app.inbox.find((m) => m.body.includes(single.userId));
    expect(mail?.body).toContain(`${single.email} asks for 120 respondent credits for the individual account of`);

    const owner = await seedUser(app, 'owner');
    expect((await restOf(app, owner).post('/billing/requestCredits', { credits: 7 })).status).toBe(200);
    const forOrg = await db().select().from(creditRequests).where(eq(creditRequests.userId, owner.userId));
    expect(forOrg).toEqual([expect.objectContaining({ organizationId: owner.organizationId, credits: 7 })]);
  });

  it('refuses members who are not the owner, bad numbers, and too many requests', async () => {
    const owner = await seedUser(app, 'owner');
    const admin = await colleague(app, owner.organizationId!, 'Admin');
    const refused = await restOf(app, admin).post('/billing/requestCredits', { credits: 5 });
    expect(refused.status).toBe(403);
    const single = await seedUser(app, 'individual');
    for (const body of [{ credits: 0 }, { credits: '5' }, {}]) {
      const res = await restOf(app, single).post('/billing/requestCredits', body);
      expect({ status: res.status, message: res.body.message }, JSON.stringify(body)).toEqual({
        status: 400,
        message: BILLING_MSG.creditsInvalid,
      });
    }
    for (let i = 0; i < 5; i += 1) {
      expect((await restOf(app, single).post('/billing/requestCredits', { credits: 1 })).status).toBe(200);
    }
    expect((await restOf(app, single).post('/billing/requestCredits', { credits: 1 })).status).toBe(429);
    expect(await db().select().from(creditRequests).where(eq(creditRequests.userId, admin.userId))).toEqual([]);
  });
});

describe('GET /organizations/metrics/{id}', () => {
  it("counts the organization's users, surveys, networks, answered responses and credits", async () => {
    const owner = await seedUser(app, 'owner');
    const admin = await colleague(app, owner.organizationId!, 'Admin');
    const [survey] = await db().insert(surveys).values({ ownerId: admin.userId, name: 'Pulse' }).returning();
    await db()
      .insert(responses)
      .values([
        { surveyId: survey!.id, nodeName: 'Ada', submitted: new Date(), status: 'Submitted' },
        { surveyId: survey!.id, nodeName: 'Bo' },
      ]);
    await networkOf({ app, me: owner, other: owner }, owner);
    const superAdmin = await seedUser(app, 'superAdmin');
    await clientOf(app, superAdmin).admin.organizations.adjustCredits.mutate({
      id: owner.organizationId!,
      credits: 30,
      note: 'Trial',
    });
    const res = await restOf(app, admin).get(`/organizations/metrics/${owner.organizationId}`);
    expect(res).toMatchObject({ status: 200, body: { users: 2, surveys: 1, networks: 1, responses: 1, credits: 30 } });
  });

  it('is for the organization admins only; another organization answers 404', async () => {
    const owner = await seedUser(app, 'owner');
    const other = await seedUser(app, 'owner');
    const simplified = await colleague(app, owner.organizationId!, 'Simplified Access-only');
    const path = (id: string | null) => `/organizations/metrics/${id}`;
    const [plain, foreign, junk] = await Promise.all([
      restOf(app, simplified).get(path(owner.organizationId)),
      restOf(app, owner).get(path(other.organizationId)),
      restOf(app, owner).get(path('not-an-id')),
    ]);
    expect({ status: plain.status, message: plain.body.message }).toEqual({ status: 403, message: MSG.forbidden });
    expect({ status: foreign.status, message: foreign.body.message }).toEqual({
      status: 404,
      message: BILLING_MSG.organizationNotFound,
    });
    expect(junk.status).toBe(400);
    expect(
      await rejection(clientOf(app, owner).organizations.billing.metrics.query({ id: other.organizationId! })),
    ).toEqual({ status: 404, message: BILLING_MSG.organizationNotFound });
  });
});
