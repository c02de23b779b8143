import { and, eq, jobs, passiveAccounts, passiveConversations, rowsOf, sql } from '@tieline/db';
import { PASSIVE_MSG } from '@tieline/validation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passiveAccountOf } from '../src/access/passive-data';
import type { Actor } from '../src/auth/actor';
import { LOOKBACK_SECONDS } from '../src/connectors/slack/api-history';
import { queueSync } from '../src/connectors/store/status';
import { type FakeSlack, startFakeSlack } from './fake-slack';
import { startTestApp, type TestApp } from './helpers';
import {
  BASE,
  connectAndSync,
  connectionRow,
  EXPECTED,
  interactionsOf,
  passiveUser,
  restAs,
  sorted,
  TOKEN,
  ts,
  workspace,
} from './passive-slack-api-setup';

// The Slack API sync over real HTTP: the server's @slack/web-api client against a fake Slack server
// (test/fake-slack.ts) on loopback, the sync job drained by the test. A small workspace whose
// interactions were worked out by hand (passive-slack-api-setup.ts EXPECTED), then paging, rate
// limiting, incremental syncs, failures half way, optional groups.

let fake: FakeSlack;
let app: TestApp;
beforeAll(async () => {
  fake = await startFakeSlack(workspace(), TOKEN);
  app = await startTestApp({ smtp: false, env: { SLACK_API_URL: fake.url } });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});
beforeEach(() => fake.reset(workspace()));

const count = (method: string) => fake.calls.filter((c) => c.method === method).length;

describe('a Slack API sync', () => {
  it('stores exactly the interactions worked out by hand, and the people without bots', async () => {
    const { id } = await connectAndSync(app);
    const row = await connectionRow(app, id);
    expect(row).toMatchObject({ status: 'done', progress: 1, error: null, interactionCount: EXPECTED.length });
    expect(row.peopleCount).toBe(5);
    expect(sorted(await interactionsOf(app, id))).toEqual(sorted(EXPECTED));

    const people = rowsOf<{
      email: string;
      name: string;
      title: string | null;
      deactivated: boolean;
      external: boolean;
      attributes: Record<string, string>;
    }>(
      await app.server.deps.db.execute(sql`
        select p.email, p.name, p.title, p.deactivated, p.external, p.attributes from passive_people p
        join passive_identities i on i.person_id = p.id where i.connection_id = ${id}::uuid order by p.email`),
    );
    expect(people.map((p) => [p.email, p.name, p.deactivated, p.external])).toEqual([
      ['ann@acme.com', 'Ann Archer', false, false],
      ['bob@acme.com', 'Bob Baker', false, false],
      ['cat@acme.com', 'Cat Cole', false, false],
      ['dan@acme.com', 'Dan Dale', true, false],
      ['xia@other.com', 'Xia Xu', false, true],
    ]);
    expect(people[0]).toMatchObject({ title: 'Engineer', attributes: { timezone: 'Europe/Paris' } });

    // Conversations with members as person ids; the archived one marked; the uninvited one kept
    // (members) though its history cannot be read; cursors at the newest top-level message.
    const conversations = await app.server.deps.db
      .select()
      .from(passiveConversations)
      .where(eq(passiveConversations.connectionId, id));
    const byId = Object.fromEntries(conversations.map((c) => [c.externalId, c]));
    // The user group too (no groups chosen: kept for lists to follow, restricting nobody).
    expect(Object.keys(byId).sort()).toEqual(['C1', 'C2', 'C3', 'D1', 'G1', 'M1', 'S1']);
    expect(byId.S1).toMatchObject({ kind: 'usergroup' });
    expect(byId.S1!.members).toHaveLength(2);
    expect(byId.C1).toMatchObject({ kind: 'channel', name: 'general', cursor: ts(16), archived: false });
    expect(byId.C1!.members).toHaveLength(4);
    expect(byId.C2).toMatchObject({ kind: 'channel', archived: true, cursor: ts(15) });
    expect(byId.G1).toMatchObject({ kind: 'private', name: 'secret-project' });
    expect(byId.D1).toMatchObject({ kind: 'im', name: '' });
    expect(byId.M1).toMatchObject({ kind: 'mpim', name: '' });
    expect(byId.C3).toMatchObject({ cursor: null });

    // Metadata only: the messages' text is nowhere in the database.
    const dump = rowsOf(
      await app.server.deps.db.execute(sql`
        select (select coalesce(json_agg(i), '[]') from passive_interactions i)::text as a,
          (select coalesce(json_agg(c), '[]') from passive_conversations c)::text as b,
          (select coalesce(json_agg(j), '[]') from jobs j)::text as c`),
    );
    expect(JSON.stringify(dump)).not.toContain('SECRET-MARKER');
  });

  it('pages every list at a page size of 2 and stores the same', async () => {
    fake.maxPage = 2;
    const { id } = await connectAndSync(app);
    expect(sorted(await interactionsOf(app, id))).toEqual(sorted(EXPECTED));
    expect(count('users.list')).toBe(4);
    expect(count('conversations.list')).toBe(3);
    // Later pages were asked for with the cursor Slack gave.
    expect(fake.calls.filter((c) => c.method === 'conversations.history' && c.args.cursor).length).toBeGreaterThan(0);
    expect(fake.calls.filter((c) => c.method === 'conversations.replies' && c.args.cursor).length).toBeGreaterThan(0);
  });

  it('waits out a rate-limit storm (HTTP 429, Retry-After) and stores the same', async () => {
    fake.rateLimit(3, 1, 'conversations.history');
    const started = Date.now();
    const { id } = await connectAndSync(app);
    expect(fake.calls.filter((c) => c.status === 429)).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    expect((await connectionRow(app, id)).status).toBe('done');
    expect(sorted(await interactionsOf(app, id))).toEqual(sorted(EXPECTED));
  });

  it('syncs incrementally: only what is new is added, new replies to older threads included', async () => {
    const { id } = await connectAndSync(app);
    fake.workspace.messages.C1!.push(
      { ts: ts(20), user: 'UB', text: '<@UC> new' },
      // A reply, after the first sync, to a thread started before it.
      { ts: ts(21), user: 'UB', thread_ts: ts(1) },
    );
    fake.workspace.messages.D1!.push({ ts: ts(22), user: 'UA' });
    fake.calls = [];
    expect(await queueSync(app.server.deps, id)).toBe(true);
    await app.server.worker.drain();

    const expected = [
      ...EXPECTED,
      ['mention', 'bob@acme.com', 'cat@acme.com', 'C1', ts(20)],
      ['reply', 'bob@acme.com', 'ann@acme.com', 'C1', ts(21)],
      ['directMessage', 'ann@acme.com', 'bob@acme.com', 'D1', ts(22)],
    ];
    expect(sorted(await interactionsOf(app, id))).toEqual(sorted(expected as string[][]));
    expect((await connectionRow(app, id)).interactionCount).toBe(expected.length);
    // The second sync read C1 from LOOKBACK before its cursor, not from the beginning.
    const history = fake.calls.find((c) => c.method === 'conversations.history' && c.args.channel === 'C1');
    expect(Number(history!.args.oldest)).toBeCloseTo(BASE + 16 - LOOKBACK_SECONDS, 3);
    const [c1] = await app.server.deps.db
      .select()
      .from(passiveConversations)
      .where(and(eq(passiveConversations.connectionId, id), eq(passiveConversations.externalId, 'C1')));
    expect(c1!.cursor).toBe(ts(20));
    // Threads with no new reply were not read again.
    expect(count('conversations.replies')).toBe(1);
  });

  it('queues one sync when asked twice (one at a time per connection)', async () => {
    const { id } = await connectAndSync(app);
    const [first, second] = await Promise.all([queueSync(app.server.deps, id), queueSync(app.server.deps, id)]);
    expect([first, second].sort()).toEqual([false, true]);
    const queued = rowsOf<{ n: string }>(
      await app.server.deps.db.execute(
        sql`select count(*) as n from jobs where kind = 'passive-sync' and payload->>'connectionId' = ${id}`,
      ),
    );
    expect(Number(queued[0]!.n)).toBe(2);
    await app.server.worker.drain();
    expect((await connectionRow(app, id)).interactionCount).toBe(EXPECTED.length);
  });

  it('gives the same counts when a sync fails half way and runs again', async () => {
    // The third history call fails (a Slack error the client does not retry): the job fails after
    // storing two conversations, and the queue runs it again.
    fake.failOnce('conversations.history', 'internal_error', 2);
    const { id } = await connectAndSync(app);
    expect((await connectionRow(app, id)).status).toBe('running');
    expect((await interactionsOf(app, id)).length).toBeGreaterThan(0);
    expect((await interactionsOf(app, id)).length).toBeLessThan(EXPECTED.length);
    await app.server.deps.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.kind, 'passive-sync'), eq(jobs.state, 'queued')));
    await app.server.worker.drain();
    const row = await connectionRow(app, id);
    expect(row).toMatchObject({ status: 'done', interactionCount: EXPECTED.length, peopleCount: 5 });
    expect(sorted(await interactionsOf(app, id))).toEqual(sorted(EXPECTED));
  });

  it('fails the connection with a clear message when the token is revoked mid-sync', async () => {
    fake.revoke(6);
    const { id } = await connectAndSync(app);
    expect(await connectionRow(app, id)).toMatchObject({ status: 'failed', error: PASSIVE_MSG.slackAuth });
  });

  it('names the missing scope', async () => {
    fake.scopes.delete('im:history');
    const { id } = await connectAndSync(app);
    expect(await connectionRow(app, id)).toMatchObject({
      status: 'failed',
      error: PASSIVE_MSG.slackScope('im:history'),
    });
    expect(PASSIVE_MSG.slackScope('im:history').startsWith(PASSIVE_MSG.slackScopes)).toBe(true);
  });
});

describe('what the card says after a failed sync (issue 33 item 5)', () => {
  it('a later sync that fails half way counts what queries will use: what it stored before failing', async () => {
    const { id, owner } = await connectAndSync(app);
    expect(await connectionRow(app, id)).toMatchObject({ status: 'done', interactionCount: EXPECTED.length });
    // A new mention in general (read first), then Slack refuses the token at the next conversation.
    fake.workspace.messages.C1!.push({ ts: ts(20), user: 'UB', text: 'hey <@UC>' });
    fake.failOnce('conversations.history', 'invalid_auth', 1);
    await queueSync(app.server.deps, id);
    await app.server.worker.drain();
    const stored = (await interactionsOf(app, id)).length;
    expect(stored).toBe(EXPECTED.length + 1);
    const card = (await restAs(app, owner).get(`/passiveData/connections/${id}`)).body;
    expect(card).toMatchObject({ status: 'failed', error: PASSIVE_MSG.slackAuth, interactions: stored, people: 5 });
    expect(card.lastSync).not.toBeNull();
  });
});

describe('custom profile fields, as Slack writes them (by id, labels from team.profile.get)', () => {
  const withFields = () => {
    const w = workspace();
    w.users[0]!.profile.fields = { Xf01ABC: { value: 'Sales', alt: '' }, Xf02LOC: { value: 'Paris', alt: '' } };
    w.users[1]!.profile.fields = { Xf01ABC: { value: 'Support', alt: '' } };
    w.profileFields = [
      { id: 'Xf01ABC', label: 'Department', type: 'options_list', possible_values: ['Sales', 'Support'] },
      { id: 'Xf02LOC', label: 'Office', hint: 'Where you sit' },
    ];
    return w;
  };
  const attributesOf = async (id: string, email: string) =>
    rowsOf<{ attributes: Record<string, string> }>(
      await app.server.deps.db.execute(sql`
        select p.attributes from passive_people p join passive_identities i on i.person_id = p.id
        where i.connection_id = ${id}::uuid and p.email = ${email}`),
    )[0]!.attributes;

  it("names them by the workspace's labels, and by the connection's when it has some", async () => {
    fake.reset(withFields());
    const { id, owner } = await connectAndSync(app);
    expect(await attributesOf(id, 'ann@acme.com')).toMatchObject({ Department: 'Sales', Office: 'Paris' });
    const api = restAs(app, owner);
    expect((await api.get(`/passiveData/connections/${id}`)).body.profileFields).toEqual([
      { id: 'Xf01ABC', slackLabel: 'Department', name: 'Department', people: 2 },
      { id: 'Xf02LOC', slackLabel: 'Office', name: 'Office', people: 1 },
    ]);
    // A label given on the connection wins over Slack's, and renames what is kept at once.
    const put = await api.call('PUT', `/api/base/passiveData/connections/${id}/fieldLabels`, {
      fieldLabels: { Xf02LOC: 'Location' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await attributesOf(id, 'ann@acme.com')).toEqual(expect.objectContaining({ Location: 'Paris' }));
    expect(await attributesOf(id, 'ann@acme.com')).not.toHaveProperty('Office');
    // The next sync names it the same way.
    await queueSync(app.server.deps, id);
    await app.server.worker.drain();
    expect(await attributesOf(id, 'ann@acme.com')).toMatchObject({ Department: 'Sales', Location: 'Paris' });
  });

  it('keeps them by id without users.profile:read (the scope is optional)', async () => {
    fake.reset(withFields());
    fake.scopes.delete('users.profile:read');
    const { id } = await connectAndSync(app);
    expect(await connectionRow(app, id)).toMatchObject({ status: 'done' });
    expect(await attributesOf(id, 'bob@acme.com')).toMatchObject({ Xf01ABC: 'Support' });
  });
});

describe('people, retention and pseudonyms', () => {
  it('keeps people by their Slack id when the app may not read emails', async () => {
    fake.scopes.delete('users:read.email');
    const { id } = await connectAndSync(app);
    const rows = await interactionsOf(app, id);
    expect(rows).toHaveLength(EXPECTED.length);
    expect(rows.every((r) => r[1] === null && r[2] === null)).toBe(true);
    const keys = rowsOf<{ key: string }>(
      await app.server.deps.db.execute(sql`
        select p.key from passive_people p join passive_identities i on i.person_id = p.id
        where i.connection_id = ${id}::uuid and i.external_id = 'UA'`),
    );
    expect(keys[0]!.key).toBe(`slack:ua@${id}`);
  });

  it('syncs without usergroups:read (only user-group lists need it), keeping no group', async () => {
    fake.scopes.delete('usergroups:read');
    const { id } = await connectAndSync(app);
    expect(sorted(await interactionsOf(app, id))).toEqual(sorted(EXPECTED));
    const groups = await app.server.deps.db
      .select()
      .from(passiveConversations)
      .where(and(eq(passiveConversations.connectionId, id), eq(passiveConversations.kind, 'usergroup')));
    expect(groups).toEqual([]);
  });

  it('does not read what the retention would purge at once', async () => {
    const old = Math.floor(Date.now() / 1000) - 200 * 86_400;
    fake.workspace.messages.C1!.push({ ts: `${old}.000100`, user: 'UB', text: '<@UA>' });
    const { id } = await connectAndSync(app);
    expect(sorted(await interactionsOf(app, id))).toEqual(sorted(EXPECTED));
    const history = fake.calls.find((c) => c.method === 'conversations.history');
    expect(Number(history!.args.oldest)).toBeCloseTo(Date.now() / 1000 - 180 * 86_400, -2);
  });

  it('stores pseudonyms, not names or emails, under pseudonymization, and the same interactions', async () => {
    const owner = await passiveUser(app);
    const actor = { organizationId: owner.organizationId, userId: owner.userId, permission: 'Owner' } as Actor;
    const account = await passiveAccountOf(app.server.deps.db, app.server.deps.secrets, actor);
    await app.server.deps.db
      .update(passiveAccounts)
      .set({ pseudonymize: true })
      .where(eq(passiveAccounts.id, account.id));
    const { id } = await connectAndSync(app, {}, owner);
    const people = rowsOf<{ name: string; email: string | null; key: string }>(
      await app.server.deps.db.execute(sql`
        select p.name, p.email, p.key from passive_people p join passive_identities i on i.person_id = p.id
        where i.connection_id = ${id}::uuid`),
    );
    expect(people).toHaveLength(5);
    for (const p of people) {
      expect(p.email).toBeNull();
      expect(p.name).toMatch(/^Person [A-Z2-9]{8}$/);
      expect(p.key).not.toContain('acme');
    }
    expect((await connectionRow(app, id)).interactionCount).toBe(EXPECTED.length);
  });
});

describe('optional groups', () => {
  it('reads only the chosen channels (no DMs) and keeps only their members', async () => {
    const { id } = await connectAndSync(app, { channelIds: ['G1'] });
    expect(sorted(await interactionsOf(app, id))).toEqual(
      sorted([['mention', 'bob@acme.com', 'ann@acme.com', 'G1', ts(11)]]),
    );
    expect((await connectionRow(app, id)).peopleCount).toBe(2);
    expect(fake.calls.filter((c) => c.method === 'conversations.history').map((c) => c.args.channel)).toEqual(['G1']);
    expect(fake.calls.find((c) => c.method === 'conversations.list')!.args.types).toBe(
      'public_channel,private_channel',
    );
  });

  it('keeps only the members of the chosen user groups, and stores the group', async () => {
    const { id } = await connectAndSync(app, { userGroupIds: ['S1'] });
    const pair = (r: string[]) =>
      ['ann@acme.com', 'bob@acme.com'].includes(r[1]!) && ['ann@acme.com', 'bob@acme.com'].includes(r[2]!);
    const expected = EXPECTED.filter(pair);
    expect(expected).toHaveLength(8);
    expect(sorted(await interactionsOf(app, id))).toEqual(sorted(expected));
    const [group] = await app.server.deps.db
      .select()
      .from(passiveConversations)
      .where(and(eq(passiveConversations.connectionId, id), eq(passiveConversations.kind, 'usergroup')));
    expect(group).toMatchObject({ externalId: 'S1', name: 'core' });
    expect(group!.members).toHaveLength(2);
  });

  it('fails with a message naming an unknown user group', async () => {
    const { id } = await connectAndSync(app, { userGroupIds: ['S404'] });
    expect(await connectionRow(app, id)).toMatchObject({ status: 'failed', error: PASSIVE_MSG.slackUserGroup('S404') });
  });
});
