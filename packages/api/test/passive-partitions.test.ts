import { eq, passiveAccounts, passiveConnections, sql } from '@tieline/db';
import { PASSIVE_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextOf } from '../src/connectors/store/context';
import { countInteractions, replaceMessages, type SourceMessage } from '../src/connectors/store/interactions';
import {
  ensurePartitions,
  listPartitions,
  PartitionRefusedError,
  partitionName,
  purgeExpired,
} from '../src/connectors/store/partitions';
import { upsertPeople } from '../src/connectors/store/people';
import { replaceRelations } from '../src/connectors/store/relations';
import { startTestApp, type TestApp } from './helpers';
import { addConnection, clientOf, person, team } from './passive-settings-setup';
import { passiveUser, uploadExport, zipOf } from './passive-slack-export-fixtures';

// The partition bomb of issue 36: interaction partitions are shared by every account, so message times
// outside [now - retention, now + 1 day] are skipped (and counted on the connection), no partition is
// made beyond next month, and Disconnect and retention drop the months no row uses any more.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

const DAY = 86_400_000;
const names = async () => (await listPartitions(app.server.deps.db)).map((p) => p.name);
const USERS = [
  { id: 'U1', team_id: 'T1', profile: { email: 'ann@acme.com', real_name: 'Ann' } },
  { id: 'U2', team_id: 'T1', profile: { email: 'bob@acme.com', real_name: 'Bob' } },
];
const CHANNELS = [{ id: 'C1', name: 'general', members: ['U1', 'U2'] }];
const slackMessage = (at: number, n = 0) => ({
  type: 'message',
  ts: `${Math.floor(at / 1000)}.${String(100 + n).padStart(6, '0')}`,
  user: 'U1',
  text: 'hi <@U2>',
});

/** Uploads an export of one channel with these messages, imports it, answers the connection as GET shows it. */
async function imported(messages: ReturnType<typeof slackMessage>[]) {
  const owner = await passiveUser(app);
  const zip = await zipOf({ 'users.json': USERS, 'channels.json': CHANNELS, 'general/2026-01-01.json': messages });
  const res = await uploadExport(app, owner, zip);
  expect(res.status).toBe(202);
  await app.server.worker.drain();
  return (await clientOf(app, owner).get(`/passiveData/connections/${res.body._id}`)).body;
}

const mention = (key: string, at: Date): SourceMessage => ({
  conversation: 'C1',
  messageKey: key,
  at,
  recipients: 1,
  interactions: [{ type: 'mention', from: 'U1', to: 'U2' }],
});

/** A connection of a fresh account holding `messages`, stored as a sync at `now` would store them. */
async function connectionWith(messages: SourceMessage[], now = new Date(), retentionDays = 180) {
  const t = await team(app);
  const { db, secrets } = app.server.deps;
  await db
    .update(passiveAccounts)
    .set({ retentionDays })
    .where(eq(passiveAccounts.id, (await t.account()).id));
  const account = await t.account();
  const connection = await addConnection(app, account);
  const ctx = contextOf(account, secrets, connection.id, 'slack', now);
  const ids = await upsertPeople(db, ctx, [person('U1', 'ann@acme.example'), person('U2', 'bob@acme.example')]);
  await replaceMessages(db, ctx, ids, messages);
  return { t, connection, ctx, ids };
}

describe('message times outside [now - retention, now + 1 day]', () => {
  it('an export dated one a month from 2100 to 2266 makes no partition: its 2,000 messages are skipped and counted', async () => {
    const before = await names();
    const messages = Array.from({ length: 2_000 }, (_, i) => slackMessage(Date.UTC(2100, i, 15), i));
    const connection = await imported(messages);
    expect(connection).toMatchObject({ status: 'done', interactions: 0, skipped: 2_000 });
    expect(await names()).toEqual(before);
  });

  it('skips a message two days ahead and one older than retention, counts them, keeps the one inside', async () => {
    const now = Date.now();
    const connection = await imported([
      slackMessage(now + 2 * DAY, 1),
      slackMessage(now - 181 * DAY, 2),
      slackMessage(now - DAY, 3),
    ]);
    expect(connection).toMatchObject({ status: 'done', interactions: 1, skipped: 2 });
    expect(PASSIVE_MSG.skippedOutsideWindow(connection.skipped)).toBe(
      '2 interactions outside the retention window were skipped',
    );
    expect(await names()).not.toContain(partitionName(new Date(now - 181 * DAY)));
  });

  it('the store skips them for every connector, counting the interactions of known people only', async () => {
    const now = new Date();
    const { connection } = await connectionWith([
      mention('future', new Date(now.getTime() + 2 * DAY)),
      {
        ...mention('old', new Date(now.getTime() - 200 * DAY)),
        interactions: [{ type: 'mention', from: 'U1', to: 'UX' }],
      },
      mention('inside', now),
    ]);
    expect(await countInteractions(app.server.deps.db, connection.id)).toBe(1);
    const [row] = await app.server.deps.db
      .select({ skipped: passiveConnections.skippedCount })
      .from(passiveConnections)
      .where(eq(passiveConnections.id, connection.id));
    expect(row!.skipped).toBe(1);
  });

  it('never makes a partition beyond next month', async () => {
    const now = new Date();
    const later = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
    await expect(ensurePartitions(app.server.deps.db, [later])).rejects.toThrow(PartitionRefusedError);
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    await ensurePartitions(app.server.deps.db, [next]);
    expect(await names()).toContain(partitionName(next));
    expect(await names()).not.toContain(partitionName(later));
  });
});

describe('partitions no row uses are dropped', () => {
  it('Disconnect drops the months only its connection used, never one another account uses', async () => {
    const now = new Date();
    const alone = new Date(now.getTime() - 100 * DAY);
    const mine = await connectionWith([mention('a', alone), mention('b', now)]);
    await connectionWith([mention('c', now)]);
    expect(await names()).toEqual(expect.arrayContaining([partitionName(alone), partitionName(now)]));
    const res = await mine.t.ownerApi.call(
      'DELETE',
      `/api/base/passiveData/connections/${mine.connection.id}?confirm=Acme%20Slack&networks=keep`,
    );
    expect(res.status).toBe(200);
    expect(await names()).not.toContain(partitionName(alone));
    expect(await names()).toContain(partitionName(now));
  });

  it('retention drops the months its purge emptied, never one another account still uses', async () => {
    const now = new Date();
    // A 30-day account's rows from 60 days ago (stored when they were recent), and a 180-day
    // account's from 100 days ago: 40 days apart, so always two different months.
    const shortLived = new Date(now.getTime() - 60 * DAY);
    const kept = new Date(now.getTime() - 100 * DAY);
    await connectionWith([mention('s', shortLived)], new Date(shortLived.getTime() + DAY), 30);
    const other = await connectionWith([mention('k', kept)]);
    expect(await names()).toEqual(expect.arrayContaining([partitionName(shortLived), partitionName(kept)]));
    const dropped = await purgeExpired(app.server.deps.db, now);
    expect(dropped).toContain(partitionName(shortLived));
    expect(dropped).not.toContain(partitionName(kept));
    expect(await names()).toContain(partitionName(kept));
    expect(await countInteractions(app.server.deps.db, other.connection.id)).toBe(1);
  });

  it('a write whose month another server dropped meanwhile makes it again', async () => {
    const now = new Date();
    const month = new Date(now.getTime() - 130 * DAY);
    const { ctx, ids, connection } = await connectionWith([mention('x', month)]);
    await app.server.deps.db.execute(
      sql`delete from passive_interactions where connection_id = ${connection.id}::uuid`,
    );
    // Another server's dropEmptyPartitions: this process still believes the month exists.
    await app.server.deps.db.execute(sql.raw(`drop table ${partitionName(month)}`));
    expect(await replaceMessages(app.server.deps.db, ctx, ids, [mention('y', month)])).toBe(1);
    expect(await names()).toContain(partitionName(month));
  });

  it('so does a set of relations (the directory, People), whose write holds its month', async () => {
    const { db } = app.server.deps;
    const { ctx, ids, connection } = await connectionWith([]);
    const line = [{ type: 'reportsTo' as const, from: 'U1', to: 'U2', weight: 1 }];
    const at = new Date(Date.now() - 160 * DAY);
    expect(await replaceRelations(db, ctx, ids, 'directory', line, at)).toBe(1);
    await db.execute(sql`delete from passive_interactions where connection_id = ${connection.id}::uuid`);
    // Another server's dropEmptyPartitions: this process made the month, so it believes it is there.
    await db.execute(sql.raw(`drop table ${partitionName(at)}`));
    expect(await replaceRelations(db, ctx, ids, 'directory', line, at)).toBe(1);
    expect(await countInteractions(db, connection.id)).toBe(1);
  });

  it('so does an export import, whose swap holds the months it writes', async () => {
    const at = Date.now() - 100 * DAY;
    const month = partitionName(new Date(at));
    expect(await imported([slackMessage(at)])).toMatchObject({ status: 'done', interactions: 1 });
    // Another server's Disconnect empties the month and drops it: this process made it, so it believes it is there.
    await app.server.deps.db.execute(sql.raw(`delete from ${month}`));
    await app.server.deps.db.execute(sql.raw(`drop table ${month}`));
    expect(await imported([slackMessage(at, 1)])).toMatchObject({ status: 'done', interactions: 1 });
    expect(await names()).toContain(month);
  });
});
