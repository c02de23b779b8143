// One phase of bench/passive-ingest.mjs in its own process (so each has its own peak RSS), run with
// tsx from packages/api: `ingest` imports the export through the real syncer (SYNCERS['slack:export']:
// people, conversations, day files, replaceMessages); `baseline` reads the same zip, parses the same
// day files with the same rules and COPYs the same rows into a scratch table without indexes.
// Prints one JSON line: { ms, messages?, rows, peakRssMb }.
import { dirname } from 'node:path';
import { passiveAccountOf } from '../packages/api/src/access/passive-data.ts';
import type { Actor } from '../packages/api/src/auth/actor.ts';
import { secretBox } from '../packages/api/src/auth/secrets.ts';
import { SYNCERS } from '../packages/api/src/connectors/registry.ts';
import { openExport, readJson } from '../packages/api/src/connectors/slack/export-zip.ts';
import { type SlackMessage, slackMessageInteractions } from '../packages/api/src/connectors/slack/interactions.ts';
import { contextOf } from '../packages/api/src/connectors/store/context.ts';
import { INTERACTION_COLUMNS as COLUMNS } from '../packages/api/src/connectors/store/interactions.ts';
import type { TEnv } from '../packages/api/src/env.ts';
import { copyInto, organizations, passiveConnections, rowsOf, sql } from '../packages/db/src/index.ts';
import { createTestDb } from '../packages/db/src/testing.ts';

const [phase, zipPath] = process.argv.slice(2) as ['ingest' | 'baseline', string];
const env = {
  DATA_DIR: dirname(dirname(zipPath)),
  SLACK_EXPORT_MAX_BYTES: 2 * 1024 ** 3,
  SLACK_EXPORT_MAX_FILES: 500_000,
} as unknown as TEnv;
const key = zipPath.split('/').pop()!;
const handle = await createTestDb();
const db = handle.db;
const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

if (phase === 'ingest') {
  const secrets = secretBox(Buffer.alloc(32, 7));
  const [org] = await db.insert(organizations).values({ name: 'Bench', modules: {} }).returning();
  const actor = { organizationId: org!.id, userId: crypto.randomUUID(), permission: 'Owner' } as Actor;
  const account = await passiveAccountOf(db, secrets, actor);
  const [connection] = await db
    .insert(passiveConnections)
    .values({ accountId: account.id, source: 'slack', method: 'export', name: 'Bench', uploadKey: key })
    .returning();
  const ctx = contextOf(account, secrets, connection!.id, 'slack');
  // The syncer deletes the zip it imported: the bench gives it a hard link of the generated one.
  const t = performance.now();
  await SYNCERS['slack:export']!({ db, env } as never, connection!, ctx, async () => {});
  const ms = performance.now() - t;
  const [row] = rowsOf<{ n: number; m: number }>(
    await db.execute(sql`
      select count(*)::int as n, count(distinct (conversation, message_key))::int as m
      from passive_interactions where connection_id = ${connection!.id}::uuid`),
  );
  console.log(JSON.stringify({ ms, rows: row!.n, messages: row!.m, peakRssMb: peakRssMb(), db: handle.kind }));
} else {
  await db.execute(sql`create table scratch (like passive_interactions)`);
  const t = performance.now();
  const index = await openExport(zipPath, { maxEntries: 500_000, maxUnzippedBytes: 64 * 1024 ** 3 });
  const users = (await readJson(index, index.lists.get('users.json')!)) as { id: string }[];
  const ids = new Map(users.map((u, i) => [u.id, i + 1]));
  const kinds: Record<string, 'channel' | 'private' | 'im' | 'mpim'> = {
    'channels.json': 'channel',
    'groups.json': 'private',
    'dms.json': 'im',
    'mpims.json': 'mpim',
  };
  let rows = 0;
  const account = crypto.randomUUID();
  const connection = crypto.randomUUID();
  for (const [list, kind] of Object.entries(kinds)) {
    const entry = index.lists.get(list);
    const conversations = entry
      ? ((await readJson(index, entry)) as { id: string; name?: string; members?: string[] }[])
      : [];
    for (const c of conversations) {
      const parents = new Map<string, string>();
      let lines: string[] = [];
      for (const { entry: day } of index.days.get(kind === 'im' ? c.id : c.name!) ?? []) {
        const messages = (await readJson(index, day)) as SlackMessage[];
        for (const m of messages) if (m.user && (!m.thread_ts || m.thread_ts === m.ts)) parents.set(m.ts, m.user);
        for (const m of messages) {
          const found = slackMessageInteractions(m, { id: c.id, kind, members: c.members ?? [] }, (ts) =>
            parents.get(ts),
          );
          if (!found) continue;
          for (const i of found.interactions) {
            const from = ids.get(i.from);
            const to = ids.get(i.to);
            if (from === undefined || to === undefined || from === to) continue;
            lines.push(
              `${account}\t${connection}\t${found.at.toISOString()}\t${i.type}\t${from}\t${to}\t${c.id}\t${found.messageKey}\t${found.recipients}\t1\n`,
            );
          }
        }
        if (lines.length >= 10_000) {
          const batch = lines;
          lines = [];
          rows += batch.length;
          await db.transaction((tx) => copyInto(tx, 'scratch', COLUMNS, batch));
        }
      }
      if (lines.length > 0) {
        rows += lines.length;
        const batch = lines;
        await db.transaction((tx) => copyInto(tx, 'scratch', COLUMNS, batch));
      }
    }
  }
  index.zip.close();
  const ms = performance.now() - t;
  console.log(JSON.stringify({ ms, rows, peakRssMb: peakRssMb(), db: handle.kind }));
}
await handle.close();
