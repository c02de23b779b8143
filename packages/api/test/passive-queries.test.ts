/**
 * The query calls of issue 22 over REST (/api/base/passiveData/queries...): the query answered with its
 * _id, runs 202 with the run id and newest first, a re-run as a new version of the same network, one
 * run at a time, the account's queries for every member and edits for their creator and the managers,
 * other accounts' ids, the module, bad input, and the daily schedule.
 */
import { randomUUID } from 'node:crypto';
import { eq, networks, passiveQueries, passiveQueryRuns } from '@tieline/db';
import { moduleOffMessage, PASSIVE_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueDueQueries, queueQueryRun } from '../src/services/passive-data/queries-schedule';
import { seedUser, startTestApp, type TestApp } from './helpers';
import {
  accountOf,
  clientOf,
  listOf,
  memberOf,
  passiveUser,
  person,
  runRow,
  slackConnection,
} from './passive-queries-setup';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

const query = { name: 'Replies', sources: ['slack'], types: ['reply', 'mention'], minInteractions: 1 };

/** An owner whose account has a few Slack interactions. */
async function ownerWithData() {
  const me = await passiveUser(app);
  const account = await accountOf(app, me);
  const slack = await slackConnection(app, account, [
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
  return { me, account, client: clientOf(app, me), slack };
}

describe('making and running a query', () => {
  it('answers the query with its _id, runs 202 with the run id, and lists runs newest first', async () => {
    const { client, me } = await ownerWithData();
    const made = await client.post('/passiveData/queries', query);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      ...query,
      _id: expect.any(String),
      ownerId: me.userId,
      canEdit: true,
      networkId: null,
      runs: [],
      direction: 'directed',
      maxRecipients: 25,
      includeExternal: false,
      includeListIds: [],
      excludeListIds: [],
      attributes: [],
      schedule: 'manual',
    });
    const id = made.body._id;

    const first = await client.post(`/passiveData/queries/${id}/run`);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ runId: expect.any(String) });
    const queued = await client.get(`/passiveData/queries/${id}`);
    expect(queued.body.runs).toEqual([expect.objectContaining({ _id: first.body.runId })]);
    await app.server.worker.drain();

    const once = await client.get(`/passiveData/queries/${id}`);
    const networkId = once.body.networkId;
    expect(once.body.runs).toEqual([
      expect.objectContaining({ _id: first.body.runId, status: 'done', networkId, people: 2, ties: 1, error: null }),
    ]);
    const [network] = await app.server.deps.db.select().from(networks).where(eq(networks.id, networkId));
    expect(network).toMatchObject({ ownerId: me.userId, name: 'Replies', dataVersion: 1, nodeCount: 2, edgeCount: 1 });
    expect(network!.description).toContain('Replies');
    expect(network!.layers).toEqual(['Slack reply', 'Slack mention']);
    // Listed on /networks and readable like any other network.
    const listed = await client.get('/networks');
    expect(listed.body.map((n: { _id: string }) => n._id)).toContain(networkId);

    const second = await client.post(`/passiveData/queries/${id}/run`);
    await app.server.worker.drain();
    const twice = await client.get(`/passiveData/queries/${id}`);
    expect(twice.body.runs.map((r: { _id: string }) => r._id)).toEqual([second.body.runId, first.body.runId]);
    expect(twice.body.networkId).toBe(networkId);
    const [again] = await app.server.deps.db.select().from(networks).where(eq(networks.id, networkId));
    expect(again!.dataVersion).toBe(2);

    const all = await client.get('/passiveData/queries');
    expect(all.status).toBe(200);
    expect(all.body).toEqual([
      expect.objectContaining({ _id: id, runs: [expect.objectContaining({ _id: second.body.runId })] }),
    ]);
  });

  it('writes a new network when the owner deleted the old one', async () => {
    const { client } = await ownerWithData();
    const id = (await client.post('/passiveData/queries', query)).body._id;
    await client.post(`/passiveData/queries/${id}/run`);
    await app.server.worker.drain();
    const before = (await client.get(`/passiveData/queries/${id}`)).body.networkId;
    expect((await client.call('DELETE', `/api/base/networks/${before}`)).status).toBe(200);
    await client.post(`/passiveData/queries/${id}/run`);
    await app.server.worker.drain();
    const after = (await client.get(`/passiveData/queries/${id}`)).body;
    expect(after.networkId).not.toBeNull();
    expect(after.networkId).not.toBe(before);
    expect(after.runs[0]).toMatchObject({ status: 'done', networkId: after.networkId });
  });

  it('runs one at a time: a run while one is queued or running is refused with 409', async () => {
    const { client } = await ownerWithData();
    const id = (await client.post('/passiveData/queries', query)).body._id;
    const { db } = app.server.deps;
    // A run another server has started.
    const [running] = await db.insert(passiveQueryRuns).values({ queryId: id, status: 'running' }).returning();
    const busy = await client.post(`/passiveData/queries/${id}/run`);
    expect({ status: busy.status, message: busy.body.message }).toEqual({ status: 409, message: PASSIVE_MSG.runBusy });
    await db.update(passiveQueryRuns).set({ status: 'failed' }).where(eq(passiveQueryRuns.id, running!.id));
    expect((await client.post(`/passiveData/queries/${id}/run`)).status).toBe(202);
    await app.server.worker.drain();
  });

  it('queues one run when two servers (or clicks) ask at once', async () => {
    const { client } = await ownerWithData();
    const id = (await client.post('/passiveData/queries', query)).body._id;
    const enqueued: unknown[] = [];
    const deps = {
      db: app.server.deps.db,
      enqueue: async (_: string, payload: unknown) => void enqueued.push(payload),
    };
    const ids = await Promise.all(Array.from({ length: 4 }, () => queueQueryRun(deps as never, id)));
    expect(ids.filter((x) => x !== null)).toHaveLength(1);
    expect(enqueued).toEqual([{ runId: ids.find((x) => x !== null) }]);
  });

  it('replaces a query (PUT) and deletes it, leaving its network', async () => {
    const { client } = await ownerWithData();
    const id = (await client.post('/passiveData/queries', query)).body._id;
    await client.post(`/passiveData/queries/${id}/run`);
    await app.server.worker.drain();
    const put = await client.call('PUT', `/api/base/passiveData/queries/${id}`, {
      ...query,
      name: 'Mentions',
      types: ['mention'],
      direction: 'undirected',
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ _id: id, name: 'Mentions', types: ['mention'], direction: 'undirected' });
    expect(put.body.runs).toHaveLength(1);
    const networkId = put.body.networkId;
    const gone = await client.call('DELETE', `/api/base/passiveData/queries/${id}`);
    expect(gone).toMatchObject({ status: 200, body: { ok: true } });
    expect((await client.get(`/passiveData/queries/${id}`)).status).toBe(404);
    expect((await client.get(`/networks/${networkId}`)).status).toBe(200);
  });
});

describe('who may do what', () => {
  it("lets every member who sees people see and run the account's queries, and only their creator or a manager change them", async () => {
    const { client: ownerClient, me: owner } = await ownerWithData();
    const member = clientOf(app, await memberOf(app, owner, 'Simplified Access-only', true));
    const colleague = clientOf(app, await memberOf(app, owner, 'Simplified Access-only', true));
    const admin = clientOf(app, await memberOf(app, owner, 'Admin'));
    const mine = (await member.post('/passiveData/queries', query)).body;
    expect(mine.canEdit).toBe(true);
    const seen = await colleague.get(`/passiveData/queries/${mine._id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.canEdit).toBe(false);
    expect((await colleague.post(`/passiveData/queries/${mine._id}/run`)).status).toBe(202);
    const refused = { status: 403, message: PASSIVE_MSG.queryOwnerOnly };
    const put = await colleague.call('PUT', `/api/base/passiveData/queries/${mine._id}`, {
      ...query,
      name: 'Mine now',
    });
    expect({ status: put.status, message: put.body.message }).toEqual(refused);
    const del = await colleague.call('DELETE', `/api/base/passiveData/queries/${mine._id}`);
    expect({ status: del.status, message: del.body.message }).toEqual(refused);
    expect(
      (await admin.call('PUT', `/api/base/passiveData/queries/${mine._id}`, { ...query, name: 'Fixed' })).status,
    ).toBe(200);
    expect((await ownerClient.call('DELETE', `/api/base/passiveData/queries/${mine._id}`)).status).toBe(200);
    // The run the colleague started writes the network of the query's creator.
    await app.server.worker.drain();
  });

  it("answers 404 for another account's query and 400 for another account's list", async () => {
    const { client: mine } = await ownerWithData();
    const { client: theirs, account: theirAccount } = await ownerWithData();
    const id = (await theirs.post('/passiveData/queries', query)).body._id;
    const notFound = { status: 404, message: PASSIVE_MSG.queryNotFound };
    for (const [method, path, body] of [
      ['GET', `/api/base/passiveData/queries/${id}`, undefined],
      ['PUT', `/api/base/passiveData/queries/${id}`, query],
      ['DELETE', `/api/base/passiveData/queries/${id}`, undefined],
      ['POST', `/api/base/passiveData/queries/${id}/run`, {}],
      ['GET', `/api/base/passiveData/queries/${randomUUID()}`, undefined],
    ] as const) {
      const res = await mine.call(method, path, body);
      expect({ status: res.status, message: res.body.message }, `${method} ${path}`).toEqual(notFound);
    }
    expect((await mine.get('/passiveData/queries')).body).toEqual([]);
    const theirList = await listOf(app, theirAccount, { emails: ['ann@x.com'] });
    for (const lists of [
      { includeListIds: [theirList] },
      { excludeListIds: [theirList] },
      { includeListIds: [randomUUID()] },
    ]) {
      const res = await mine.post('/passiveData/queries', { ...query, ...lists });
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: PASSIVE_MSG.unknownList,
      });
    }
  });

  it('refuses callers without the passiveData module', async () => {
    const off = clientOf(app, await seedUser(app, 'owner'));
    for (const [method, path] of [
      ['GET', '/api/base/passiveData/queries'],
      ['POST', '/api/base/passiveData/queries'],
      ['POST', `/api/base/passiveData/queries/${randomUUID()}/run`],
    ] as const) {
      const res = await off.call(method, path, method === 'GET' ? undefined : query);
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 403,
        message: moduleOffMessage('passiveData'),
      });
    }
  });
});

describe('bad input', () => {
  it('answers 400 with the message of the first problem', async () => {
    const { client } = await ownerWithData();
    const cases: [Record<string, unknown>, string][] = [
      [{ types: ['email'] }, PASSIVE_MSG.typeNotOfSource],
      [{ types: [] }, PASSIVE_MSG.typesRequired],
      [{ types: 'reply' }, PASSIVE_MSG.typesRequired],
      [
        { types: ['chat'] },
        'Invalid option: expected one of "reply"|"mention"|"reaction"|"directMessage"|"email"|"meeting"|"people"|"teamsReply"|"teamsMention"|"teamsChat"|"reportsTo"',
      ],
      [{ sources: [] }, PASSIVE_MSG.sourcesRequired],
      [{ from: '2026-01-01', lastDays: 7 }, PASSIVE_MSG.windowBoth],
      [{ from: '2026-02-01', to: '2026-01-31' }, PASSIVE_MSG.windowOrder],
      [{ from: '2026-02-30' }, PASSIVE_MSG.badDate],
      [{ to: '31/01/2026' }, PASSIVE_MSG.badDate],
      [{ to: 20260131 }, PASSIVE_MSG.badDate],
      [{ lastDays: 0 }, PASSIVE_MSG.lastDays],
      [{ minInteractions: 'two' }, PASSIVE_MSG.minInteractions],
      [{ minInteractions: 1.5 }, PASSIVE_MSG.minInteractions],
      [{ maxRecipients: 1 }, PASSIVE_MSG.maxRecipients],
      [{ name: '  ' }, PASSIVE_MSG.nameRequired],
    ];
    for (const [change, message] of cases) {
      const res = await client.post('/passiveData/queries', { ...query, ...change });
      expect({ change, status: res.status, message: res.body.message }).toEqual({ change, status: 400, message });
    }
    const list = randomUUID();
    const both = await client.post('/passiveData/queries', {
      ...query,
      includeListIds: [list],
      excludeListIds: [list],
    });
    expect(both.body.message).toBe(PASSIVE_MSG.listBoth);
    expect((await client.get('/passiveData/queries/not-an-id')).status).toBe(400);
  });
});

describe('the daily schedule', () => {
  it('sets the next run of a daily query, and queues each due query once however many servers tick', async () => {
    const { client } = await ownerWithData();
    const daily = (await client.post('/passiveData/queries', { ...query, schedule: 'daily' })).body;
    const manual = (await client.post('/passiveData/queries', query)).body;
    const { db } = app.server.deps;
    const nextOf = async (id: string) =>
      (await db.select().from(passiveQueries).where(eq(passiveQueries.id, id)))[0]!.nextRunAt;
    const next = await nextOf(daily._id);
    expect(next!.getTime()).toBeGreaterThan(Date.now());
    expect(next!.getTime()).toBeLessThanOrEqual(Date.now() + 86_400_000);
    expect(await nextOf(manual._id)).toBeNull();

    // Due two days ago: claimed once, moved on to its next time of day in the future.
    const due = new Date(next!.getTime() - 3 * 86_400_000);
    await db.update(passiveQueries).set({ nextRunAt: due }).where(eq(passiveQueries.id, daily._id));
    const queued = await Promise.all([queueDueQueries(app.server.deps), queueDueQueries(app.server.deps)]);
    expect(queued[0] + queued[1]).toBe(1);
    expect((await nextOf(daily._id))!.getTime()).toBe(next!.getTime());
    const runs = (await client.get(`/passiveData/queries/${daily._id}`)).body.runs;
    expect(runs).toHaveLength(1);
    await app.server.worker.drain();
    expect((await runRow(app, runs[0]._id)).status).toBe('done');

    // Made manual: no next run.
    await client.call('PUT', `/api/base/passiveData/queries/${daily._id}`, { ...query, schedule: 'manual' });
    expect(await nextOf(daily._id)).toBeNull();
  });
});
