/**
 * Issue 35 finding 7: whatever writes a network needs the networks module, whatever module the route
 * itself belongs to (trpc.ts `writesNetworks`, docs/modules.md). A user with every module but networks
 * is refused each such route with 403 naming the networks module, and nothing is written; with the
 * module on, the very same call writes (so the refusal is the module's, not the input's).
 */
import { eq, networkShares, networks, organizations, rowsOf, sql, users } from '@tieline/db';
import { MODULES, moduleOffMessage, type TModules } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/root';
import { DISCOVER_EXAMPLES } from '../src/seed/discover-examples';
import type { Meta } from '../src/trpc';
import { RestClient, randomAddress, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { fixtureText } from './meltwater-fixtures';
import { seedNetwork } from './networks-setup';
import { accountOf, person, slackConnection } from './passive-queries-setup';
import { WRITES_NETWORKS } from './router-access-modules-table';

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: Meta } }>;

let app: TestApp;
let me: SeededUser;
let sharedId: string;
let queryId: string;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  me = await seedUser(app, 'owner');
  await setNetworks(true);
  const { db } = app.server.deps;
  await db
    .update(organizations)
    .set({ modules: modules(() => true) })
    .where(eq(organizations.id, me.organizationId!));
  // A network another user shares with me to edit (CFI writes into it; readiness reads it).
  const sharer = await seedUser(app, 'individual');
  sharedId = (await seedNetwork(app, sharer, 'Shared')).id;
  await db.insert(networkShares).values({ networkId: sharedId, userLoginId: me.loginId, permission: 'Edit' });
  // Passive data to query, and a query made while the networks module was on.
  const slack = await slackConnection(app, await accountOf(app, me), [
    person('UA', 'Ann', 'ann@x.com'),
    person('UB', 'Bob', 'bob@x.com'),
  ]);
  await slack.add([
    {
      conversation: 'C1',
      at: new Date(Date.now() - 86_400_000),
      recipients: 1,
      interactions: [{ type: 'reply', from: 'UA', to: 'UB' }],
    },
  ]);
  const made = await call('passiveData.queries.create', QUERY);
  expect(made.status).toBe(200);
  queryId = made.body.result.data._id;
});
afterAll(() => app.close());

const modules = (on: (m: string) => boolean) =>
  Object.fromEntries(MODULES.map((m) => [m, { enabled: on(m) }])) as TModules;

async function setNetworks(on: boolean) {
  await app.server.deps.db
    .update(users)
    .set({ modules: modules((m) => on || m !== 'networks') })
    .where(eq(users.id, me.userId));
}

const QUERY = { name: 'Replies', sources: ['slack'], types: ['reply'], minInteractions: 1 };

async function call(path: string, input: unknown) {
  const client = new RestClient(app.url, randomAddress());
  client.cookie = me.cookie;
  const res = await client.call('POST', `/api/trpc/${path}`, input, { origin: app.url });
  return { status: res.status, message: res.body?.error?.message as string | undefined, body: res.body };
}

/** Everything a network-writing route could leave behind. */
async function written() {
  const [row] = rowsOf<Record<string, string>>(
    await app.server.deps.db.execute(sql`select
      (select count(*) from networks) as networks,
      (select coalesce(sum(version), 0) from networks) as versions,
      (select count(*) from passive_queries) as queries,
      (select count(*) from passive_query_runs) as runs,
      (select count(*) from aona_results) as results,
      (select count(*) from jobs) as jobs`),
  );
  return row;
}

const CASES: [string, () => unknown][] = [
  ['meltwater.create', () => ({ name: 'Media', jsonData: fixtureText('array.json') })],
  ['passiveData.queries.create', () => QUERY],
  ['passiveData.queries.run', () => ({ id: queryId })],
  ['aona.CFI', () => ({ networkId: sharedId, CFIAttribute: 'Team' })],
  ['aona.adaptableReadiness', () => ({ networkIds: [sharedId], createdARNetworkName: 'Readiness' })],
  ['discover.duplicate', () => ({ id: DISCOVER_EXAMPLES[0]!.id })],
];

describe('routes that write networks', () => {
  it('are exactly those marked writesNetworks, and the table lists them', () => {
    const marked = Object.keys(procedures).filter((p) => procedures[p]!._def.meta?.writesNetworks);
    expect(marked.sort()).toEqual([...WRITES_NETWORKS].sort());
    expect(CASES.map(([p]) => p).sort()).toEqual([...WRITES_NETWORKS].sort());
  });

  it.each(CASES)('%s is refused with only the networks module off, and writes nothing', async (path, input) => {
    await setNetworks(false);
    const before = await written();
    expect(await call(path, input())).toMatchObject({ status: 403, message: moduleOffMessage('networks') });
    expect(await written()).toEqual(before);

    // The same call with the module on writes: the refusal was the module's alone.
    await setNetworks(true);
    const ok = await call(path, input());
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await written()).not.toEqual(before);
  });

  it('is refused on the REST path too, with { message }', async () => {
    await setNetworks(false);
    const client = new RestClient(app.url, randomAddress());
    client.cookie = me.cookie;
    const before = await written();
    const res = await client.call(
      'POST',
      '/api/base/passiveData/meltwater',
      { name: 'Media', jsonData: fixtureText('array.json') },
      { origin: app.url },
    );
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 403,
      message: moduleOffMessage('networks'),
    });
    const run = await client.call('POST', `/api/base/passiveData/queries/${queryId}/run`, {}, { origin: app.url });
    expect({ status: run.status, message: run.body.message }).toEqual({
      status: 403,
      message: moduleOffMessage('networks'),
    });
    expect(await written()).toEqual(before);
    const [mine] = await app.server.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(networks)
      .where(eq(networks.ownerId, me.userId));
    expect(mine!.n).toBeGreaterThan(0);
  });
});
