import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, jobs, rowsOf, sql } from '@tieline/db';
import { JOB_MSG, PASSIVE_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DM_MEMBERS } from '../src/connectors/slack/export-lists';
import { JSON_SHAPE, withinShape } from '../src/connectors/slack/export-zip';
import { startTestApp, type TestApp } from './helpers';
import { clientOf } from './passive-queries-setup';
import { connectionRow, interactionLines, passiveUser, uploadExport, zipOf } from './passive-slack-export-fixtures';

// Exports built to exhaust the server (issue 36, finding 1: a 106 KB zip whose group DM listed 40,000
// member ids with ~5,000 messages took 4 GB and killed the server, again at every restart): they end as
// a failed import with a message, or an import within bounds, while the server keeps answering; and an
// import whose worker passes its heap cap fails with the memory message, its zip deleted.

let app: TestApp;
let tight: TestApp;
// Each upload and import starts a worker thread (from TypeScript source in tests: seconds on a busy machine).
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  // A heap cap that the worker and a small users.json fit in, and a 6 MB day file's messages do not.
  tight = await startTestApp({ smtp: false, env: { SLACK_EXPORT_WORKER_HEAP_MB: '24' } });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await tight?.close();
});

const USERS = ['U1', 'U2', 'U3', 'U4', 'U5'].map((id) => ({
  id,
  team_id: 'T1',
  profile: { email: `${id.toLowerCase()}@acme.com`, real_name: id },
}));
// Ten days ago: messages older than the account's retention are skipped (docs/passive-data.md).
const DAY = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
const ts = (n: number) => `${Date.parse(`${DAY}T00:00:00Z`) / 1000 + n}.000100`;
/** 40,000 member ids, five of them people of users.json. */
const MEMBERS = [...USERS.map((u) => u.id), ...Array.from({ length: 39_995 }, (_, i) => `UX${i}`)];
/** ~5,000 messages in one day file, each mentioning a person. */
const MESSAGES = Array.from({ length: 5_000 }, (_, i) => ({
  type: 'message',
  ts: ts(i),
  user: USERS[i % 5]!.id,
  text: `hi <@${USERS[(i + 1) % 5]!.id}>`,
}));

async function staged(t: TestApp, id: string) {
  const [row] = rowsOf<{ n: number }>(
    await t.server.deps.db.execute(sql`
      select (select count(*) from passive_staged_interactions where connection_id = ${id}::uuid)
        + (select count(*) from passive_staged_people where connection_id = ${id}::uuid)
        + (select count(*) from passive_staged_conversations where connection_id = ${id}::uuid) as n`),
  );
  return Number(row!.n);
}

const uploads = (t: TestApp) => readdir(join(t.server.deps.env.DATA_DIR, 'uploads')).catch(() => []);

describe('bounds where an export is read', { timeout: 180_000 }, () => {
  it('the crash-loop export (a group DM of 40,000 members, 5,000 messages) fails once with a message', async () => {
    const owner = await passiveUser(app);
    const zip = await zipOf({
      'users.json': USERS,
      'channels.json': [],
      'mpims.json': [{ id: 'G1', name: 'mpdm-big', members: MEMBERS }],
      [`mpdm-big/${DAY}.json`]: MESSAGES,
    });
    // Small on the wire, as in the report.
    expect(zip.length).toBeLessThan(400_000);
    const res = await uploadExport(app, owner, zip);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await app.server.worker.drain();

    const row = await connectionRow(app, res.body._id);
    expect(row).toMatchObject({
      status: 'failed',
      error: PASSIVE_MSG.exportTooManyMembers('mpims.json', 'mpdm-big', MAX_DM_MEMBERS.mpim),
      upload_key: null,
      people_count: 0,
      interaction_count: 0,
    });
    expect(await interactionLines(app, res.body._id)).toEqual([]);
    expect(await staged(app, res.body._id)).toBe(0);
    expect(await uploads(app)).toEqual([]);
    // Not taken again: the job ended, nothing queued to retry it.
    const retries = await app.server.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'passive-sync'), sql`${jobs.state} in ('queued', 'running')`));
    expect(retries).toEqual([]);
    // The server answers as ever.
    const card = await clientOf(app, owner).get(`/passiveData/connections/${res.body._id}`);
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ status: 'failed', error: row.error, lastSync: null });
  });

  it('a channel listing 40,000 member ids keeps the people users.json lists; its 5,000 messages import', async () => {
    const owner = await passiveUser(app);
    const res = await uploadExport(
      app,
      owner,
      await zipOf({
        'users.json': USERS,
        'channels.json': [{ id: 'C1', name: 'general', members: [...MEMBERS, 'U1', 'U2'] }],
        [`general/${DAY}.json`]: MESSAGES,
      }),
    );
    await app.server.worker.drain();
    expect(await connectionRow(app, res.body._id)).toMatchObject({
      status: 'done',
      people_count: 5,
      interaction_count: 5_000,
    });
    const [conversation] = rowsOf<{ members: number[] }>(
      await app.server.deps.db.execute(
        sql`select members from passive_conversations where connection_id = ${res.body._id}::uuid`,
      ),
    );
    expect(conversation!.members).toHaveLength(5);
    expect(await staged(app, res.body._id)).toBe(0);
  });

  it('a worker past its heap cap twice fails the import with the memory message and deletes the zip', async () => {
    const owner = await passiveUser(tight);
    // Under the file bound (a quarter of the heap cap, 6 MB) yet many small objects once parsed: far
    // more than 24 MB.
    const big = Array.from({ length: 48_000 }, (_, i) => ({
      type: 'message',
      ts: ts(i),
      user: USERS[i % 5]!.id,
      text: `<@${USERS[(i + 1) % 5]!.id}>`,
      reactions: [{ name: 'ok', users: ['U1', 'U2', 'U3'] }],
    }));
    expect(JSON.stringify(big).length).toBeLessThan(6 * 1024 ** 2);
    const res = await uploadExport(
      tight,
      owner,
      await zipOf({
        'users.json': USERS,
        'channels.json': [{ id: 'C1', name: 'general', members: ['U1', 'U2'] }],
        [`general/${DAY}.json`]: big,
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await tight.server.worker.drain();
    // A first death: tried again after the backoff (made due at once here), with its zip.
    const [retry] = await tight.server.deps.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.kind, 'passive-sync'), eq(jobs.state, 'queued')))
      .returning();
    expect(retry).toMatchObject({
      deaths: 1,
      lastError: JOB_MSG.diedRetrying('the import', 'ran out of memory', 'conversation general'),
    });
    expect(await uploads(tight)).toHaveLength(1);
    await tight.server.worker.drain();
    expect(await connectionRow(tight, res.body._id)).toMatchObject({
      status: 'failed',
      error: JOB_MSG.diedTwice('the import', 'ran out of memory', 'conversation general'),
      upload_key: null,
      interaction_count: 0,
    });
    expect(await uploads(tight)).toEqual([]);
    expect(await staged(tight, res.body._id)).toBe(0);
    // The death freed what it held: the next import of the same server runs to its end.
    const next = await uploadExport(
      tight,
      owner,
      await zipOf({
        'users.json': USERS,
        'channels.json': [{ id: 'C1', name: 'general', members: ['U1', 'U2'] }],
        [`general/${DAY}.json`]: big.slice(0, 10),
      }),
    );
    expect(next.status, JSON.stringify(next.body)).toBe(202);
    await tight.server.worker.drain();
    expect(await connectionRow(tight, next.body._id)).toMatchObject({ status: 'done', error: null });
  });

  it('users.json that is one long string (finding 3, scaled) is refused at upload before it is parsed', async () => {
    const owner = await passiveUser(app);
    let text = '';
    while (text.length < 1.2 * 1024 ** 2) text += Math.random().toString(36).slice(2);
    const res = await uploadExport(
      app,
      owner,
      await zipOf({ 'users.json': Buffer.from(JSON.stringify(text)), 'channels.json': [] }),
    );
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 400,
      message: PASSIVE_MSG.exportFileShape('users.json'),
    });
    expect(await uploads(app)).toEqual([]);
  });

  it('the shape check: strings, items and depth within bounds pass, beyond them not', () => {
    const ok = (v: string) => withinShape(Buffer.from(v));
    expect(ok(JSON.stringify([{ a: 'x'.repeat(1000), b: [1, 2, [3]] }, 'a\\"b']))).toBe(true);
    expect(ok(JSON.stringify('x'.repeat(JSON_SHAPE.maxStringBytes + 10)))).toBe(false);
    // An escaped quote does not end a string.
    expect(ok(`"${'\\"'.repeat(JSON_SHAPE.maxStringBytes / 2 + 10)}"`)).toBe(false);
    expect(ok('['.repeat(JSON_SHAPE.maxDepth) + ']'.repeat(JSON_SHAPE.maxDepth))).toBe(true);
    expect(ok('['.repeat(JSON_SHAPE.maxDepth + 1) + ']'.repeat(JSON_SHAPE.maxDepth + 1))).toBe(false);
    expect(ok(`[${'0,'.repeat(JSON_SHAPE.maxItems)}0]`)).toBe(false);
    // Commas inside strings are no items.
    expect(ok(JSON.stringify([','.repeat(1000)]))).toBe(true);
  });

  it('users.json past the people bound is refused at upload, naming the bound', async () => {
    const owner = await passiveUser(app);
    const many = Array.from({ length: 100_001 }, (_, i) => ({ id: `U${i}`, team_id: 'T1' }));
    const res = await uploadExport(app, owner, await zipOf({ 'users.json': many, 'channels.json': [] }));
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 400,
      message: PASSIVE_MSG.exportTooManyPeople(100_000),
    });
    expect(await uploads(app)).toEqual([]);
  });
});
