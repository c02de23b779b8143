import { and, asc, creditLedger, eq, lists, responses } from '@tieline/db';
import { BILLING_MSG, MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  grantCredits,
  newAccount,
  rejection,
  type SeededUser,
  seedUser,
  startTestApp,
  type TestApp,
  trpcClient,
} from './helpers';
import { respondents, seedSurvey, uploadRespondents, uploadSupplementary, xlsx } from './lists-fixtures';
import { collectingSurvey, PEOPLE, question, respondent } from './responses-setup';
import { clientOf, colleague, seedSurvey as surveyOwnedBy } from './surveys-setup';

// Respondent credits spent by respondent list uploads: one per respondent new to the survey, from the
// survey owner's account (organization or individual), in the upload's transaction.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

const db = () => app.server.deps.db;
const people = (n: number, offset = 0) => xlsx([['Name', 'Email'], ...respondents(n, offset)]);
const balanceOf = async (who: Pick<SeededUser, 'cookie'>) => (await clientOf(app, who).billing.summary.query()).credits;
const ledgerOf = (account: { organizationId: string } | { userId: string }) =>
  db()
    .select({ change: creditLedger.change, reason: creditLedger.reason, note: creditLedger.note })
    .from(creditLedger)
    .where(
      'organizationId' in account
        ? eq(creditLedger.organizationId, account.organizationId)
        : eq(creditLedger.userId, account.userId),
    )
    .orderBy(asc(creditLedger.createdAt), asc(creditLedger.change));
const linkCount = async (surveyId: string) =>
  (await db().select({ id: responses.id }).from(responses).where(eq(responses.surveyId, surveyId))).length;

describe('the starting allowance', () => {
  it('grants SIGNUP_CREDITS to a new individual account, as a grant in its ledger', async () => {
    const trpc = trpcClient(app);
    const { user } = await trpc.userLogins.signUp.mutate(newAccount());
    expect(app.server.deps.env.SIGNUP_CREDITS).toBe(100);
    expect(await ledgerOf({ userId: user._id })).toEqual([{ change: 100, reason: 'grant', note: 'Sign-up allowance' }]);
    expect((await trpc.billing.summary.query()).credits).toBe(100);
  });

  it('grants none with SIGNUP_CREDITS=0', async () => {
    const none = await startTestApp({ smtp: false, env: { SIGNUP_CREDITS: '0' } });
    try {
      const { user } = await trpcClient(none).userLogins.signUp.mutate(newAccount());
      expect(await none.server.deps.db.select().from(creditLedger).where(eq(creditLedger.userId, user._id))).toEqual(
        [],
      );
    } finally {
      await none.close();
    }
  });
});

describe('an individual account', () => {
  it('pays one credit per new respondent; people already on the list cost nothing again', async () => {
    const owner = await seedUser(app, 'individual');
    await grantCredits(app, owner, 10);
    const surveyId = await seedSurvey(app, owner, 'Pulse');
    const first = await uploadRespondents(app, owner.cookie, surveyId, people(3));
    expect(first).toMatchObject({ status: 200, body: { respondentCreditsUsed: 3 } });
    expect(await balanceOf(owner)).toBe(7);
    expect((await ledgerOf({ userId: owner.userId })).at(-1)).toEqual({
      change: -3,
      reason: 'consumption',
      note: 'Respondent List of Pulse',
    });

    // The same people again, reordered, an address in other case, attributes changed: nothing new.
    const again = xlsx([
      ['Name', 'Email', 'Team'],
      ['Person 2', 'PERSON2@example.com', 'North'],
      ['Person 0', 'person0@example.com', 'South'],
      ['Person 1', 'person1@example.com', 'East'],
    ]);
    expect((await uploadRespondents(app, owner.cookie, surveyId, again)).body.respondentCreditsUsed).toBe(0);
    // Two newcomers beside the three: two credits.
    expect((await uploadRespondents(app, owner.cookie, surveyId, people(5))).body.respondentCreditsUsed).toBe(2);
    expect(await balanceOf(owner)).toBe(5);
    const [consumed] = await db()
      .select({ actor: creditLedger.actorUserId })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, owner.userId), eq(creditLedger.reason, 'consumption')));
    expect(consumed?.actor).toBe(owner.userId);
  });

  it('refuses an upload needing more than the balance with both numbers, and changes nothing', async () => {
    const owner = await seedUser(app, 'individual');
    await grantCredits(app, owner, 5);
    const surveyId = await seedSurvey(app, owner);
    const refused = await uploadRespondents(app, owner.cookie, surveyId, people(6));
    const message = BILLING_MSG.notEnoughCredits(6, 5, false);
    expect(message).toBe(
      'Not enough respondent credits: this list adds 6 new respondents (one credit each) and 5 credits are left. ' +
        'Please ask for more with Help > Request Support.',
    );
    expect(refused).toMatchObject({
      status: 400,
      body: { type: 'billing', message, billingAndDeletionResult: [message] },
    });
    expect(await db().select().from(lists).where(eq(lists.surveyId, surveyId))).toEqual([]);
    expect(await linkCount(surveyId)).toBe(0);
    expect(await balanceOf(owner)).toBe(5);

    // A list within the balance goes through; a bigger replacement is refused and leaves it as it was.
    const kept = await uploadRespondents(app, owner.cookie, surveyId, people(4));
    expect(kept.body.respondentCreditsUsed).toBe(4);
    const bigger = await uploadRespondents(app, owner.cookie, surveyId, people(7));
    expect(bigger.body.message).toBe(BILLING_MSG.notEnoughCredits(3, 1, false));
    expect(await linkCount(surveyId)).toBe(4);
    expect(await balanceOf(owner)).toBe(1);
  });

  it('lets two uploads at once spend the balance once: one goes through, the other is refused', async () => {
    const owner = await seedUser(app, 'individual');
    await grantCredits(app, owner, 10);
    const [a, b] = [await seedSurvey(app, owner, 'A'), await seedSurvey(app, owner, 'B')];
    const results = await Promise.all([
      uploadRespondents(app, owner.cookie, a, people(6)),
      uploadRespondents(app, owner.cookie, b, people(6, 100)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const loser = results.find((r) => r.status === 400)!;
    expect(loser.body.message).toBe(BILLING_MSG.notEnoughCredits(6, 4, false));
    expect(await balanceOf(owner)).toBe(4);
    expect((await linkCount(a)) + (await linkCount(b))).toBe(6);
  });

  it('spends nothing on supplementary lists', async () => {
    const owner = await seedUser(app, 'individual');
    const surveyId = await seedSurvey(app, owner);
    const res = await uploadSupplementary(app, owner.cookie, surveyId, xlsx([['Name'], ['North'], ['South']]));
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('respondentCreditsUsed');
    expect(await balanceOf(owner)).toBe(0);
  });

  it('spends nothing on respondents added by respondents, nor when a later upload lists them', async () => {
    const owner = await seedUser(app, 'individual');
    const s = await collectingSurvey(app, owner, ({ respondentList }) => [
      question('searchAndSelect', {
        _id: 'q-who',
        isRelationshipQuestion: true,
        list: respondentList,
        allowAdditionalNames: true,
      }),
    ]);
    const before = await balanceOf(owner);
    const added = await respondent(app).post(`/responses/respondentAddedByRespondent/${s.surveyId}`, {
      randomUUID: s.linkOf('ada@example.com'),
      questionId: 'q-who',
      name: 'Katherine Johnson',
      email: 'kj@example.com',
    });
    expect(added.status).toBe(200);
    expect(await balanceOf(owner)).toBe(before);
    const withThem = xlsx([...PEOPLE, ['Katherine Johnson', 'kj@example.com', 'E5']]);
    expect((await uploadRespondents(app, owner.cookie, s.surveyId, withThem)).body.respondentCreditsUsed).toBe(0);
    expect(await balanceOf(owner)).toBe(before);
  });
});

describe('an organization', () => {
  it("spends the organization's credits for any member's survey, never a member's individual account", async () => {
    const owner = await seedUser(app, 'owner');
    const admin = await colleague(app, owner.organizationId!, 'Admin');
    await grantCredits(app, owner, 20);
    const own = (await surveyOwnedBy(app, admin.userId, [], 'Team')).id;
    expect((await uploadRespondents(app, admin.cookie, own, people(5))).body.respondentCreditsUsed).toBe(5);
    // The owner replaces the admin's list: the organization pays, the survey's owner is the admin.
    expect((await uploadRespondents(app, owner.cookie, own, people(8))).body.respondentCreditsUsed).toBe(3);
    expect(await balanceOf(owner)).toBe(12);
    expect(await balanceOf(admin)).toBe(12);
    expect(await ledgerOf({ userId: owner.userId })).toEqual([]);
    expect(await clientOf(app, admin).lists.respondentCredits.query({ surveyId: own })).toEqual({
      credits: 12,
      organization: { _id: owner.organizationId, name: expect.stringContaining('Org of') },
    });

    const refused = await uploadRespondents(app, admin.cookie, own, people(30));
    expect(refused.body.message).toBe(BILLING_MSG.notEnoughCredits(22, 12, true));
    expect(refused.body.message).toContain('An owner of your organization can ask for more with Request credits');
  });

  it("answers 404 for another organization's survey and 401 without a session, spending nothing", async () => {
    const owner = await seedUser(app, 'owner');
    const stranger = await seedUser(app, 'owner');
    await grantCredits(app, stranger, 10);
    const surveyId = await seedSurvey(app, owner);
    const res = await uploadRespondents(app, stranger.cookie, surveyId, people(2));
    expect(res).toMatchObject({ status: 404, body: { message: MSG.surveyNotFound } });
    expect((await uploadRespondents(app, '', surveyId, people(2))).status).toBe(401);
    expect(await balanceOf(stranger)).toBe(10);
    expect(await rejection(clientOf(app, stranger).lists.respondentCredits.query({ surveyId }))).toEqual({
      status: 404,
      message: MSG.surveyNotFound,
    });
  });
});
