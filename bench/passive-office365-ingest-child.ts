// One phase of bench/passive-office365-ingest.mjs in its own process (its own peak RSS), run with tsx
// from packages/api and NODE_EXTRA_CA_CERTS set to the fake's certificate. A generated tenant of
// `mailboxes` Sent Items of `per` messages each (90 days, 1-3 to, 0-2 cc, some bcc, 10% to outside
// addresses, a subject and a 300-byte body each) is served by the test's fake Graph on loopback.
// - `ingest`: the directory, then the real email source (syncEmail: Graph client, delta pages of 500,
//   people by address, replaceMessages) timed alone; then the daily incremental: one new message in 5%
//   of the mailboxes, syncEmail again from the saved delta links.
// - `baseline`: the same pages fetched with plain fetch (same token, four mailboxes at a time), each
//   message turned into rows by the same rule (emailOf) and COPYed into a scratch table without indexes.
// Prints one JSON line.
import { passiveAccountOf } from '../packages/api/src/access/passive-data.ts';
import type { Actor } from '../packages/api/src/auth/actor.ts';
import { secretBox } from '../packages/api/src/auth/secrets.ts';
import type { Office365Sync } from '../packages/api/src/connectors/office365/context.ts';
import { syncDirectory } from '../packages/api/src/connectors/office365/directory.ts';
import {
  EMAIL_PAGE_SIZE,
  emailOf,
  type SentMessage,
  syncEmail,
} from '../packages/api/src/connectors/office365/email.ts';
import { graphSession } from '../packages/api/src/connectors/office365/graph-client.ts';
import { eachInPool } from '../packages/api/src/connectors/office365/writes.ts';
import { contextOf } from '../packages/api/src/connectors/store/context.ts';
import { INTERACTION_COLUMNS as COLUMNS } from '../packages/api/src/connectors/store/interactions.ts';
import type { TEnv } from '../packages/api/src/env.ts';
import { type FakeMsMessage, type FakeTenant, startFakeMicrosoft } from '../packages/api/test/fake-microsoft.ts';
import { copyInto, organizations, passiveConnections, rowsOf, sql } from '../packages/db/src/index.ts';
import { createTestDb } from '../packages/db/src/testing.ts';

const [phase, mailboxArg, perArg] = process.argv.slice(2) as ['ingest' | 'baseline', string, string];
const mailboxes = Number(mailboxArg);
const per = Number(perArg);
const DAY = 86_400_000;
const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

/** mulberry32: the same tenant in every phase. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const idOf = (i: number) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
const person = (i: number) => ({ emailAddress: { name: `Person ${i}`, address: `p${i}@contoso.com` } });
const outsider = (i: number) => ({ emailAddress: { name: `Partner ${i}`, address: `x${i}@partner.example` } });

function tenantOf(): FakeTenant {
  const rnd = random(23);
  const pick = (not: number) => {
    const i = Math.floor(rnd() * mailboxes);
    return i === not ? (i + 1) % mailboxes : i;
  };
  const now = Date.now();
  const sentItems: Record<string, FakeMsMessage[]> = {};
  for (let u = 0; u < mailboxes; u++) {
    const messages: FakeMsMessage[] = [];
    for (let k = 0; k < per; k++) {
      const key = `${u}-${k}`;
      const to = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => person(pick(u)));
      if (rnd() < 0.1) to.push(outsider(Math.floor(rnd() * 500)));
      messages.push({
        id: `AAMk-${key}`,
        internetMessageId: `<${key}@contoso.com>`,
        conversationId: `AAQk-${key}`,
        sentDateTime: new Date(now - 1000 - Math.floor(rnd() * 90 * DAY)).toISOString(),
        from: person(u),
        toRecipients: to,
        ccRecipients: Array.from({ length: Math.floor(rnd() * 3) }, () => person(pick(u))),
        bccRecipients: rnd() < 0.05 ? [person(pick(u))] : [],
        subject: `Subject ${key}`,
        body: { contentType: 'html', content: `<p>${'lorem ipsum '.repeat(25)}</p>` },
      });
    }
    sentItems[idOf(u)] = messages;
  }
  return {
    tenantId: '72f988bf-86f1-41af-91ab-2d7cd011db47',
    clientId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    clientSecret: 'bench-secret',
    domains: ['contoso.com'],
    users: Array.from({ length: mailboxes }, (_, u) => ({
      id: idOf(u),
      displayName: `Person ${u}`,
      mail: `p${u}@contoso.com`,
      userPrincipalName: `p${u}@contoso.com`,
    })),
    groups: [],
    sentItems,
    events: {},
    people: {},
    teams: [],
    chats: [],
  };
}

const tenant = tenantOf();
const fake = await startFakeMicrosoft(tenant);
fake.pageSize = 1000;
const handle = await createTestDb();
const db = handle.db;
const env = { MS_LOGIN_URL: fake.url, MS_GRAPH_URL: fake.url } as TEnv;
const keptSince = new Date(Date.now() - 180 * DAY);

if (phase === 'ingest') {
  const secrets = secretBox(Buffer.alloc(32, 7));
  const [org] = await db.insert(organizations).values({ name: 'Bench', modules: {} }).returning();
  const actor = { organizationId: org!.id, userId: crypto.randomUUID(), permission: 'Owner' } as Actor;
  const account = await passiveAccountOf(db, secrets, actor);
  const [connection] = await db
    .insert(passiveConnections)
    .values({ accountId: account.id, source: 'office365', method: 'api', name: 'Bench', externalId: tenant.tenantId })
    .returning();
  const ctx = contextOf(account, secrets, connection!.id, 'office365');
  const graph = graphSession(env, tenant, 'sync');
  const base = {
    deps: { db, env, secrets } as unknown as Office365Sync['deps'],
    connection: connection!,
    ctx,
    graph,
    keptSince,
    topPeople: 10,
    report: async () => {},
  };
  const t0 = performance.now();
  const scope = await syncDirectory(base, []);
  const directoryMs = performance.now() - t0;
  fake.calls = [];
  const t1 = performance.now();
  await syncEmail({ ...base, scope });
  const ms = performance.now() - t1;
  const calls = fake.calls.length;
  const [row] = rowsOf<{ n: number; m: number }>(
    await db.execute(sql`
      select count(*)::int as n, count(distinct message_key)::int as m
      from passive_interactions where connection_id = ${connection!.id}::uuid and type = 'email'`),
  );
  // The daily incremental: one new message in 5% of the mailboxes.
  const changed = Math.max(1, Math.round(mailboxes / 20));
  for (let u = 0; u < changed; u++) {
    const first = tenant.sentItems[idOf(u * 20)]![0]!;
    tenant.sentItems[idOf(u * 20)]!.push({
      ...first,
      id: `AAMk-new-${u}`,
      internetMessageId: `<new-${u}@contoso.com>`,
      sentDateTime: new Date().toISOString(),
    });
  }
  fake.calls = [];
  const t2 = performance.now();
  await syncEmail({ ...base, scope });
  const dailyMs = performance.now() - t2;
  console.log(
    JSON.stringify({
      ms,
      directoryMs,
      calls,
      rows: row!.n,
      messages: row!.m,
      dailyMs,
      dailyCalls: fake.calls.length,
      dailyChanged: changed,
      peakRssMb: peakRssMb(),
      db: handle.kind,
    }),
  );
} else {
  await db.execute(sql`create table scratch (like passive_interactions)`);
  const t = performance.now();
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: tenant.clientId,
    client_secret: tenant.clientSecret,
    scope: 'https://graph.microsoft.com/.default',
  });
  const token = (await (
    await fetch(`${fake.url}/${tenant.tenantId}/oauth2/v2.0/token`, { method: 'POST', body: form })
  ).json()) as {
    access_token: string;
  };
  const headers = { authorization: `Bearer ${token.access_token}`, prefer: `odata.maxpagesize=${EMAIL_PAGE_SIZE}` };
  const ids = new Map<string, number>();
  const idOfAddress = (a: string) => {
    const known = ids.get(a);
    if (known !== undefined) return known;
    ids.set(a, ids.size + 1);
    return ids.size;
  };
  const account = crypto.randomUUID();
  const connection = crypto.randomUUID();
  const select = 'sender,from,toRecipients,ccRecipients,bccRecipients,sentDateTime,internetMessageId,conversationId';
  let rows = 0;
  let calls = 0;
  await eachInPool(tenant.users, 4, async (user) => {
    let next: string | undefined =
      `${fake.url}/v1.0/users/${user.id}/mailFolders/SentItems/messages/delta?$select=${select}&$filter=${encodeURIComponent(`receivedDateTime ge ${keptSince.toISOString()}`)}`;
    while (next) {
      calls++;
      const page = (await (await fetch(next, { headers })).json()) as {
        value: SentMessage[];
        '@odata.nextLink'?: string;
      };
      const lines: string[] = [];
      for (const m of page.value) {
        const found = emailOf(m);
        if (!found) continue;
        const { message } = found;
        for (const i of message.interactions)
          lines.push(
            `${account}\t${connection}\t${message.at.toISOString()}\temail\t${idOfAddress(i.from)}\t${idOfAddress(i.to)}\temail\t${message.messageKey}\t${message.recipients}\t1\n`,
          );
      }
      rows += lines.length;
      if (lines.length > 0) await db.transaction((tx) => copyInto(tx, 'scratch', COLUMNS, lines));
      next = page['@odata.nextLink'];
    }
  });
  const ms = performance.now() - t;
  console.log(JSON.stringify({ ms, rows, calls, peakRssMb: peakRssMb(), db: handle.kind }));
}
await handle.close();
await fake.close();
