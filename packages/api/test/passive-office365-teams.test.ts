import { and, eq, jobs, passiveConversations, rowsOf, sql } from '@tieline/db';
import { PASSIVE_MSG } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import { CHAT_MARGIN_MS } from '../src/connectors/office365/teams-chats';
import { ALL_ROLES, type FakeMicrosoft } from './fake-microsoft';
import { faultsFired, teamsFault } from './fake-microsoft-teams';
import type { TestApp } from './helpers';
import {
  connectAndSync,
  connectionRow,
  edgesOf,
  GROUP_ID,
  passiveUser,
  restAs,
  U,
  useFakeTenant,
} from './passive-office365-setup';
import { ago, CH, CHAT, MARKER, message, TEAMS_COUNT, TEAMS_EDGES } from './passive-office365-teams-fixtures';

// Microsoft Teams against the fake Graph: replies, mentions and chat ties worked out by hand
// (passive-office365-teams-fixtures.ts), chats read once however many members list them, paging,
// throttling, expired tokens, incremental syncs from each conversation's cursor, failures half way,
// optional groups, pseudonymization, and nothing of the messages' text kept.

let fake: FakeMicrosoft;
let app: TestApp;
useFakeTenant((f, a) => {
  fake = f;
  app = a;
});

const teamsOnly = { sources: ['microsoftTeams'] };
const TYPES = ['teamsReply', 'teamsMention', 'teamsChat'] as const;
const calls = (part: string) => fake.calls.map((c) => decodeURIComponent(c)).filter((c) => c.includes(part));

async function networkOf(id: string) {
  return Object.fromEntries(await Promise.all(TYPES.map(async (t) => [t, await edgesOf(app, id, t)] as const)));
}

/** Interactions of the Teams types stored (the directory's Reports to relations apart). */
async function teamsCount(id: string) {
  const [row] = rowsOf<{ n: string }>(
    await app.server.deps.db.execute(sql`
      select count(*) as n from passive_interactions
      where connection_id = ${id}::uuid and type in ('teamsReply', 'teamsMention', 'teamsChat')`),
  );
  return Number(row!.n);
}

async function resync(id: string, owner: Awaited<ReturnType<typeof passiveUser>>) {
  const res = await restAs(app, owner).post(`/passiveData/connections/${id}/sync`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await app.server.worker.drain();
}

describe('Microsoft Teams', () => {
  it('stores exactly the ties worked out by hand, each chat read once, and no text', async () => {
    const { id } = await connectAndSync(app, teamsOnly);
    const row = await connectionRow(app, id);
    expect(row).toMatchObject({ status: 'done', error: null });
    expect(await teamsCount(id)).toBe(TEAMS_COUNT);
    expect(row.sourceProgress).toEqual({ office365Directory: 1, microsoftTeams: 1 });
    expect(await networkOf(id)).toEqual(TEAMS_EDGES);
    // The group chat is listed by four members and read once.
    expect(calls(`/users/${U.ann}/chats`)[0]).toContain('$expand=members');
    expect(calls(`/chats/${CHAT.four}/messages`)).toHaveLength(1);
    expect(calls(`/channels/${CH.general}/messages`)[0]).toContain('$expand=replies');
    // A chat message reaches its other members (the query's maximum recipients applies to it).
    const recipients = rowsOf<{ conversation: string; recipients: number }>(
      await app.server.deps.db.execute(sql`
        select distinct conversation, recipients from passive_interactions
        where connection_id = ${id}::uuid and type = 'teamsChat' order by recipients`),
    );
    expect(recipients).toEqual([
      { conversation: CHAT.annBob, recipients: 1 },
      { conversation: CHAT.danEve, recipients: 2 },
      { conversation: CHAT.four, recipients: 3 },
    ]);
    // Metadata only: bodies, subjects and topics the fake served are nowhere.
    const dump = rowsOf(
      await app.server.deps.db.execute(sql`
        select (select coalesce(json_agg(i), '[]') from passive_interactions i)::text as a,
          (select coalesce(json_agg(c), '[]') from passive_conversations c)::text as b,
          (select coalesce(json_agg(p), '[]') from passive_people p)::text as c,
          (select coalesce(json_agg(n), '[]') from passive_connections n)::text as d,
          (select coalesce(json_agg(j), '[]') from jobs j)::text as e`),
    );
    expect(JSON.stringify(dump)).not.toContain(MARKER);
    const kinds = await app.server.deps.db
      .select({ id: passiveConversations.externalId, kind: passiveConversations.kind })
      .from(passiveConversations)
      .where(eq(passiveConversations.connectionId, id));
    expect(kinds.filter((k) => k.kind === 'channel')).toHaveLength(3);
    expect(kinds.filter((k) => k.kind === 'chat')).toHaveLength(3);
  });

  it('pages every list, thread replies included, at two items a page, and stores the same', async () => {
    fake.pageSize = 2;
    const { id } = await connectAndSync(app, teamsOnly);
    expect(await networkOf(id)).toEqual(TEAMS_EDGES);
    expect(calls(`/channels/${CH.general}/messages`)).toHaveLength(3 + 2); // 5 threads; m1's 5 replies
    expect(calls('/replies')).toHaveLength(2);
    expect(calls(`/chats/${CHAT.annBob}/messages`)).toHaveLength(2);
  });

  it('waits out a storm of 429s, renews a token that expires mid-sync, and stores the same', async () => {
    teamsFault(fake, { match: /\/channels\/.*\/messages/, after: 1, action: 3, seconds: 1 });
    teamsFault(fake, { match: /\/chats\/.*\/messages/, after: 1, action: 'expire' });
    const issued = fake.tokensIssued;
    const { id } = await connectAndSync(app, teamsOnly);
    expect(await connectionRow(app, id)).toMatchObject({ status: 'done', error: null });
    expect(faultsFired(fake)).toBe(2);
    expect(fake.tokensIssued).toBeGreaterThan(issued + 1);
    expect(await networkOf(id)).toEqual(TEAMS_EDGES);
  });

  it('syncs incrementally from each conversation cursor: only what is new is added', async () => {
    fake.pageSize = 2;
    const { id, owner } = await connectAndSync(app, teamsOnly);
    const general = fake.tenant.teams[0]!.channels[0]!;
    // A new reply to a recent thread, a new thread in the private channel, a new chat message.
    general.messages.find((m) => m.id === 'm1')!.replies.push(message('r8', U.dan, ago(0, -5), { replyToId: 'm1' }));
    fake.tenant.teams[0]!.channels[1]!.messages.push({
      ...message('m9', U.bob, ago(0, -4), {
        mentions: [{ id: 0, mentionText: 'Dan', mentioned: { user: { id: U.dan, displayName: 'Dan Dale' } } }],
      }),
      replies: [],
    });
    fake.tenant.chats[0]!.messages.push(message('c9', U.ann, ago(0, -3)));
    fake.calls = [];
    await resync(id, owner);

    expect((await connectionRow(app, id)).status).toBe('done');
    expect(await teamsCount(id)).toBe(TEAMS_COUNT + 3);
    expect(await edgesOf(app, id, 'teamsReply')).toContain('Dan Dale -> Ann Archer');
    expect(await edgesOf(app, id, 'teamsMention')).toContain('Bob Baker -> Dan Dale');
    expect(await edgesOf(app, id, 'teamsChat')).toContain('Ann Archer -> Bob Baker (2x, 2)');
    // Chats: only messages modified since the cursor (less the margin: c4 again, and c9) were asked for.
    const chat = calls(`/chats/${CHAT.annBob}/messages`);
    expect(chat).toHaveLength(1);
    const since = /lastModifiedDateTime gt (\S+)/.exec(chat[0]!)![1]!;
    const c4 = fake.tenant.chats[0]!.messages.find((m) => m.id === 'c4')!.lastModifiedDateTime;
    expect(Date.parse(since)).toBe(Date.parse(c4) - CHAT_MARGIN_MS);
    // Channels: read until a thread older than the lookback before the cursor (m0, 60 days ago): the
    // third page (the 70-day-old system message) is not asked for again.
    expect(calls(`/channels/${CH.general}/messages?`)).toHaveLength(2);
    const [row] = await app.server.deps.db
      .select()
      .from(passiveConversations)
      .where(and(eq(passiveConversations.connectionId, id), eq(passiveConversations.externalId, CHAT.annBob)));
    expect(row!.cursor).toBe(fake.tenant.chats[0]!.messages.at(-1)!.lastModifiedDateTime);
  });

  it('gives the same counts when a sync fails half way and runs again', async () => {
    // The group chat's messages fail (a 500 the client does not retry): the job fails after storing
    // the conversations read before, and the queue runs it again.
    teamsFault(fake, {
      match: new RegExp(`/chats/${CHAT.four}/messages`.replace(/[.]/g, '\\.')),
      after: 0,
      action: 'fail',
    });
    const { id } = await connectAndSync(app, teamsOnly);
    expect(faultsFired(fake)).toBe(1);
    expect((await connectionRow(app, id)).status).toBe('running');
    expect(await teamsCount(id)).toBeLessThan(TEAMS_COUNT);
    // Its cursor is saved only once it is read to the end.
    const cursorOf = async (external: string) =>
      (
        await app.server.deps.db
          .select({ cursor: passiveConversations.cursor })
          .from(passiveConversations)
          .where(and(eq(passiveConversations.connectionId, id), eq(passiveConversations.externalId, external)))
      )[0]?.cursor;
    expect(await cursorOf(CHAT.four)).toBeNull();
    await app.server.deps.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.kind, 'passive-sync'), eq(jobs.state, 'queued')));
    await app.server.worker.drain();
    expect((await connectionRow(app, id)).status).toBe('done');
    expect(await teamsCount(id)).toBe(TEAMS_COUNT);
    expect(await networkOf(id)).toEqual(TEAMS_EDGES);
    expect(await cursorOf(CHAT.four)).toBe(fake.tenant.chats[1]!.messages[2]!.lastModifiedDateTime);
  });

  it('keeps only the ties among the members of the optional groups', async () => {
    const { id } = await connectAndSync(app, { ...teamsOnly, groupIds: [GROUP_ID] });
    expect(await networkOf(id)).toEqual({
      teamsReply: ['Bob Baker -> Eve Evans'],
      teamsMention: ['Dan Dale -> Eve Evans', 'Eve Evans -> Bob Baker'],
      teamsChat: ['Eve Evans -> Dan Dale'],
    });
    // Chats are found through the people in scope only.
    expect(calls(`/users/${U.ann}/chats`)).toHaveLength(0);
    expect(calls(`/users/${U.bob}/chats`)).toHaveLength(1);
  });

  it('stores pseudonyms, not names or emails, and the same interactions', async () => {
    const owner = await passiveUser(app);
    await restAs(app, owner).call('PUT', '/api/base/passiveData/settings', {
      pseudonymize: true,
      confirm: 'Pseudonymize',
    });
    const { id } = await connectAndSync(app, teamsOnly, owner);
    expect(await teamsCount(id)).toBe(TEAMS_COUNT);
    const network = await networkOf(id);
    for (const t of TYPES) {
      expect(network[t]).toHaveLength(TEAMS_EDGES[t].length);
      for (const e of network[t]!) expect(e).toMatch(/^Person [A-Z2-9]{8} -> Person [A-Z2-9]{8}/);
    }
  });

  it('fails with a message naming the permissions when Graph refuses one', async () => {
    fake.tenant.roles = ALL_ROLES.filter((r) => r !== 'Chat.Read.All');
    const { id } = await connectAndSync(app, teamsOnly);
    expect(await connectionRow(app, id)).toMatchObject({
      status: 'failed',
      error: PASSIVE_MSG.microsoftPermission(
        'Team.ReadBasic.All, Channel.ReadBasic.All, ChannelMessage.Read.All or Chat.Read.All',
      ),
    });
  });
});
