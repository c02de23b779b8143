/**
 * Issue 33 item 2: a query reads the connections it chose (connectionIds; none chosen: every connection
 * of its sources). Two Slack workspaces of one account, whose networks were worked out by hand below,
 * give one network each, or both together; every run records what it read. Ids of another account, of
 * no connection, of a connection never imported or of another source are refused with 400 and change
 * nothing; a chosen connection disconnected since fails the run, and a disconnect deletes only the
 * networks of queries that read it. Also GET passiveData/attributes and the run's warning when an
 * attribute is held by no one (item 3).
 */
import { randomUUID } from 'node:crypto';
import { eq, passiveConnections } from '@tieline/db';
import { PASSIVE_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClient } from './helpers';
import { startTestApp, type TestApp } from './helpers';
import { accountOf, clientOf, memberOf, passiveUser, person, slackConnection } from './passive-queries-setup';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

const DAY = 86_400_000;
const at = (n: number) => new Date(Date.now() - DAY - n * 60_000);

/**
 * Workspace A (Ann, Bob, Cat): two mentions Ann->Bob and two replies Bob->Cat, so at a minimum of 2 per
 * pair A alone is 3 people and 2 ties. Workspace B (Dan, Eve): three direct messages Dan->Eve, 2 people
 * and 1 tie. Both: 5 people, 3 ties. A Microsoft 365 connection and a Slack connection that never
 * completed an import (its one mention Fay->Gus must never count) sit beside them.
 */
async function twoWorkspaces() {
  const owner = await passiveUser(app);
  const account = await accountOf(app, owner);
  const { db } = app.server.deps;
  const a = await slackConnection(app, account, [
    person('UA', 'Ann', 'ann@a.test', { title: 'Lead' }),
    person('UB', 'Bob', 'bob@a.test'),
    person('UC', 'Cat', 'cat@a.test'),
  ]);
  await a.add([
    { conversation: 'C1', at: at(1), recipients: 1, interactions: [{ type: 'mention', from: 'UA', to: 'UB' }] },
    { conversation: 'C1', at: at(2), recipients: 1, interactions: [{ type: 'mention', from: 'UA', to: 'UB' }] },
    { conversation: 'C1', at: at(3), recipients: 1, interactions: [{ type: 'reply', from: 'UB', to: 'UC' }] },
    { conversation: 'C1', at: at(4), recipients: 1, interactions: [{ type: 'reply', from: 'UB', to: 'UC' }] },
  ]);
  const b = await slackConnection(app, account, [
    person('UD', 'Dan', 'dan@b.test', { attributes: { Department: 'Ops' } }),
    person('UE', 'Eve', 'eve@b.test', { attributes: { Department: 'Ops', Location: 'Paris' } }),
  ]);
  await b.add(
    [1, 2, 3].map((n) => ({
      conversation: 'D1',
      at: at(n),
      recipients: 1,
      interactions: [{ type: 'directMessage' as const, from: 'UD', to: 'UE' }],
    })),
  );
  const half = await slackConnection(app, account, [
    person('UF', 'Fay', 'fay@c.test'),
    person('UG', 'Gus', 'gus@c.test'),
  ]);
  await half.add(
    [1, 2].map((n) => ({
      conversation: 'C9',
      at: at(n),
      recipients: 1,
      interactions: [{ type: 'mention' as const, from: 'UF', to: 'UG' }],
    })),
  );
  const microsoft = await slackConnection(app, account, [], 'office365');
  const name = (id: string, value: string, lastSync: Date | null = new Date()) =>
    db
      .update(passiveConnections)
      .set({ name: value, externalId: value, lastSync })
      .where(eq(passiveConnections.id, id));
  await name(a.connection.id, 'Workspace A');
  await name(b.connection.id, 'Workspace B');
  await name(half.connection.id, 'Half', null);
  await name(microsoft.connection.id, 'Contoso');
  return {
    owner,
    client: clientOf(app, owner),
    a: a.connection.id,
    b: b.connection.id,
    half: half.connection.id,
    microsoft: microsoft.connection.id,
  };
}

const QUERY = {
  name: 'Slack',
  sources: ['slack'],
  types: ['mention', 'reply', 'directMessage'],
  minInteractions: 2,
  attributes: ['Department'],
};

async function runOf(client: RestClient, id: string) {
  const started = await client.post(`/passiveData/queries/${id}/run`);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  await app.server.worker.drain();
  return (await client.get(`/passiveData/queries/${id}`)).body.runs[0];
}

describe('a query reads the connections it chose', () => {
  it('gives each workspace its own network, or both together, and each run says what it read', async () => {
    const { client, a, b } = await twoWorkspaces();
    const made = async (connectionIds?: string[]) => {
      const res = await client.post('/passiveData/queries', { ...QUERY, ...(connectionIds ? { connectionIds } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const onlyA = await made([a]);
    expect(onlyA.connectionIds).toEqual([a]);
    expect((await client.get(`/passiveData/queries/${onlyA._id}`)).body.connectionIds).toEqual([a]);
    const runA = await runOf(client, onlyA._id);
    // No one in workspace A holds Department: the run says so, and its network is still made.
    expect(runA).toMatchObject({
      status: 'done',
      people: 3,
      ties: 2,
      connectionIds: [a],
      warnings: [PASSIVE_MSG.attributeEmpty('Department', 3)],
    });
    expect(await runOf(client, (await made([b]))._id)).toMatchObject({
      status: 'done',
      people: 2,
      ties: 1,
      connectionIds: [b],
      warnings: [],
    });
    // None chosen (absent, or empty): every completed Slack connection, never the one not imported.
    for (const all of [await made(), await made([])]) {
      expect(all.connectionIds).toEqual([]);
      const run = await runOf(client, all._id);
      expect(run).toMatchObject({ status: 'done', people: 5, ties: 3, warnings: [] });
      expect([...run.connectionIds].sort()).toEqual([a, b].sort());
    }
  });

  it('refuses ids of another account, unknown ids, connections never imported or of another source (400), changing nothing', async () => {
    const { client, a, half, microsoft } = await twoWorkspaces();
    const other = await twoWorkspaces();
    const refused = async (body: Record<string, unknown>, message: string) => {
      const res = await client.post('/passiveData/queries', { ...QUERY, ...body });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    };
    await refused({ connectionIds: [a, other.a] }, PASSIVE_MSG.unknownConnection(other.a));
    const unknown = randomUUID();
    await refused({ connectionIds: [unknown] }, PASSIVE_MSG.unknownConnection(unknown));
    await refused({ connectionIds: ['not-an-id'] }, 'Invalid id');
    await refused({ connectionIds: 'everything' }, PASSIVE_MSG.connectionIdsShape);
    await refused({ connectionIds: [half] }, PASSIVE_MSG.connectionNotReady('Half'));
    await refused({ connectionIds: [microsoft] }, PASSIVE_MSG.connectionOfOtherSource('Contoso', 'Microsoft 365'));
    await refused(
      { sources: ['slack', 'office365'], types: ['mention', 'email'], connectionIds: [a] },
      PASSIVE_MSG.sourceWithoutConnection('Microsoft 365'),
    );
    expect((await client.get('/passiveData/queries')).body).toEqual([]);

    // A change to another account's connection is refused the same way and leaves the query as it was.
    const made = await client.post('/passiveData/queries', { ...QUERY, connectionIds: [a] });
    const put = await client.call('PUT', `/api/base/passiveData/queries/${made.body._id}`, {
      ...QUERY,
      connectionIds: [other.b],
    });
    expect({ status: put.status, message: put.body.message }).toEqual({
      status: 400,
      message: PASSIVE_MSG.unknownConnection(other.b),
    });
    expect((await client.get(`/passiveData/queries/${made.body._id}`)).body.connectionIds).toEqual([a]);
  });

  it('fails a run whose chosen connection was disconnected; a disconnect deletes only the networks of queries that read it', async () => {
    const { client, a, b } = await twoWorkspaces();
    const ids: Record<string, string> = {};
    for (const [key, connectionIds] of Object.entries({ a: [a], b: [b], all: [] })) {
      const made = await client.post('/passiveData/queries', { ...QUERY, name: key, connectionIds });
      ids[key] = made.body._id;
      expect(await runOf(client, made.body._id)).toMatchObject({ status: 'done' });
    }
    const disconnect = (id: string, name: string, networks: 'keep' | 'delete') =>
      client.call(
        'DELETE',
        `/api/base/passiveData/connections/${id}?confirm=${encodeURIComponent(name)}&networks=${networks}`,
      );
    const gone = await disconnect(a, 'Workspace A', 'delete');
    expect(gone.body).toEqual({ ok: true, networksDeleted: 2 });
    const networkOf = async (key: string) =>
      (await client.get(`/networks/${(await client.get(`/passiveData/queries/${ids[key]}`)).body.networkId}`)).status;
    expect(await networkOf('b')).toBe(200);
    expect(await runOf(client, ids.all!)).toMatchObject({ status: 'done', people: 2, connectionIds: [b] });
    expect(await runOf(client, ids.a!)).toMatchObject({ status: 'failed', error: PASSIVE_MSG.connectionsGone(1) });
    // Its last network stays as it was (keep), and the query's next run says what is wrong.
    expect((await disconnect(b, 'Workspace B', 'keep')).body).toEqual({ ok: true, networksDeleted: 0 });
    expect(await runOf(client, ids.b!)).toMatchObject({ status: 'failed', error: PASSIVE_MSG.connectionsGone(1) });
    expect(await networkOf('b')).toBe(200);
  });
});

describe('GET passiveData/attributes', () => {
  it('answers the attributes the account holds with how many people hold each, to every member of the module', async () => {
    const { owner, client } = await twoWorkspaces();
    const expected = [
      { name: 'title', people: 1 },
      { name: 'Department', people: 2 },
      { name: 'Location', people: 1 },
    ];
    expect((await client.get('/passiveData/attributes')).body).toEqual(expected);
    // Names and counts name no one: a member with group reports only picks a report's grouping from them.
    const member = clientOf(app, await memberOf(app, owner));
    expect((await member.get('/passiveData/people')).status).toBe(403);
    expect((await member.get('/passiveData/attributes')).body).toEqual(expected);
    // Another account sees its own.
    const stranger = clientOf(app, await passiveUser(app));
    expect((await stranger.get('/passiveData/attributes')).body).toEqual([{ name: 'title', people: 0 }]);
  });
});
