import { and, eq, jobs, passiveConversations, rowsOf, sql } from '@tieline/db';
import { PASSIVE_MSG } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import type { FakeMicrosoft } from './fake-microsoft';
import { withoutDelta } from './fake-microsoft-mail';
import type { TestApp } from './helpers';
import { EMAIL_EDGES, EMAIL_ROWS, MARKER, sent, who } from './passive-office365-mail-fixtures';
import {
  connectAndSync,
  connectionRow,
  edgesOf,
  onceOn,
  passiveUser,
  peopleOf,
  pseudonymsOn,
  restAs,
  runQuery,
  storeDump,
  syncAgain,
  typeCount,
  U,
  useFakeTenant,
} from './passive-office365-setup';

// The email source (Sent Items through delta) against the fake Graph: the tenant's edges worked out by
// hand in passive-office365-mail-fixtures.ts, paging, throttling, tokens expiring mid-sync, delta links
// Exchange dropped (410), a sync dying half way, the daily incremental, pseudonyms, a query's maximum
// recipients and external people, and metadata only.

let fake: FakeMicrosoft;
let app: TestApp;
useFakeTenant((f, a) => {
  fake = f;
  app = a;
});

const emailOnly = { sources: ['office365Email'] };
const deltaCalls = () => fake.calls.filter((c) => c.includes('/messages/delta'));
/** A delta call for a page after the first (a next link). */
const nextPage = (c: string) => c.includes('/messages/delta') && c.includes('$skiptoken=');
const SELECT = 'sender,from,toRecipients,ccRecipients,bccRecipients,sentDateTime,internetMessageId,conversationId';

describe('the Microsoft 365 email source', () => {
  it('stores sender -> to and cc once per message, reading every page at two messages a page', async () => {
    fake.pageSize = 2;
    const { id } = await connectAndSync(app, emailOnly);
    const row = await connectionRow(app, id);
    expect(row).toMatchObject({ status: 'done', error: null });
    expect(await typeCount(app, id, 'email')).toBe(EMAIL_ROWS);
    expect(row.sourceProgress).toEqual({ office365Directory: 1, office365Email: 1 });
    expect(await edgesOf(app, id, 'email')).toEqual(EMAIL_EDGES);
    // Xia, outside the tenant, is kept as an external person; the distribution list is nobody.
    const people = await peopleOf(app, id);
    expect(people.find((p) => p.name === 'Xia Xu')).toMatchObject({ email: 'xia@fabrikam.com', external: true });
    expect(people.map((p) => p.email)).not.toContain('all-staff@contoso.com');

    // The first round of each mailbox: the issue's $select, the retention window as a filter.
    const first = deltaCalls().filter((c) => !c.includes('token='));
    expect(first).toHaveLength(5);
    for (const call of first) {
      const url = new URL(call, fake.url);
      expect(url.pathname).toMatch(/^\/v1\.0\/users\/[^/]+\/mailFolders\/SentItems\/messages\/delta$/);
      expect(url.searchParams.get('$select')).toBe(SELECT);
      const since = /^receivedDateTime ge (.+)$/.exec(url.searchParams.get('$filter')!)![1]!;
      expect(Date.parse(since)).toBeCloseTo(Date.now() - 180 * 86_400_000, -5);
    }
    // Ann's six messages at two a page: three pages (the old one is outside the window, never served).
    expect(deltaCalls().filter((c) => c.includes(U.ann))).toHaveLength(3);

    // Recipients are to + cc + bcc (m2: Bob, Dan, bcc Cat; m4: Bob, Cat, Dan, bcc Eve).
    const recipients = rowsOf<{ key: string; recipients: number }>(
      await app.server.deps.db.execute(sql`
        select distinct message_key as key, recipients from passive_interactions
        where connection_id = ${id}::uuid and conversation = 'email' order by 1`),
    );
    expect(recipients.find((r) => r.key === '<m2@contoso.com>')!.recipients).toBe(3);
    expect(recipients.find((r) => r.key === '<m4@contoso.com>')!.recipients).toBe(4);

    // Each mailbox read to its end keeps its delta link; Eve has no mailbox (404): no link.
    const mailboxes = await app.server.deps.db
      .select()
      .from(passiveConversations)
      .where(and(eq(passiveConversations.connectionId, id), eq(passiveConversations.kind, 'mailbox')));
    const cursors = Object.fromEntries(mailboxes.map((m) => [m.externalId, m.cursor]));
    expect(Object.keys(cursors).sort()).toEqual([U.ann, U.bob, U.cat, U.dan, U.eve].sort());
    for (const user of [U.ann, U.bob, U.cat, U.dan]) expect(cursors[user]).toContain('$deltatoken=');
    expect(cursors[U.eve]).toBeNull();

    // Metadata only: the subjects and bodies served are nowhere in the store.
    const dump = await storeDump(app);
    expect(dump).toContain('<m1@contoso.com>');
    expect(dump).not.toContain(MARKER);
  });

  it('skips a mailbox an application access policy denies (403), and fails naming the permission when all are', async () => {
    fake.tenant.deniedMailboxes = [U.ann];
    const { id, owner } = await connectAndSync(app, emailOnly);
    const row = await connectionRow(app, id);
    expect(row).toMatchObject({ status: 'done', error: null });
    expect(row.sourceProgress).toMatchObject({ office365Email: 1 });
    // Ann's Sent Items were not read: none of her ties, everyone else's.
    const edges = await edgesOf(app, id, 'email');
    expect(edges.filter((e) => e.startsWith('Ann Archer'))).toEqual([]);
    expect(edges).toEqual(EMAIL_EDGES.filter((e) => !e.startsWith('Ann Archer')));

    fake.tenant.deniedMailboxes = Object.values(U);
    const again = await restAs(app, owner).post(`/passiveData/connections/${id}/sync`, {});
    expect(again.status).toBe(202);
    await app.server.worker.drain();
    expect(await connectionRow(app, id)).toMatchObject({
      status: 'failed',
      error: PASSIVE_MSG.microsoftPermission('Mail.ReadBasic.All'),
    });
  });

  it('syncs daily from each delta link: only the new message is read and added', async () => {
    const { id } = await connectAndSync(app, emailOnly);
    const P = who();
    fake.tenant.sentItems[U.cat]!.push(sent('m11', P.cat, 1, [P.dan], [P.bob]));
    // Changed since (served again by delta): replaced, not added. Deleted from Sent Items: the email was
    // still sent, its ties stay.
    fake.tenant.sentItems[U.ann]![0]!.conversationId = 'AAQk-moved';
    fake.tenant.sentItems[U.dan] = [];
    fake.calls = [];
    await syncAgain(app, id);
    expect(deltaCalls()).toHaveLength(5);
    expect(deltaCalls().filter((c) => c.includes('$filter') || c.includes('filter='))).toEqual([
      expect.stringContaining(U.eve),
    ]);
    expect(deltaCalls().filter((c) => c.includes('$deltatoken='))).toHaveLength(4);
    expect(await edgesOf(app, id, 'email')).toEqual(
      [...EMAIL_EDGES, 'Cat Cole -> Bob Baker', 'Cat Cole -> Dan Dale'].sort(),
    );
    expect(await typeCount(app, id, 'email')).toBe(EMAIL_ROWS + 2);
  });

  it('waits out 429 and 503 storms and renews a token that expires between pages', async () => {
    fake.pageSize = 2;
    onceOn(
      fake,
      (c) => c.includes('/messages/delta'),
      () => fake.throttle(4, 429, 0),
    );
    const { id } = await connectAndSync(app, emailOnly);
    expect(await edgesOf(app, id, 'email')).toEqual(EMAIL_EDGES);
    // The throttled calls were made again.
    expect(deltaCalls().length).toBeGreaterThanOrEqual(new Set(deltaCalls()).size + 4);

    fake.tenant.sentItems[U.ann]!.push(sent('m12', who().ann, 1, [who().bob]), sent('m13', who().ann, 1, [who().bob]));
    const issued = fake.tokensIssued;
    onceOn(fake, nextPage, () => {
      fake.expireTokens();
      fake.throttle(2, 503, 0);
    });
    fake.tenant.sentItems[U.ann]!.push(sent('m14', who().ann, 1, [who().bob]));
    await syncAgain(app, id);
    expect(fake.tokensIssued).toBeGreaterThan(issued);
    expect((await connectionRow(app, id)).error).toBeNull();
    expect(await edgesOf(app, id, 'email')).toContain('Ann Archer -> Bob Baker (7x, 7)');
    expect(await typeCount(app, id, 'email')).toBe(EMAIL_ROWS + 3);
  });

  it('restarts a mailbox whose delta link Exchange dropped (410), counting nothing twice', async () => {
    const { id } = await connectAndSync(app, emailOnly);
    fake.expireDeltas();
    fake.calls = [];
    await syncAgain(app, id);
    expect((await connectionRow(app, id)).error).toBeNull();
    // Each saved link answered 410, then the window was read again from the start.
    expect(deltaCalls().filter((c) => c.includes('$deltatoken='))).toHaveLength(4);
    expect(deltaCalls().filter((c) => c.includes('receivedDateTime'))).toHaveLength(5);
    expect(await edgesOf(app, id, 'email')).toEqual(EMAIL_EDGES);
    expect(await typeCount(app, id, 'email')).toBe(EMAIL_ROWS);

    // And a round whose next link expires half way (three new messages: two pages).
    fake.pageSize = 2;
    const P = who();
    fake.tenant.sentItems[U.ann]!.push(
      sent('m15', P.ann, 1, [P.dan]),
      sent('m16', P.ann, 1, [P.cat]),
      sent('m17', P.ann, 1, [P.cat]),
    );
    onceOn(fake, nextPage, () => fake.expireDeltas());
    fake.calls = [];
    await syncAgain(app, id);
    expect((await connectionRow(app, id)).error).toBeNull();
    expect(deltaCalls().filter((c) => c.includes(U.ann) && c.includes('receivedDateTime'))).toHaveLength(1);
    const edges = await edgesOf(app, id, 'email');
    expect(edges).toContain('Ann Archer -> Dan Dale (3x, 3)');
    expect(edges).toContain('Ann Archer -> Cat Cole (4x, 4)');
    expect(await typeCount(app, id, 'email')).toBe(EMAIL_ROWS + 3);
  });

  it('a sync that dies half way (throttled past its retries) runs again and counts each message once', async () => {
    fake.pageSize = 2;
    // Past the client's 10 retries: the job fails once Ann's first page is stored.
    onceOn(
      fake,
      (c) => c.includes(U.ann) && nextPage(c),
      () => fake.throttle(200, 429, 0),
    );
    const { id } = await connectAndSync(app, emailOnly);
    expect((await connectionRow(app, id)).status).toBe('running');
    fake.throttle(0);
    const half = await typeCount(app, id, 'email');
    expect(half).toBeGreaterThan(0);
    expect(half).toBeLessThan(EMAIL_ROWS);
    await app.server.deps.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.kind, 'passive-sync'), eq(jobs.state, 'queued')));
    await app.server.worker.drain();
    expect(await connectionRow(app, id)).toMatchObject({ status: 'done', error: null });
    expect(await typeCount(app, id, 'email')).toBe(EMAIL_ROWS);
    expect(await edgesOf(app, id, 'email')).toEqual(EMAIL_EDGES);
    // Run once more from the saved links: nothing new, nothing doubled.
    await syncAgain(app, id);
    expect(await typeCount(app, id, 'email')).toBe(EMAIL_ROWS);
  });

  it('keeps people by pseudonyms under pseudonymization, with the same edges', async () => {
    const owner = await passiveUser(app);
    const pseudonymOf = await pseudonymsOn(app, owner);
    const { id } = await connectAndSync(app, emailOnly, owner);
    const byName = Object.fromEntries(Object.values(who()).map((w) => [w.name, pseudonymOf(w.address)]));
    const expected = EMAIL_EDGES.map((e) =>
      e.replace(/^(.+) -> (.+?)( \(.*\))?$/, (_, a, b, n = '') => `${byName[a]} -> ${byName[b]}${n}`),
    );
    expect((await edgesOf(app, id, 'email')).sort()).toEqual(expected.sort());
    const people = JSON.stringify(await peopleOf(app, id));
    for (const w of Object.values(who())) {
      expect(people).not.toContain(w.address);
      expect(people).not.toContain(w.name);
    }
  });

  it('gives a query ties within its maximum of recipients, external people only when asked', async () => {
    const { owner } = await connectAndSync(app, emailOnly);
    const internal = [
      'Email: Ann Archer -> Bob Baker 4',
      'Email: Ann Archer -> Cat Cole 2',
      'Email: Ann Archer -> Dan Dale 2',
      'Email: Bob Baker -> Ann Archer 1',
      'Email: Bob Baker -> Dan Dale 2',
      'Email: Cat Cole -> Ann Archer 1',
      'Email: Dan Dale -> Bob Baker 1',
    ];
    expect(await runQuery(app, owner, { types: ['email'] })).toEqual(internal);
    // m4 had four recipients (Bob, Cat, Dan, bcc Eve): more than 3, it gives nothing.
    expect(await runQuery(app, owner, { types: ['email'], maxRecipients: 3 })).toEqual([
      'Email: Ann Archer -> Bob Baker 3',
      'Email: Ann Archer -> Cat Cole 1',
      'Email: Ann Archer -> Dan Dale 1',
      'Email: Bob Baker -> Ann Archer 1',
      'Email: Bob Baker -> Dan Dale 2',
      'Email: Cat Cole -> Ann Archer 1',
      'Email: Dan Dale -> Bob Baker 1',
    ]);
    expect(await runQuery(app, owner, { types: ['email'], includeExternal: true })).toEqual(
      [...internal, 'Email: Ann Archer -> Xia Xu 1', 'Email: Dan Dale -> Xia Xu 1'].sort(),
    );
  });
});

describe('a server without message delta', () => {
  it('lists Sent Items over the window at each sync instead, counting nothing twice', async () => {
    withoutDelta(fake);
    try {
      fake.pageSize = 2;
      const { id } = await connectAndSync(app, emailOnly);
      expect(await edgesOf(app, id, 'email')).toEqual(EMAIL_EDGES);
      const listed = fake.calls.filter((c) => /\/mailFolders\/SentItems\/messages\?/.test(c));
      expect(listed.length).toBeGreaterThanOrEqual(5);
      expect(new URL(listed[0]!, fake.url).searchParams.get('$select')).toBe(SELECT);
      await syncAgain(app, id);
      expect(await typeCount(app, id, 'email')).toBe(EMAIL_ROWS);
    } finally {
      withoutDelta(fake, false);
    }
  });
});
