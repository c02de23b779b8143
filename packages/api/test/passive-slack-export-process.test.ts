import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Db, rowsOf, sql } from '@tieline/db';
import { afterEach, describe, expect, it } from 'vitest';
import { writeSlackExport } from '../src/connectors/slack/generate-export';
import {
  filesUnder,
  freePort,
  type Proc,
  type ProcessTarget,
  processTarget,
  rootDir,
  running,
  seedOwnerSession,
  startServer,
  useServerProcesses,
  waitFor,
} from './process-helpers';

useServerProcesses();

// The Slack export import in real server processes (src/main.ts, as operators run it) on a data
// directory: metadata only (a marker in every message's text, file names and attachments is nowhere in
// the data directory afterwards, nor in the logs), and an import killed with kill -9 half way, finished
// by a second server on the same database, counting what a clean import counts.

const serverUrl = process.env.DATABASE_URL;
const MARKER = 'QZXMARKER7781';

async function upload(port: number, cookie: string, zip: string) {
  const form = new FormData();
  form.append('name', 'Acme Slack');
  form.append('file', new Blob([new Uint8Array(await readFile(zip))]), 'export.zip');
  const origin = `http://127.0.0.1:${port}`;
  const res = await fetch(`${origin}/api/base/passiveData/connections/slackExport`, {
    method: 'POST',
    headers: { cookie, origin },
    body: form,
  });
  const body = (await res.json()) as { _id: string; message?: string };
  expect(res.status, JSON.stringify(body)).toBe(202);
  return body._id;
}

/** Waits until the import deleted its zip (what a finished import does). */
async function imported(dir: string, ms = 120_000) {
  const started = Date.now();
  while ((await readdir(join(dir, 'uploads')).catch(() => [])).length > 0) {
    if (Date.now() - started > ms) throw new Error('import not finished');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const counts = (db: Db, id: string) =>
  db
    .execute(sql`
      select (select count(*) from passive_interactions where connection_id = ${id}::uuid)::int as interactions,
        (select count(distinct (conversation, message_key)) from passive_interactions where connection_id = ${id}::uuid)::int as messages,
        (select count(*) from passive_identities where connection_id = ${id}::uuid)::int as people,
        (select status from passive_connections where id = ${id}::uuid) as status`)
    .then((r) => rowsOf<{ interactions: number; messages: number; people: number; status: string }>(r)[0]!);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

function server(t: ProcessTarget, port: number): Proc {
  return startServer(t.dir, port, { ...t.env, PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'info' });
}

describe('Slack export import in server processes', { timeout: 300_000 }, () => {
  it('keeps metadata only: the marker in texts, file names and attachments is nowhere in the data directory', async () => {
    const t = await processTarget();
    cleanups.push(t.drop);
    const cookie = await t.use((db) => seedOwnerSession(db, 'Acme'));
    const zip = join(rootDir(), 'marker.zip');
    await writeSlackExport(zip, { seed: 3, people: 30, days: 5, messagesPerDay: 300, marker: MARKER });

    const port = await freePort();
    const proc = server(t, port);
    await waitFor(proc, running);
    const id = await upload(port, cookie, zip);
    await imported(t.dir);
    proc.child.kill('SIGTERM');
    await proc.exit;

    const stored = await t.use((db) => counts(db, id));
    expect(stored).toMatchObject({ status: 'done', people: 30 });
    expect(stored.interactions).toBeGreaterThan(1000);
    // Every file the server wrote (PGlite's tables and WAL, uploads, files), read raw.
    const marker = Buffer.from(MARKER);
    const holding: string[] = [];
    let scanned = 0;
    for await (const file of filesUnder(t.dir)) {
      if ((await stat(file)).size === 0) continue;
      scanned++;
      if ((await readFile(file)).includes(marker)) holding.push(file);
    }
    expect(scanned).toBeGreaterThan(10);
    expect(holding).toEqual([]);
    expect(await readdir(join(t.dir, 'uploads'))).toEqual([]);
    expect(proc.output()).not.toContain(MARKER);
    if (serverUrl) {
      // On PostgreSQL the rows live in the server: look for the marker in every text column of ours.
      const found = await t.use(async (db) =>
        rowsOf(
          await db.execute(sql`
            select 1 from passive_interactions i where i.conversation like ${`%${MARKER}%`} or i.message_key like ${`%${MARKER}%`}
            union all select 1 from passive_people where name like ${`%${MARKER}%`} or attributes::text like ${`%${MARKER}%`}
            union all select 1 from passive_conversations where name like ${`%${MARKER}%`}
            union all select 1 from jobs where payload::text like ${`%${MARKER}%`} or coalesce(last_error, '') like ${`%${MARKER}%`}`),
        ),
      );
      expect(found).toEqual([]);
    }
  });

  it('an import killed with kill -9 half way is finished by a second server, counting what a clean import counts', async () => {
    const zip = join(rootDir(), 'kill.zip');
    await writeSlackExport(zip, { seed: 5, people: 60, channels: 6, days: 16, messagesPerDay: 2500, marker: MARKER });

    // The clean import, for comparison.
    const clean = await processTarget();
    cleanups.push(clean.drop);
    const cleanCookie = await clean.use((db) => seedOwnerSession(db, 'Acme'));
    const cleanPort = await freePort();
    const cleanProc = server(clean, cleanPort);
    await waitFor(cleanProc, running);
    const cleanId = await upload(cleanPort, cleanCookie, zip);
    await imported(clean.dir);
    cleanProc.child.kill('SIGTERM');
    await cleanProc.exit;
    const expected = await clean.use((db) => counts(db, cleanId));
    expect(expected.status).toBe('done');

    const t = await processTarget();
    cleanups.push(t.drop);
    const cookie = await t.use((db) => seedOwnerSession(db, 'Acme'));
    const port = await freePort();
    const first = server(t, port);
    await waitFor(first, running);
    const id = await upload(port, cookie, zip);
    // Half way through, by the progress the import writes, read as the card reads it (a time would race:
    // test files run two at a time, so one import can run much faster than another).
    for (;;) {
      const card = await fetch(`http://127.0.0.1:${port}/api/base/passiveData/connections/${id}`, {
        headers: { cookie },
      }).then((r) => r.json() as Promise<{ progress: number; status: string }>);
      expect(card.status).not.toBe('done');
      if (card.progress >= 0.4) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    first.child.kill('SIGKILL');
    await first.exit;

    // All or nothing: half an import is staged, none of it stored.
    const atKill = await t.use((db) => counts(db, id));
    expect(atKill).toMatchObject({ status: 'running', interactions: 0, people: 0 });
    const [halfway] = await t.use(async (db) =>
      rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from passive_staged_interactions where connection_id = ${id}::uuid`,
        ),
      ),
    );
    expect(halfway!.n).toBeGreaterThan(0);
    expect(halfway!.n).toBeLessThan(expected.interactions);
    // Time passes: the dead worker's lease runs out (LEASE_MS after its last heartbeat).
    await t.use((db) =>
      db.execute(sql`update jobs set locked_until = now() - interval '1 second' where state = 'running'`),
    );
    const port2 = await freePort();
    const second = server(t, port2);
    await waitFor(second, running);
    await imported(t.dir);
    second.child.kill('SIGTERM');
    await second.exit;

    const after = await t.use((db) => counts(db, id));
    expect(after).toEqual(expected);
    const lines = (db: Db, cid: string) =>
      db
        .execute(sql`
          select i.type, f.key as f, t.key as t, i.conversation, i.message_key, i.at
          from passive_interactions i join passive_people f on f.id = i.from_id join passive_people t on t.id = i.to_id
          where i.connection_id = ${cid}::uuid order by 1, 2, 3, 4, 5`)
        .then((r) =>
          rowsOf<Record<string, unknown>>(r).map((x) => `${x.type} ${x.f} ${x.t} ${x.conversation} ${x.message_key}`),
        );
    expect(await t.use((db) => lines(db, id))).toEqual(await clean.use((db) => lines(db, cleanId)));
  });
});
