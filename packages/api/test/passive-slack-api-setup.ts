import { eq, organizations, passiveConnections, rowsOf, sql, users } from '@tieline/db';
import { MODULES, type TModules } from '@tieline/validation';
import { expect } from 'vitest';
import type { FakeMessage, FakeWorkspace } from './fake-slack';
import { RestClient, type SeededUser, type SeedRole, seedUser, type TestApp } from './helpers';

// The Slack API tests' workspace, worked out by hand (EXPECTED), and the calls they make.

export const TOKEN = 'xoxb-1111-2222-secrettokenvalue';
export const TEAM = 'T0ACME';

/** Messages ten days ago (inside the default retention), one second apart. */
export const BASE = Math.floor(Date.now() / 1000) - 10 * 86_400;
export const ts = (n: number) => `${BASE + n}.000100`;

const msg = (n: number, user: string, extra: Partial<FakeMessage> = {}): FakeMessage => ({
  ts: ts(n),
  user,
  // A marker the test proves is stored nowhere (metadata only).
  text: 'SECRET-MARKER text',
  ...extra,
});

/**
 * Ann, Bob, Cat; Dan (deleted); Xia (Slack Connect, another team); a bot, Slackbot. A channel with a
 * thread (and a broadcast reply), mentions, reactions and system messages; a private channel; a DM; a
 * group DM; an archived channel; a channel the app was not invited to; a user group of Ann and Bob.
 */
export function workspace(): FakeWorkspace {
  return {
    team: { id: TEAM, name: 'Acme', domain: 'acme' },
    users: [
      {
        id: 'UA',
        name: 'ann',
        tz: 'Europe/Paris',
        profile: { real_name: 'Ann Archer', email: 'ann@acme.com', title: 'Engineer' },
      },
      { id: 'UB', name: 'bob', profile: { real_name: 'Bob Baker', email: 'bob@acme.com' } },
      { id: 'UC', name: 'cat', profile: { real_name: 'Cat Cole', email: 'cat@acme.com' } },
      { id: 'UD', name: 'dan', deleted: true, profile: { real_name: 'Dan Dale', email: 'dan@acme.com' } },
      {
        id: 'UX',
        name: 'xia',
        team_id: 'T0OTHER',
        is_stranger: true,
        profile: { real_name: 'Xia Xu', email: 'xia@other.com' },
      },
      { id: 'UBOT', name: 'tieline', is_bot: true, profile: { real_name: 'Tieline' } },
      { id: 'USLACKBOT', name: 'slackbot', profile: { real_name: 'Slackbot' } },
    ],
    channels: [
      { id: 'C1', name: 'general', kind: 'public', members: ['UA', 'UB', 'UC', 'UD', 'UBOT'] },
      { id: 'G1', name: 'secret-project', kind: 'private', members: ['UA', 'UB', 'UBOT'] },
      { id: 'D1', kind: 'im', members: ['UA', 'UB'] },
      { id: 'M1', kind: 'mpim', members: ['UA', 'UB', 'UC'] },
      { id: 'C2', name: 'old', kind: 'public', archived: true, members: ['UA', 'UC', 'UBOT'] },
      { id: 'C3', name: 'not-invited', kind: 'public', botNotIn: true, members: ['UA', 'UB'] },
    ],
    messages: {
      C1: [
        msg(1, 'UA', { text: 'hi <@UB>', reactions: [{ name: '+1', users: ['UB', 'UC'] }] }),
        msg(2, 'UB', { thread_ts: ts(1) }),
        msg(3, 'UC', { thread_ts: ts(1), text: 'yes <@UA|ann>' }),
        msg(4, 'UB', { subtype: 'channel_join', text: '<@UB> has joined the channel' }),
        { ts: ts(5), bot_id: 'BBOT', subtype: 'bot_message', text: 'ping <@UA>' },
        msg(6, 'UD', { text: 'cc <@UC>' }),
        msg(7, 'UA', { text: 'welcome <@UX>' }),
        msg(8, 'UC', { thread_ts: ts(1), subtype: 'thread_broadcast' }),
        msg(9, 'UA', {
          text: 'see <@UB>',
          blocks: [
            {
              type: 'rich_text',
              elements: [{ type: 'rich_text_section', elements: [{ type: 'user', user_id: 'UB' }] }],
            },
          ],
        }),
        msg(10, 'UA', { text: 'note to self <@UA>' }),
        msg(16, 'USLACKBOT', { text: 'reminder <@UA>' }),
      ],
      G1: [msg(11, 'UB', { text: '<@UA> look' })],
      D1: [msg(12, 'UA'), msg(13, 'UB', { reactions: [{ name: 'eyes', users: ['UA'] }] })],
      M1: [msg(14, 'UC')],
      C2: [msg(15, 'UC', { text: 'old <@UA>' })],
      C3: [msg(17, 'UA', { text: '<@UB>' })],
    },
    usergroups: [{ id: 'S1', handle: 'core', name: 'Core team', users: ['UA', 'UB'] }],
  };
}

const A = 'ann@acme.com';
const B = 'bob@acme.com';
const C = 'cat@acme.com';
const D = 'dan@acme.com';
const X = 'xia@other.com';

/** The interactions of workspace(), by hand: [type, from, to, conversation, ts]. */
export const EXPECTED: [string, string, string, string, string][] = [
  ['mention', A, B, 'C1', ts(1)],
  ['reaction', B, A, 'C1', ts(1)],
  ['reaction', C, A, 'C1', ts(1)],
  ['reply', B, A, 'C1', ts(2)],
  ['reply', C, A, 'C1', ts(3)],
  ['mention', C, A, 'C1', ts(3)],
  ['mention', D, C, 'C1', ts(6)],
  ['mention', A, X, 'C1', ts(7)],
  ['reply', C, A, 'C1', ts(8)],
  ['mention', A, B, 'C1', ts(9)],
  ['mention', B, A, 'G1', ts(11)],
  ['directMessage', A, B, 'D1', ts(12)],
  ['directMessage', B, A, 'D1', ts(13)],
  ['reaction', A, B, 'D1', ts(13)],
  ['directMessage', C, A, 'M1', ts(14)],
  ['directMessage', C, B, 'M1', ts(14)],
  ['mention', C, A, 'C2', ts(15)],
];

export const sorted = (rows: string[][]) => rows.map((r) => r.join(' ')).sort();

/** The stored interactions of a connection as [type, from email, to email, conversation, ts]. */
export async function interactionsOf(app: TestApp, connectionId: string): Promise<string[][]> {
  const rows = rowsOf<{ type: string; f: string; t: string; conversation: string; message_key: string }>(
    await app.server.deps.db.execute(sql`
      select i.type, f.email as f, t.email as t, i.conversation, i.message_key
      from passive_interactions i
      join passive_people f on f.id = i.from_id join passive_people t on t.id = i.to_id
      where i.connection_id = ${connectionId}::uuid`),
  );
  return rows.map((r) => [r.type, r.f, r.t, r.conversation, r.message_key]);
}

export async function connectionRow(app: TestApp, id: string) {
  const [row] = await app.server.deps.db.select().from(passiveConnections).where(eq(passiveConnections.id, id));
  return row!;
}

const allOn = Object.fromEntries(MODULES.map((m) => [m, { enabled: true }])) as TModules;

/** A seeded user with the passiveData module on for them and their organization. */
export async function passiveUser(app: TestApp, role: SeedRole = 'owner'): Promise<SeededUser> {
  const user = await seedUser(app, role);
  const { db } = app.server.deps;
  await db.update(users).set({ modules: allOn }).where(eq(users.id, user.userId));
  if (user.organizationId)
    await db.update(organizations).set({ modules: allOn }).where(eq(organizations.id, user.organizationId));
  return user;
}

export function restAs(app: TestApp, user: SeededUser) {
  const client = new RestClient(app.url);
  client.cookie = user.cookie;
  return client;
}

export const connectBody = (extra: Record<string, unknown> = {}) => ({ name: 'Acme Slack', token: TOKEN, ...extra });

/** Connects as `user` (a new owner by default), waits for the sync, answers the connection's id. */
export async function connectAndSync(app: TestApp, extra: Record<string, unknown> = {}, user?: SeededUser) {
  const owner = user ?? (await passiveUser(app));
  const res = await restAs(app, owner).post('/passiveData/connections/slack', connectBody(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await app.server.worker.drain();
  return { id: res.body._id as string, owner, res };
}
