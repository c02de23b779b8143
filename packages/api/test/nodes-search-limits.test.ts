import { eq, rateLimits, rowsOf, sql, surveys, testEmails } from '@tieline/db';
import { RESPONDENT_LIMITS, RESPONDENT_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/auth/rate-limit';
import { hashToken } from '../src/auth/tokens';
import { type RestClient, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { collectingSurvey, question, respondent } from './responses-setup';
import { restOf } from './surveys-setup';

// Name search is not a way to dump a respondent list: callers other than the survey's owner search
// with 2+ characters, a page at most, within the count's cap, and within rate limits per link and per
// client address (docs/single-link-identification.md). The owner's preview keeps the full search.

let app: TestApp;
let owner: SeededUser;
let s: Awaited<ReturnType<typeof collectingSurvey>>;
let testEmailId: string;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'individual');
  const people = [['Name', 'Email'], ...Array.from({ length: 250 }, (_, i) => [`Person ${i}`, `p${i}@example.com`])];
  s = await collectingSurvey(
    app,
    owner,
    ({ respondentList }) => [question('searchAndSelect', { _id: 'q-who', list: respondentList })],
    people,
  );
  await app.server.deps.db
    .update(surveys)
    .set({ hasOpenLink: true, requireSignUp: true, nameAutocompletion: true, identifyingInformation: 'name' })
    .where(eq(surveys.id, s.surveyId));
  const [row] = await app.server.deps.db
    .insert(testEmails)
    .values({ surveyId: s.surveyId, to: 't@example.com' })
    .returning();
  testEmailId = row!.id;
});
afterAll(() => app.close());

const search = (query: Record<string, string>, client: RestClient = respondent(app)) =>
  client.get(`/nodes/getMatchingNodes?${new URLSearchParams({ listId: s.respondentList, ...query })}`);

/** The three kinds of link a caller who is not the owner searches with. */
const links = (): Record<string, string>[] => [{ randomUUID: s.links[0]! }, { testEmailId }, { surveyId: s.surveyId }];

describe('name search for callers who are not the owner', () => {
  it('needs at least 2 characters', async () => {
    for (const link of links()) {
      for (const name of ['', ' ', 'p', ' p ']) {
        const res = await search({ ...link, name });
        expect(res.status, `${JSON.stringify(link)} "${name}"`).toBe(400);
        expect(res.body.message).toBe(RESPONDENT_MSG.searchTooShort);
      }
      expect((await search({ ...link, name: 'pe' })).status).toBe(200);
    }
  });

  it('answers at most one page of the spec size, and no page past the count', async () => {
    for (const link of links()) {
      expect((await search({ ...link, name: 'person', limit: '101' })).status).toBe(400);
      const first = await search({ ...link, name: 'person' });
      expect(first.body.nodes).toHaveLength(RESPONDENT_LIMITS.searchPageSize);
      // Two letters count to 100: the list cannot be walked past that, page by page.
      const short = await search({ ...link, name: 'pe', page: '2' });
      expect(short.body).toEqual({ count: 100, nodes: [] });
      const deep = await search({ ...link, name: 'pe', limit: '10', page: '11' });
      expect(deep.body.nodes).toEqual([]);
    }
  });

  it("counts a search's hits without waiting for the disk, and leaves the connection's setting as it was", async () => {
    const { db } = app.server.deps;
    const show = async () => rowsOf<{ synchronous_commit: string }>(await db.execute(sql`show synchronous_commit`));
    const before = (await show())[0]?.synchronous_commit;
    const client = respondent(app);
    expect((await search({ randomUUID: s.links[4]!, name: 'pe' }, client)).status).toBe(200);
    const [row] = await db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `search:ip:${client.address}`));
    expect(row?.count).toBe(1);
    // The unflushed commit was the counting statement's own: later statements commit as before.
    expect((await show())[0]?.synchronous_commit).toBe(before);
  });

  it('stops a burst of calls on one link (300 in a row do not all answer)', async () => {
    // Each call from its own address: the limit per link holds however many addresses are used. The
    // link's window is opened first for ten minutes, so all 300 fall in one window however slow the
    // machine (the 10-second window passed mid-burst on a loaded host: 108 answered).
    await app.server.deps.db.insert(rateLimits).values({
      key: `search:link:${hashToken(s.links[1]!)}`,
      count: 0,
      resetAt: new Date(Date.now() + 600_000),
    });
    const statuses: number[] = [];
    for (let i = 0; i < 300; i += 20) {
      const batch = Array.from({ length: 20 }, () => search({ randomUUID: s.links[1]!, name: 'pe' }));
      for (const res of await Promise.all(batch)) {
        statuses.push(res.status);
        if (res.status === 429) expect(res.body.message).toBe(RESPONDENT_MSG.tooManySearches);
      }
    }
    const answered = statuses.filter((x) => x === 200).length;
    expect(answered).toBe(LIMITS.searchPerLink.max);
    // Another respondent's link is unaffected.
    expect((await search({ randomUUID: s.links[2]!, name: 'pe' })).status).toBe(200);
  });

  it('stops one client address across links, and the single-link start page per address', async () => {
    const client = respondent(app);
    await app.server.deps.db.insert(rateLimits).values({
      key: `search:ip:${client.address}`,
      count: LIMITS.searchPerAddress.max,
      resetAt: new Date(Date.now() + 60_000),
    });
    const refused = await search({ randomUUID: s.links[3]!, name: 'pe' }, client);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(RESPONDENT_MSG.tooManySearches);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    // The start page's link is shared by everyone: it is counted per survey and address.
    const visitor = respondent(app);
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.searchPerLink.max; i++)
      statuses.push((await search({ surveyId: s.surveyId, name: 'pe' }, visitor)).status);
    expect(statuses.at(-1)).toBe(429);
    expect((await search({ surveyId: s.surveyId, name: 'pe' })).status).toBe(200);
  });
});

describe("the owner's preview", () => {
  it('keeps the full search: empty and one-letter names, deep pages, no rate limit', async () => {
    const mine = restOf(app, owner);
    const all = await search({ name: '' }, mine);
    expect(all.body.nodes).toHaveLength(100);
    expect((await search({ name: 'p' }, mine)).status).toBe(200);
    expect((await search({ name: '', page: '3' }, mine)).body.nodes).toHaveLength(50);
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.searchPerLink.max + 5; i++) statuses.push((await search({ name: 'pe' }, mine)).status);
    expect(statuses.every((x) => x === 200)).toBe(true);
  });
});
