import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rowsOf, sql } from '@tieline/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSlackExport } from '../src/connectors/slack/generate-export';
import { startTestApp, type TestApp } from './helpers';
import { clientOf } from './passive-queries-setup';
import { connectionRow, interactionLines, passiveUser, uploadExport, zipOf } from './passive-slack-export-fixtures';

// POST passiveData/connections/slackExport end to end: a small export made by hand, whose interactions
// are worked out below message by message, imported by the real job worker; then the same export
// again, and a later export with one more day, which add nothing twice (and say what they added).

let app: TestApp;
// Each upload and import starts a worker thread (from TypeScript source in tests: seconds on a busy machine).
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
}, 120_000);
afterAll(() => app.close());

const T = 'T0ACME';
const user = (id: string, email: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  team_id: T,
  name: email.split('@')[0],
  real_name: name,
  deleted: false,
  is_bot: false,
  tz: 'Europe/Paris',
  profile: {
    email,
    real_name: name,
    display_name: name.split(' ')[0],
    title: 'Engineer',
    fields: { Xf01: { value: 'Sales', alt: '', label: 'Department' } },
  },
  ...extra,
});
const USERS = [
  user('U1', 'ann@acme.com', 'Ann Lee'),
  user('U2', 'bob@acme.com', 'Bob Ray'),
  user('U3', 'cat@acme.com', 'Cat Kim'),
  user('U4', 'dan@acme.com', 'Dan Old', { deleted: true }),
  user('U5', 'eve@other.com', 'Eve Out', { team_id: 'T0OTHER', is_stranger: true }),
  user('UBOT1', 'bot@acme.com', 'Build Bot', { is_bot: true }),
  user('USLACKBOT', 'slackbot@acme.com', 'Slackbot'),
];
const CHANNELS = [{ id: 'C1', name: 'general', members: ['U1', 'U2', 'U3'], is_archived: false }];
const DMS = [{ id: 'D1', members: ['U1', 'U2'] }];
const MPIMS = [{ id: 'G1', name: 'mpdm-ann--bob--cat-1', members: ['U1', 'U2', 'U3'] }];

// Times within the default retention (older ones are skipped); the file names' days need not match them.
const BASE = Math.floor(Date.now() / 86_400_000 - 30) * 86400;
const ts = (day: number, n: number) => `${BASE + day * 86400 + n * 60}.000${100 + n}`;
const M1 = ts(0, 1);
const DAY1 = [
  // mention U1->U2 once (twice in the text), reactions U2->U1 and U3->U1 (U1's own is dropped)
  {
    type: 'message',
    ts: M1,
    user: 'U1',
    text: 'hello <@U2> and <@U2|bob> MARKER',
    reactions: [{ name: '+1', users: ['U2', 'U3', 'U1'], count: 3 }],
  },
  // reply U2->U1, mention U2->U3
  { type: 'message', ts: ts(0, 2), user: 'U2', text: 'sure <@U3>', thread_ts: M1, parent_user_id: 'U1' },
  // system, bot and Slackbot messages: nothing
  { type: 'message', subtype: 'channel_join', ts: ts(0, 3), user: 'U3', text: '<@U3> has joined the channel' },
  { type: 'message', subtype: 'bot_message', ts: ts(0, 4), bot_id: 'B1', text: '<@U1> deployed MARKER' },
  { type: 'message', ts: ts(0, 5), user: 'USLACKBOT', text: '<@U1> reminder MARKER' },
  // a thread broadcast without parent_user_id: reply U3->U1 (parent found), mention in blocks U3->U2
  {
    type: 'message',
    subtype: 'thread_broadcast',
    ts: ts(0, 6),
    user: 'U3',
    text: 'see MARKER',
    thread_ts: M1,
    blocks: [
      { type: 'rich_text', elements: [{ type: 'rich_text_section', elements: [{ type: 'user', user_id: 'U2' }] }] },
    ],
  },
  // a file share counts: reaction U4->U1 (a deactivated person is kept)
  {
    type: 'message',
    subtype: 'file_share',
    ts: ts(0, 7),
    user: 'U1',
    text: '',
    files: [{ id: 'F1', name: 'MARKER.pdf', title: 'MARKER' }],
    reactions: [{ name: 'eyes', users: ['U4'] }],
  },
  // self reply and self mention: dropped
  { type: 'message', ts: ts(0, 8), user: 'U1', text: 'me <@U1>', thread_ts: M1, parent_user_id: 'U1' },
  // an unknown user: dropped
  { type: 'message', ts: ts(0, 9), user: 'U2', text: 'hi <@U9UNKNOWN>' },
];
const DAY2 = [
  // a reply whose parent is in the previous day's file, without parent_user_id: reply U3->U1
  { type: 'message', ts: ts(1, 1), user: 'U3', text: 'late MARKER', thread_ts: M1 },
  // an outside (Slack Connect) person: mention U5->U1
  { type: 'message', ts: ts(1, 2), user: 'U5', text: 'hey <@U1>', attachments: [{ text: 'MARKER' }] },
];
const DM_DAY1 = [
  { type: 'message', ts: ts(0, 1), user: 'U1', text: 'psst MARKER' },
  { type: 'message', ts: ts(0, 2), user: 'U2', text: 'ok', reactions: [{ name: 'ok', users: ['U1'] }] },
];
const MPIM_DAY2 = [{ type: 'message', ts: ts(1, 3), user: 'U3', text: 'all MARKER' }];

const files = (extra: Record<string, unknown> = {}) => ({
  'users.json': USERS,
  'channels.json': CHANNELS,
  'dms.json': DMS,
  'mpims.json': MPIMS,
  'general/2024-03-01.json': DAY1,
  'general/2024-03-02.json': DAY2,
  'D1/2024-03-01.json': DM_DAY1,
  'mpdm-ann--bob--cat-1/2024-03-02.json': MPIM_DAY2,
  ...extra,
});

const EXPECTED = [
  'mention ann@acme.com->bob@acme.com @C1',
  'reaction bob@acme.com->ann@acme.com @C1',
  'reaction cat@acme.com->ann@acme.com @C1',
  'reply bob@acme.com->ann@acme.com @C1',
  'mention bob@acme.com->cat@acme.com @C1',
  'reply cat@acme.com->ann@acme.com @C1',
  'mention cat@acme.com->bob@acme.com @C1',
  'reaction dan@acme.com->ann@acme.com @C1',
  'reply cat@acme.com->ann@acme.com @C1',
  'mention eve@other.com->ann@acme.com @C1',
  'directMessage ann@acme.com->bob@acme.com @D1',
  'directMessage bob@acme.com->ann@acme.com @D1',
  'reaction ann@acme.com->bob@acme.com @D1',
  'directMessage cat@acme.com->ann@acme.com @G1',
  'directMessage cat@acme.com->bob@acme.com @G1',
].sort();

describe('Slack export upload', { timeout: 120_000 }, () => {
  it('imports a hand-made export into exactly the interactions its messages give', async () => {
    const owner = await passiveUser(app);
    const res = await uploadExport(app, owner, await zipOf(files()));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ source: 'slack', method: 'export', name: 'Acme Slack', status: 'queued' });
    await app.server.worker.drain();

    expect(await interactionLines(app, res.body._id)).toEqual(EXPECTED);
    const row = await connectionRow(app, res.body._id);
    expect(row).toMatchObject({ status: 'done', progress: 1, people_count: 5, interaction_count: 15, external_id: T });
    expect(row.upload_key).toBeNull();
    // The zip is gone once imported.
    expect(await readdir(join(app.server.deps.env.DATA_DIR, 'uploads'))).toEqual([]);

    const people = rowsOf<{
      email: string;
      deactivated: boolean;
      external: boolean;
      attributes: object;
      title: string;
    }>(
      await app.server.deps.db.execute(sql`
        select p.email, p.deactivated, p.external, p.attributes, p.title from passive_people p
        join passive_identities i on i.person_id = p.id where i.connection_id = ${res.body._id}::uuid order by p.email`),
    );
    expect(people.map((p) => p.email)).toEqual([
      'ann@acme.com',
      'bob@acme.com',
      'cat@acme.com',
      'dan@acme.com',
      'eve@other.com',
    ]);
    expect(people.find((p) => p.email === 'dan@acme.com')).toMatchObject({ deactivated: true, external: false });
    expect(people.find((p) => p.email === 'eve@other.com')).toMatchObject({ deactivated: false, external: true });
    expect(people[0]).toMatchObject({
      title: 'Engineer',
      attributes: { title: 'Engineer', Department: 'Sales', timeZone: 'Europe/Paris' },
    });
    // Group DM ties carry the conversation's size (maximum recipients).
    const recipients = rowsOf<{ recipients: number }>(
      await app.server.deps.db.execute(
        sql`select distinct recipients from passive_interactions where connection_id = ${res.body._id}::uuid and conversation = 'G1'`,
      ),
    );
    expect(recipients).toEqual([{ recipients: 3 }]);
    const conversations = rowsOf<{ external_id: string; kind: string; cursor: string }>(
      await app.server.deps.db.execute(sql`
        select external_id, kind, cursor from passive_conversations where connection_id = ${res.body._id}::uuid
        order by external_id`),
    );
    expect(conversations).toEqual([
      { external_id: 'C1', kind: 'channel', cursor: '2024-03-02' },
      { external_id: 'D1', kind: 'im', cursor: '2024-03-01' },
      { external_id: 'G1', kind: 'mpim', cursor: '2024-03-02' },
    ]);
  });

  it('counts nothing twice: the same export again, then a later export with one more day', async () => {
    const owner = await passiveUser(app);
    const card = async () => (await clientOf(app, owner).get(`/passiveData/connections/${first.body._id}`)).body;
    const first = await uploadExport(app, owner, await zipOf(files()));
    expect(first.body).toMatchObject({ addedToExisting: false, newMessages: null });
    await app.server.worker.drain();
    // Every message giving an interaction is new to the connection (the join and the bot's post give none).
    const stored = rowsOf<{ n: number }>(
      await app.server.deps.db.execute(sql`
        select count(distinct (conversation, message_key))::int as n from passive_interactions
        where connection_id = ${first.body._id}::uuid`),
    )[0]!.n;
    expect(await card()).toMatchObject({ status: 'done', newMessages: stored, addedToExisting: false });
    const again = await uploadExport(app, owner, await zipOf(files()), 'Acme again');
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    // The same workspace: the same connection, its name kept, and the answer says so.
    expect(again.body).toMatchObject({
      _id: first.body._id,
      name: 'Acme Slack',
      status: 'queued',
      addedToExisting: true,
    });
    await app.server.worker.drain();
    expect(await interactionLines(app, first.body._id)).toEqual(EXPECTED);
    // The card keeps saying where the export went once it is imported.
    expect(await card()).toMatchObject({ name: 'Acme Slack', newMessages: 0, addedToExisting: true });

    // The later export: the last day gained a reaction, and a third day came.
    const later = files({
      'general/2024-03-02.json': [...DAY2.slice(0, 1), { ...DAY2[1], reactions: [{ name: 'x', users: ['U2'] }] }],
      'general/2024-03-03.json': [{ type: 'message', ts: ts(2, 1), user: 'U2', text: '<@U3> MARKER' }],
    });
    const third = await uploadExport(app, owner, await zipOf(later));
    expect(third.body._id).toBe(first.body._id);
    await app.server.worker.drain();
    // The third day's message is new; the reaction added to a stored message is not a new message.
    expect(await card()).toMatchObject({ newMessages: 1 });
    expect(await interactionLines(app, first.body._id)).toEqual(
      [...EXPECTED, 'reaction bob@acme.com->eve@other.com @C1', 'mention bob@acme.com->cat@acme.com @C1'].sort(),
    );
    const row = await connectionRow(app, first.body._id);
    expect(row).toMatchObject({ status: 'done', interaction_count: 17 });
    const connections = rowsOf(
      await app.server.deps.db.execute(
        sql`select id from passive_connections where account_id = ${row.account_id as string}::uuid`,
      ),
    );
    expect(connections).toHaveLength(1);
  });

  it('imports a generated export (the demo seed, the tests and the bench make theirs so); a seed gives the same bytes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tieline-export-'));
    const options = { seed: 9, people: 12, days: 3, messagesPerDay: 80, dms: 3, mpims: 2 };
    const summary = await writeSlackExport(join(dir, 'a.zip'), options);
    await writeSlackExport(join(dir, 'b.zip'), options);
    const bytes = await readFile(join(dir, 'a.zip'));
    expect(bytes.equals(await readFile(join(dir, 'b.zip')))).toBe(true);
    expect(summary).toMatchObject({ users: 14, conversations: 9 });
    expect(summary.messages).toBeGreaterThan(150);

    const owner = await passiveUser(app);
    const res = await uploadExport(app, owner, bytes);
    expect(res.status).toBe(202);
    await app.server.worker.drain();
    const row = await connectionRow(app, res.body._id);
    // 12 people; the bot and Slackbot are not people.
    expect(row).toMatchObject({ status: 'done', people_count: 12, external_id: summary.teamId });
    const lines = await interactionLines(app, res.body._id);
    expect(lines.length).toBeGreaterThan(summary.messages * 0.5);
    for (const type of ['reply', 'mention', 'reaction', 'directMessage'])
      expect(lines.some((l) => l.startsWith(`${type} `))).toBe(true);
  });
});
