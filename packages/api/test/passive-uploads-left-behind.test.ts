/**
 * Issue 35 finding 4: nothing left behind. Uploaded exports (every message's text) are the server
 * user's alone (files 0600, the directory 0700); Disconnect deletes the zip whether its import is
 * queued or running, and the import then ends quietly without making rows again; a sweep (at start-up
 * and daily) deletes zips no import will read and `.part` files older than a day. Disconnect keeps or
 * deletes the networks made from the connection's source, as asked.
 */
import { chmod, mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, jobs, networks, passiveConnections, rowsOf, sql } from '@tieline/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newUploadKey, sweepUploads, uploadsDir } from '../src/connectors/slack/export-upload';
import { writeSlackExport } from '../src/connectors/slack/generate-export';
import { contextOf } from '../src/connectors/store/context';
import { upsertPeople } from '../src/connectors/store/people';
import { SyncError } from '../src/connectors/sync-error';
import { passiveSyncJob } from '../src/jobs/definitions/passive-sync';
import { startTestApp, type TestApp } from './helpers';
import { accountOf, clientOf, person, slackConnection } from './passive-queries-setup';
import { passiveUser, uploadExport, zipOf } from './passive-slack-export-fixtures';
import {
  freePort,
  type Proc,
  processTarget,
  rootDir,
  running,
  startServer,
  useServerProcesses,
  waitFor,
} from './process-helpers';

useServerProcesses();

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

const DAY = 86_400_000;
const dir = () => uploadsDir(app.server.deps.env);
const mode = async (path: string) => (await stat(path)).mode & 0o777;
const small = () =>
  zipOf({
    'users.json': [{ id: 'U1', team_id: 'T1', profile: { email: 'a@x.com', real_name: 'Ann' } }],
    'channels.json': [{ id: 'C1', name: 'general', members: ['U1'] }],
  });

async function peopleOf(accountId: string) {
  const [row] = rowsOf<{ n: number }>(
    await app.server.deps.db.execute(
      sql`select count(*)::int as n from passive_people p where p.account_id = ${accountId}::uuid`,
    ),
  );
  return row!.n;
}

const disconnect = (owner: Awaited<ReturnType<typeof passiveUser>>, id: string, name: string, networks = 'keep') =>
  clientOf(app, owner).call(
    'DELETE',
    `/api/base/passiveData/connections/${id}?confirm=${encodeURIComponent(name)}&networks=${networks}`,
  );

describe('uploaded exports on disk', () => {
  it('are the server user’s alone: the zip 0600 in a 0700 directory, whatever the directory was', async () => {
    await mkdir(dir(), { recursive: true });
    await chmod(dir(), 0o755);
    const owner = await passiveUser(app);
    const res = await uploadExport(app, owner, await small());
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const [row] = await app.server.deps.db
      .select()
      .from(passiveConnections)
      .where(eq(passiveConnections.id, res.body._id));
    expect(await mode(dir())).toBe(0o700);
    expect(await mode(join(dir(), row!.uploadKey!))).toBe(0o600);
    expect(await disconnect(owner, res.body._id, 'Acme Slack')).toMatchObject({ status: 200 });
  });
});

describe('Disconnect', () => {
  afterEach(() => app.server.worker.drain());

  it('deletes the zip of a queued import, and the job then does nothing', async () => {
    const owner = await passiveUser(app);
    const res = await uploadExport(app, owner, await small());
    expect(res.status).toBe(202);
    expect(await readdir(dir())).toHaveLength(1);
    expect(await disconnect(owner, res.body._id, 'Acme Slack')).toMatchObject({ status: 200 });
    expect(await readdir(dir())).toEqual([]);
    await app.server.worker.drain();
    const account = await accountOf(app, owner);
    expect(await peopleOf(account.id)).toBe(0);
    const [job] = await app.server.deps.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'connectionId' = ${res.body._id}`);
    expect(job?.state).toBe('done');
  });

  it('deletes the zip of a running import, which stops quietly and makes nothing again', async () => {
    const owner = await passiveUser(app);
    const zip = join(rootDir(), `big-${Date.now()}.zip`);
    const start = new Date(Date.now() - 40 * DAY).toISOString().slice(0, 10);
    await writeSlackExport(zip, { seed: 7, people: 40, days: 30, messagesPerDay: 3000, start });
    const res = await uploadExport(app, owner, await readFile(zip));
    expect(res.status).toBe(202);
    const id = res.body._id as string;
    const { db } = app.server.deps;
    // The import runs as the worker runs it; Disconnect comes once it is storing messages.
    const job = passiveSyncJob.handle(
      { ...app.server.deps, mailer: app.server.mailer },
      { connectionId: id },
      {
        attempt: 1,
        maxAttempts: 5,
      },
    );
    let settled = false;
    void job.finally(() => {
      settled = true;
    });
    const storing = async () =>
      rowsOf(await db.execute(sql`select 1 from passive_interactions i where i.connection_id = ${id}::uuid limit 1`))
        .length > 0;
    while (!(await storing())) {
      expect(settled, 'the import finished before it could be disconnected').toBe(false);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(await disconnect(owner, id, 'Acme Slack')).toMatchObject({ status: 200 });
    expect(await readdir(dir())).toEqual([]);
    // Ends without an error (no retry, no failure to report) and nothing of the connection comes back.
    await expect(job).resolves.toBeUndefined();
    const account = await accountOf(app, owner);
    expect(await peopleOf(account.id)).toBe(0);
    const [left] = rowsOf<{ n: number }>(
      await db.execute(sql`select
        (select count(*) from passive_interactions i where i.connection_id = ${id}::uuid)
        + (select count(*) from passive_identities d where d.connection_id = ${id}::uuid)
        + (select count(*) from passive_conversations c where c.connection_id = ${id}::uuid)
        + (select count(*) from passive_connections c where c.id = ${id}::uuid) as n`),
    );
    expect(Number(left!.n)).toBe(0);
    // An export of 90,000 messages: ~20 s on a quiet host, over 30 s beside other work.
  }, 120_000);

  it('leaves no people behind when a sync writes after its connection is gone', async () => {
    const owner = await passiveUser(app);
    const account = await accountOf(app, owner);
    const slack = await slackConnection(app, account, [person('UA', 'Ann', 'ann@x.com')]);
    expect(await disconnect(owner, slack.connection.id, 'slack')).toMatchObject({ status: 200 });
    const ctx = contextOf(account, app.server.deps.secrets, slack.connection.id, 'slack');
    await expect(upsertPeople(app.server.deps.db, ctx, [person('UB', 'Bob', 'bob@x.com')])).rejects.toBeInstanceOf(
      SyncError,
    );
    expect(await peopleOf(account.id)).toBe(0);
  });

  it('keeps or deletes the networks made by queries over its source, as asked', async () => {
    const owner = await passiveUser(app);
    const { db } = app.server.deps;
    const account = await accountOf(app, owner);
    const client = clientOf(app, owner);
    const at = new Date(Date.now() - DAY);
    const tie = { conversation: 'C1', at, recipients: 1 };
    const slack = await slackConnection(app, account, [person('UA', 'Ann', 'a@x.com'), person('UB', 'Bob', 'b@x.com')]);
    await slack.add([{ ...tie, interactions: [{ type: 'reply', from: 'UA', to: 'UB' }] }]);
    const office = await slackConnection(
      app,
      account,
      [person('MA', 'Ann', 'a@x.com'), person('MB', 'Bob', 'b@x.com')],
      'office365',
    );
    await office.add([{ ...tie, interactions: [{ type: 'email', from: 'MA', to: 'MB' }] }]);
    const networkOf = async (sources: string[], types: string[]) => {
      const made = await client.post('/passiveData/queries', {
        name: sources.join('+'),
        sources,
        types,
        minInteractions: 1,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect((await client.post(`/passiveData/queries/${made.body._id}/run`)).status).toBe(202);
      await app.server.worker.drain();
      const got = await client.get(`/passiveData/queries/${made.body._id}`);
      expect(got.body.runs[0], JSON.stringify(got.body)).toMatchObject({
        status: 'done',
        networkId: expect.any(String),
      });
      return got.body.runs[0].networkId as string;
    };
    const slackOnly = await networkOf(['slack'], ['reply']);
    const both = await networkOf(['slack', 'office365'], ['reply', 'email']);
    const officeOnly = await networkOf(['office365'], ['email']);
    const exists = async (id: string) => (await db.select().from(networks).where(eq(networks.id, id))).length > 0;

    // Keep: every network stays.
    const second = await slackConnection(app, account, [person('UC', 'Cy', 'c@x.com')]);
    expect(await disconnect(owner, second.connection.id, 'slack', 'keep')).toMatchObject({
      status: 200,
      body: { ok: true, networksDeleted: 0 },
    });
    for (const id of [slackOnly, both, officeOnly]) expect(await exists(id)).toBe(true);

    // Delete: those of the queries whose sources include Slack; Microsoft's alone stays.
    expect(await disconnect(owner, slack.connection.id, 'slack', 'delete')).toMatchObject({
      status: 200,
      body: { ok: true, networksDeleted: 2 },
    });
    expect([await exists(slackOnly), await exists(both), await exists(officeOnly)]).toEqual([false, false, true]);
  });
});

describe('the sweep', () => {
  it('deletes zips no import will read and day-old .part files, leaving the rest; two at once are harmless', async () => {
    const { db } = app.server.deps;
    const owner = await passiveUser(app);
    const account = await accountOf(app, owner);
    await mkdir(dir(), { recursive: true });
    const now = Date.now();
    const file = async (name: string, ageMs: number) => {
      const path = join(dir(), name);
      await writeFile(path, 'x');
      await utimes(path, new Date(now - ageMs), new Date(now - ageMs));
      return name;
    };
    const connection = async (status: 'queued' | 'running' | 'done' | 'failed', uploadKey: string) => {
      const [row] = await db
        .insert(passiveConnections)
        .values({ accountId: account.id, source: 'slack', method: 'export', name: status, status, uploadKey })
        .returning();
      return row!.id;
    };
    const orphan = await file(newUploadKey(), 2 * 3_600_000);
    const justRenamed = await file(newUploadKey(), 60_000);
    const queued = await file(newUploadKey(), 3 * DAY);
    await connection('queued', queued);
    const importing = await file(newUploadKey(), 3 * DAY);
    await connection('running', importing);
    const failedKey = await file(newUploadKey(), 2 * 3_600_000);
    const failed = await connection('failed', failedKey);
    const oldPart = await file('0b9f6a2e-3c41-4d8e-9a7b-1c2d3e4f5a6b.part', DAY + 60_000);
    const freshPart = await file('1b9f6a2e-3c41-4d8e-9a7b-1c2d3e4f5a6b.part', 3_600_000);
    const notOurs = await file('README.txt', 10 * DAY);

    const [a, b] = await Promise.all([sweepUploads(app.server.deps), sweepUploads(app.server.deps)]);
    expect([...new Set([...a, ...b])].sort()).toEqual([orphan, failedKey, oldPart].sort());
    expect((await readdir(dir())).sort()).toEqual([justRenamed, queued, importing, freshPart, notOurs].sort());
    const [row] = await db.select().from(passiveConnections).where(eq(passiveConnections.id, failed));
    expect(row!.uploadKey).toBeNull();
    expect(await sweepUploads(app.server.deps)).toEqual([]);
  });
});

describe('a server starting', { timeout: 300_000 }, () => {
  let proc: Proc | null = null;
  afterEach(async () => {
    proc?.child.kill('SIGTERM');
    await new Promise((r) => (proc?.closed() ? r(null) : proc?.child.once('exit', r)));
  });

  it('sweeps its uploads directory before it answers', async () => {
    const t = await processTarget();
    const uploads = join(t.dir, 'uploads');
    await mkdir(uploads, { recursive: true });
    const part = join(uploads, '2b9f6a2e-3c41-4d8e-9a7b-1c2d3e4f5a6b.part');
    const zip = join(uploads, newUploadKey());
    for (const path of [part, zip]) {
      await writeFile(path, 'message text');
      await utimes(path, new Date(Date.now() - 2 * DAY), new Date(Date.now() - 2 * DAY));
    }
    proc = startServer(t.dir, await freePort(), t.env);
    await waitFor(proc, running, 180_000);
    expect(await readdir(uploads)).toEqual([]);
    await t.drop();
  });
});
