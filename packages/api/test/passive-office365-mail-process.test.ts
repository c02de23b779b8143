import { readFile, stat } from 'node:fs/promises';
import { rowsOf, sql } from '@tieline/db';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeMicrosoft } from './fake-microsoft';
import { MARKER } from './passive-office365-mail-fixtures';
import { connectBody, tenant } from './passive-office365-setup';
import {
  filesUnder,
  freePort,
  processTarget,
  running,
  seedOwnerSession,
  startServer,
  useServerProcesses,
  waitFor,
} from './process-helpers';

useServerProcesses();

// Metadata only, in a real server process (src/main.ts) on a data directory: the fake serves every
// message's and event's subject and body (with MARKER in them) whatever was selected; after the email
// and calendar sync, MARKER is in no file of the data directory (PGlite's tables and WAL), nor in the
// server's output, while what is kept (a message's internetMessageId) is found there by the same scan.

const serverUrl = process.env.DATABASE_URL;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

describe('Microsoft 365 mail and calendar in a server process', { timeout: 180_000 }, () => {
  it('keeps no subject or body anywhere in the data directory', async () => {
    const fake = await startFakeMicrosoft(tenant());
    cleanups.push(() => fake.close());
    const t = await processTarget();
    cleanups.push(t.drop);
    const cookie = await t.use((db) => seedOwnerSession(db, 'Contoso'));
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const proc = startServer(t.dir, port, {
      ...t.env,
      PUBLIC_URL: origin,
      LOG_LEVEL: 'info',
      MS_LOGIN_URL: fake.url,
      MS_GRAPH_URL: fake.url,
    });
    await waitFor(proc, running);
    const headers = { cookie, origin, 'content-type': 'application/json' };
    const made = await fetch(`${origin}/api/base/passiveData/connections/office365`, {
      method: 'POST',
      headers,
      body: JSON.stringify(connectBody({ sources: ['office365Email', 'office365Calendar'] })),
    });
    const connection = (await made.json()) as { _id: string };
    expect(made.status, JSON.stringify(connection)).toBe(200);
    let status = '';
    for (let i = 0; i < 600 && status !== 'done' && status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const res = await fetch(`${origin}/api/base/passiveData/connections/${connection._id}`, { headers });
      status = ((await res.json()) as { status: string }).status;
    }
    expect(status).toBe('done');
    expect(fake.calls.some((c) => c.includes('/messages/delta'))).toBe(true);
    expect(fake.calls.some((c) => c.includes('/calendarView'))).toBe(true);
    proc.child.kill('SIGTERM');
    await proc.exit;
    expect(proc.output()).not.toContain(MARKER);

    const marker = Buffer.from(MARKER);
    const kept = Buffer.from('<m1@contoso.com>');
    const holding: string[] = [];
    let keptFound = false;
    for await (const file of filesUnder(t.dir)) {
      if ((await stat(file)).size === 0) continue;
      const bytes = await readFile(file);
      if (bytes.includes(marker)) holding.push(file);
      if (bytes.includes(kept)) keptFound = true;
    }
    expect(holding).toEqual([]);
    if (serverUrl) {
      // On PostgreSQL the rows live in the server: every passive table and the jobs, as text.
      const found = await t.use(async (db) => {
        const tables = rowsOf<{ name: string }>(
          await db.execute(sql`
            select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = current_schema() and c.relkind in ('r', 'p') and (c.relname like 'passive\\_%' or c.relname = 'jobs')`),
        );
        let text = '';
        for (const { name } of tables) {
          const [row] = rowsOf<{ t: string }>(
            await db.execute(sql`select coalesce(json_agg(x), '[]')::text as t from ${sql.identifier(name)} x`),
          );
          text += row!.t;
        }
        return text;
      });
      expect(found).toContain('<m1@contoso.com>');
      expect(found).not.toContain(MARKER);
    } else {
      // The scan does see what the database keeps.
      expect(keptFound).toBe(true);
    }
  });
});
