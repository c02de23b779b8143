import { and, eq, jobs, networks, rowsOf, sql } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import { PASSIVE_MSG } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import { readDocument } from '../src/network-store/store-network';
import { ALL_ROLES, type FakeMicrosoft } from './fake-microsoft';
import { faultsFired, teamsFault } from './fake-microsoft-teams';
import type { TestApp } from './helpers';
import {
  connectAndSync,
  connectionRow,
  edgesOf,
  GROUP_ID,
  passiveUser,
  restAs,
  U,
  useFakeTenant,
} from './passive-office365-setup';
import { PEOPLE_EDGES, PEOPLE_EDGES_TOP2 } from './passive-office365-teams-fixtures';
import { runRow } from './passive-queries-setup';

// Microsoft People against the fake Graph: each person's top X people in scope (the ranking skips
// the person, external addresses, groups and people out of scope), weight X - rank + 1, X the
// account's setting; replaced as a whole each sync; paging, throttling, expired tokens, failures half
// way, optional groups and pseudonymization.

let fake: FakeMicrosoft;
let app: TestApp;
useFakeTenant((f, a) => {
  fake = f;
  app = a;
});

const peopleOnly = { sources: ['office365People'] };
const peopleCalls = (id: string) => fake.calls.filter((c) => c.startsWith(`/v1.0/users/${id}/people`));

async function resync(id: string, owner: Awaited<ReturnType<typeof passiveUser>>) {
  const res = await restAs(app, owner).post(`/passiveData/connections/${id}/sync`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await app.server.worker.drain();
}

/** Runs a failed sync's retry now (the queue would after its backoff). */
async function retryNow() {
  await app.server.deps.db
    .update(jobs)
    .set({ runAt: new Date() })
    .where(and(eq(jobs.kind, 'passive-sync'), eq(jobs.state, 'queued')));
  await app.server.worker.drain();
}

describe('Microsoft People', () => {
  it('gives each person -> their first 10 people in scope, weight X - rank + 1', async () => {
    const { id } = await connectAndSync(app, peopleOnly);
    const row = await connectionRow(app, id);
    expect(row).toMatchObject({ status: 'done', error: null });
    expect(row.sourceProgress).toEqual({ office365Directory: 1, office365People: 1 });
    expect(await edgesOf(app, id, 'people')).toEqual(PEOPLE_EDGES);
    // Asked with only the fields used; Eve has no mailbox (404) and gives nothing.
    expect(peopleCalls(U.ann)[0]).toBe(
      `/v1.0/users/${U.ann}/people?$select=id,displayName,scoredEmailAddresses,personType&$top=50`,
    );
    expect(peopleCalls(U.eve)).toHaveLength(1);
  });

  it('takes X from the topPeople setting, paging only as far as needed at two people a page', async () => {
    const owner = await passiveUser(app);
    const saved = await restAs(app, owner).call('PUT', '/api/base/passiveData/settings', { topPeople: 2 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    fake.pageSize = 2;
    const { id } = await connectAndSync(app, peopleOnly, owner);
    expect(await edgesOf(app, id, 'people')).toEqual(PEOPLE_EDGES_TOP2);
    // Ann's second in scope (Cat) is on her third page of nine people: the rest is not read.
    expect(peopleCalls(U.ann)).toHaveLength(3);
    expect(decodeURIComponent(peopleCalls(U.ann)[1]!)).toContain('$skiptoken=2');
    // Bob's two are on his first page.
    expect(peopleCalls(U.bob)).toHaveLength(1);
  });

  it('replaces the whole set on the next sync, and a sync failing half way keeps the last one', async () => {
    const { id, owner } = await connectAndSync(app, peopleOnly);
    fake.tenant.people[U.bob] = [fake.tenant.people[U.bob]![2]!]; // Eve only
    teamsFault(fake, { match: /\/people/, after: 2, action: 'fail' });
    await resync(id, owner);
    expect((await connectionRow(app, id)).status).toBe('running');
    expect(await edgesOf(app, id, 'people')).toEqual(PEOPLE_EDGES);
    await retryNow();
    expect((await connectionRow(app, id)).status).toBe('done');
    const expected = PEOPLE_EDGES.filter((e) => !e.startsWith('Bob Baker')).concat('Bob Baker -> Eve Evans (1x, 10)');
    expect(await edgesOf(app, id, 'people')).toEqual(expected.sort());
  });

  it('waits out a storm of 429s with Retry-After and renews a token that expires mid-sync', async () => {
    teamsFault(fake, { match: /\/people/, after: 1, action: 3, seconds: 1 });
    teamsFault(fake, { match: /\/people/, after: 3, action: 'expire' });
    const issued = fake.tokensIssued;
    const started = Date.now();
    const { id } = await connectAndSync(app, peopleOnly);
    // Three 429s (calls in flight wait at once) and one 401, each call tried again.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(fake.calls.filter((c) => c.includes('/people')).length).toBeGreaterThanOrEqual(5 + 1 + 1);
    expect(await connectionRow(app, id)).toMatchObject({ status: 'done', error: null });
    expect(faultsFired(fake)).toBe(2);
    expect(fake.tokensIssued).toBeGreaterThan(issued);
    expect(await edgesOf(app, id, 'people')).toEqual(PEOPLE_EDGES);
  });

  it('keeps only people in the optional groups, ranked among themselves', async () => {
    const { id } = await connectAndSync(app, { ...peopleOnly, groupIds: [GROUP_ID] });
    expect(await edgesOf(app, id, 'people')).toEqual([
      'Bob Baker -> Dan Dale (1x, 10)',
      'Bob Baker -> Eve Evans (1x, 9)',
      'Dan Dale -> Bob Baker (1x, 10)',
      'Dan Dale -> Eve Evans (1x, 9)',
    ]);
    // People out of scope are not read.
    expect(peopleCalls(U.ann)).toHaveLength(0);
  });

  it('stores pseudonyms, not names or emails, and the same relations', async () => {
    const owner = await passiveUser(app);
    await restAs(app, owner).call('PUT', '/api/base/passiveData/settings', {
      pseudonymize: true,
      confirm: 'Pseudonymize',
    });
    const { id } = await connectAndSync(app, peopleOnly, owner);
    const edges = await edgesOf(app, id, 'people');
    expect(edges).toHaveLength(PEOPLE_EDGES.length);
    for (const e of edges) expect(e).toMatch(/^Person [A-Z2-9]{8} -> Person [A-Z2-9]{8} \(1x, \d+\)$/);
    const weights = (list: string[]) => list.map((e) => Number(/, (\d+)\)$/.exec(e)![1])).sort();
    expect(weights(edges)).toEqual(weights(PEOPLE_EDGES));
    const people = rowsOf<{ name: string; email: string | null }>(
      await app.server.deps.db.execute(sql`
        select p.name, p.email from passive_people p join passive_identities i on i.person_id = p.id
        where i.connection_id = ${id}::uuid`),
    );
    expect(people.every((p) => p.email === null && /^Person /.test(p.name))).toBe(true);
  });

  it('fails with a message naming People.Read.All when Graph refuses it', async () => {
    fake.tenant.roles = ALL_ROLES.filter((r) => r !== 'People.Read.All');
    const { id } = await connectAndSync(app, peopleOnly);
    expect(await connectionRow(app, id)).toMatchObject({
      status: 'failed',
      error: PASSIVE_MSG.microsoftPermission('People.Read.All'),
    });
  });
});

describe('a query of the People and Reports to relations', () => {
  /** Makes the query, runs it, drains the job; answers the network it wrote as "Layer: a -> b weight". */
  async function run(owner: Awaited<ReturnType<typeof passiveUser>>, query: Record<string, unknown>) {
    const client = restAs(app, owner);
    const made = await client.post('/passiveData/queries', { name: 'Formal and top people', ...query });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const started = await client.post(`/passiveData/queries/${made.body._id}/run`);
    expect(started.status).toBe(202);
    await app.server.worker.drain();
    const ran = await runRow(app, started.body.runId);
    expect(ran.error).toBeNull();
    const [row] = await app.server.deps.db.select().from(networks).where(eq(networks.id, ran.networkId!));
    const data: TNetworkData = await readDocument(app.server.deps.db, row!);
    const sep = data.directed ? '->' : '--';
    const edges = data.edges
      .map((e) => {
        const [a, b] = data.directed
          ? [e.source, e.target]
          : [Math.min(e.source, e.target), Math.max(e.source, e.target)];
        return `${data.layers[e.layer]}: ${data.nodes[a]!.name} ${sep} ${data.nodes[b]!.name} ${e.weight}`;
      })
      .sort();
    return { data, edges };
  }

  /** PEOPLE_EDGES ("Ann Archer -> Bob Baker (1x, 10)") as network edges. */
  const asLayer = (edges: string[]) =>
    edges.map((e) => {
      const [, a, b, w] = /^(.+) -> (.+?)(?: \(1x, (\d+)\))?$/.exec(e)!;
      return `People: ${a} -> ${b} ${w ?? 1}`;
    });

  it('directed: person -> person, weight X - rank + 1; window and minimum do not apply', async () => {
    const owner = await passiveUser(app);
    await connectAndSync(app, peopleOnly, owner);
    // A window long past and a minimum above every weight: relations are kept all the same.
    const { data, edges } = await run(owner, {
      sources: ['office365'],
      types: ['people', 'reportsTo'],
      from: '2020-01-01',
      to: '2020-01-31',
      minInteractions: 50,
    });
    expect(data.layers).toEqual(['People', 'Reports to']);
    expect(data.directed).toBe(true);
    expect(edges).toEqual(
      [
        ...asLayer(PEOPLE_EDGES),
        'Reports to: Bob Baker -> Ann Archer 1',
        'Reports to: Cat Cole -> Ann Archer 1',
        'Reports to: Dan Dale -> Bob Baker 1',
        'Reports to: Eve Evans -> Bob Baker 1',
      ].sort(),
    );
  });

  it('undirected: both directions of a pair summed', async () => {
    const owner = await passiveUser(app);
    await connectAndSync(app, peopleOnly, owner);
    const { edges } = await run(owner, {
      sources: ['office365'],
      types: ['people'],
      direction: 'undirected',
      lastDays: 1,
      minInteractions: 100,
    });
    // Ann -> Bob 10 and Bob -> Ann 9; Ann -> Dan 8 and Dan -> Ann 7; Bob -> Dan 10 and Dan -> Bob 10.
    expect(edges).toEqual([
      'People: Ann Archer -- Bob Baker 19',
      'People: Ann Archer -- Cat Cole 19',
      'People: Ann Archer -- Dan Dale 15',
      'People: Ann Archer -- Eve Evans 7',
      'People: Bob Baker -- Dan Dale 20',
      'People: Bob Baker -- Eve Evans 8',
      'People: Cat Cole -- Dan Dale 8',
      'People: Dan Dale -- Eve Evans 9',
    ]);
  });
});
