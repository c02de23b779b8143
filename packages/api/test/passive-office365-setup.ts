import { eq, jobs, networks, passiveAccounts, passiveQueryRuns, rowsOf, sql } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { passiveAccountOf } from '../src/access/passive-data';
import type { Actor } from '../src/auth/actor';
import { contextOf, pseudonym } from '../src/connectors/store/context';
import { queueSync } from '../src/connectors/store/status';
import { readDocument } from '../src/network-store/store-network';
import { type FakeMicrosoft, type FakeMsUser, type FakeTenant, startFakeMicrosoft } from './fake-microsoft';
import { clearTeamsFaults } from './fake-microsoft-teams';
import { type SeededUser, startTestApp, type TestApp } from './helpers';
import { U } from './passive-office365-ids';
import { mailData } from './passive-office365-mail-fixtures';
import { teamsData } from './passive-office365-teams-fixtures';
import { passiveUser, restAs } from './passive-slack-api-setup';

// The Microsoft 365 tests' tenant (contoso.com), worked out by hand, and the calls they make.

export const TENANT_ID = '72f988bf-86f1-41af-91ab-2d7cd011db47';
export const CLIENT_ID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
export const CLIENT_SECRET = 'Q~8Qabc.secretvalue-XYZ_123';
export const GROUP_ID = '0a1b2c3d-0000-4000-8000-00000000000a';

const user = (id: string, name: string, extra: Partial<FakeMsUser> = {}): FakeMsUser => ({
  id,
  displayName: name,
  mail: `${name.split(' ')[0]!.toLowerCase()}@contoso.com`,
  userPrincipalName: `${name.split(' ')[0]!.toLowerCase()}@contoso.com`,
  ...extra,
});

export { U } from './passive-office365-ids';

export function tenant(): FakeTenant {
  return {
    tenantId: TENANT_ID,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    domains: ['contoso.com'],
    users: [
      user(U.ann, 'Ann Archer', { department: 'Leadership', jobTitle: 'CEO', officeLocation: 'Paris' }),
      user(U.bob, 'Bob Baker', { department: 'Engineering', jobTitle: 'CTO', managerId: U.ann }),
      user(U.cat, 'Cat Cole', { department: 'Sales', jobTitle: 'Seller', managerId: U.ann }),
      user(U.dan, 'Dan Dale', { department: 'Engineering', jobTitle: 'Engineer', managerId: U.bob }),
      user(U.eve, 'Eve Evans', { mail: null, department: 'Engineering', managerId: U.bob }),
    ],
    groups: [{ id: GROUP_ID, displayName: 'Engineering', members: [U.bob, U.dan, U.eve] }],
    sentItems: {},
    events: {},
    people: {},
    teams: [],
    chats: [],
    ...mailData(),
    ...teamsData(),
  };
}

export const connectBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Contoso 365',
  tenantId: TENANT_ID,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  sources: ['office365Email', 'office365Calendar', 'office365People', 'microsoftTeams'],
  groupIds: [],
  ...extra,
});

// Who connects, and how: the same as the Slack API tests.

export { connectionRow, passiveUser, restAs } from './passive-slack-api-setup';

/** Connects as `user` (a new owner by default), waits for the sync, answers the connection's id. */
export async function connectAndSync(app: TestApp, extra: Record<string, unknown> = {}, user?: SeededUser) {
  const owner = user ?? (await passiveUser(app));
  const res = await restAs(app, owner).post('/passiveData/connections/office365', connectBody(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await app.server.worker.drain();
  return { id: res.body._id as string, owner, res };
}

/** A connection's stored interactions or relations as readable rows: "Bob Baker -> Ann Archer". */
export async function edgesOf(app: TestApp, connectionId: string, type: string) {
  const rows = rowsOf<{ a: string; b: string; weight: number; n: string }>(
    await app.server.deps.db.execute(sql`
      select f.name as a, t.name as b, sum(i.weight)::float8 as weight, count(*) as n
      from passive_interactions i join passive_people f on f.id = i.from_id join passive_people t on t.id = i.to_id
      where i.connection_id = ${connectionId}::uuid and i.type = ${type}
      group by f.name, t.name order by f.name, t.name`),
  );
  return rows.map(
    (r) => `${r.a} -> ${r.b}${Number(r.n) > 1 || r.weight !== 1 ? ` (${Number(r.n)}x, ${r.weight})` : ''}`,
  );
}

/** People of a connection, by name, with what the directory said. */
export async function peopleOf(app: TestApp, connectionId: string) {
  return rowsOf<{
    name: string;
    email: string | null;
    title: string | null;
    deactivated: boolean;
    external: boolean;
    attributes: Record<string, string>;
  }>(
    await app.server.deps.db.execute(sql`
      select p.name, p.email, p.title, p.deactivated, p.external, p.attributes
      from passive_people p join passive_identities i on i.person_id = p.id
      where i.connection_id = ${connectionId}::uuid order by p.name`),
  );
}

// Mail and calendar tests (issue 23): queries run over REST on a synced connection, the account's
// pseudonymization, and the whole passive-data store as text.

/** Network edges as "Layer: from -> to weight" ("--" when undirected), sorted. */
export function networkEdges(data: TNetworkData | null): string[] {
  return (data?.edges ?? [])
    .map((e) => {
      const [s, t] = data!.directed
        ? [e.source, e.target]
        : [Math.min(e.source, e.target), Math.max(e.source, e.target)];
      return `${data!.layers[e.layer]}: ${data!.nodes[s]!.name} ${data!.directed ? '->' : '--'} ${data!.nodes[t]!.name} ${e.weight}`;
    })
    .sort();
}

/** Makes a query of the office365 source as `user`, runs it and drains the job; answers its network's edges. */
export async function runQuery(app: TestApp, user: SeededUser, query: Record<string, unknown>) {
  const client = restAs(app, user);
  const made = await client.post('/passiveData/queries', {
    name: 'Who',
    sources: ['office365'],
    minInteractions: 1,
    ...query,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const started = await client.post(`/passiveData/queries/${made.body._id}/run`);
  expect(started.status).toBe(202);
  await app.server.worker.drain();
  const db = app.server.deps.db;
  const [run] = await db.select().from(passiveQueryRuns).where(eq(passiveQueryRuns.id, started.body.runId));
  expect(run!.error).toBeNull();
  const [row] = await db.select().from(networks).where(eq(networks.id, run!.networkId!));
  return networkEdges(await readDocument(db, row!));
}

/** Turns pseudonymization on for `user`'s account; answers each address's pseudonym. */
export async function pseudonymsOn(app: TestApp, user: SeededUser) {
  const { db, secrets } = app.server.deps;
  const actor = { organizationId: user.organizationId, userId: user.userId, permission: 'Owner' } as Actor;
  const account = await passiveAccountOf(db, secrets, actor);
  await db.update(passiveAccounts).set({ pseudonymize: true }).where(eq(passiveAccounts.id, account.id));
  const keyOf = contextOf({ ...account, pseudonymize: true }, secrets, '', 'office365').keyOf;
  return (address: string) => pseudonym(keyOf(address));
}

/** Every passive_* table and the jobs, as one text: what the store holds, for metadata-only checks. */
export async function storeDump(app: TestApp): Promise<string> {
  const db = app.server.deps.db;
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname like 'passive\\_%'`),
  );
  expect(tables.length).toBeGreaterThan(5);
  let text = '';
  for (const { name } of tables) {
    const [row] = rowsOf<{ t: string }>(
      await db.execute(sql`select coalesce(json_agg(x), '[]')::text as t from ${sql.identifier(name)} x`),
    );
    text += row!.t;
  }
  const all = await db.select().from(jobs);
  return text + JSON.stringify(all);
}

/**
 * A fake tenant and a Tieline whose MS_LOGIN_URL and MS_GRAPH_URL point at it, for a test file; each
 * test starts from tenant() again with no throttling, faults or hooks. `use` receives both.
 */
export function useFakeTenant(use: (fake: FakeMicrosoft, app: TestApp) => void) {
  let fake: FakeMicrosoft;
  let app: TestApp;
  beforeAll(async () => {
    fake = await startFakeMicrosoft(tenant());
    app = await startTestApp({ smtp: false, env: { MS_LOGIN_URL: fake.url, MS_GRAPH_URL: fake.url } });
    use(fake, app);
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.tenant = tenant();
    fake.pageSize = 100;
    fake.throttle(0);
    fake.onGraphCall = null;
    fake.calls = [];
    clearTeamsFaults(fake);
  });
}

/** Queues a sync of the connection at once and waits for it. */
export async function syncAgain(app: TestApp, id: string) {
  expect(await queueSync(app.server.deps, id)).toBe(true);
  await app.server.worker.drain();
}

/** Rows of one interaction type the connection stored. */
export async function typeCount(app: TestApp, id: string, type: string) {
  const [row] = rowsOf<{ n: number }>(
    await app.server.deps.db.execute(
      sql`select count(*)::int as n from passive_interactions where connection_id = ${id}::uuid and type = ${type}`,
    ),
  );
  return row!.n;
}

/** The next Graph call matching `match` runs `act` first (once). */
export function onceOn(fake: FakeMicrosoft, match: (call: string) => boolean, act: () => void) {
  let done = false;
  fake.onGraphCall = (call) => {
    if (done || !match(call)) return;
    done = true;
    act();
  };
}
