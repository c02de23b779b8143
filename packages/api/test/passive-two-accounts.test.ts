/**
 * Issue 35 finding 5: two accounts whose Slack exports share the workspace and channel ids (two
 * organizations that each imported an export of the same team, or the same ids by chance). Every read
 * procedure of passive data is called by both over HTTP: none fails, and each sees only its own
 * counts. The member count of a channel list once counted every account's conversations of that id
 * (an unqualified column in a subquery) and answered 500 when two existed; every column of the passive
 * SQL now names its table.
 */
import { PASSIVE_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/root';
import { RestClient, randomAddress, type SeededUser, startTestApp, type TestApp } from './helpers';
import { passiveUser, uploadExport, zipOf } from './passive-slack-export-fixtures';

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;

const TEAM = 'T0SHARED';
const DAY = 86_400_000;
const ts = (n: number) => `${Math.floor((Date.now() - 2 * DAY) / 1000) + n * 60}.000100`;
const day = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);

/** An export of team T0SHARED whose channel C1 (and user ids U1...) every account's export shares. */
function exportOf(domain: string, people: number) {
  const ids = Array.from({ length: people }, (_, i) => `U${i + 1}`);
  const users = ids.map((id) => ({
    id,
    team_id: TEAM,
    name: id.toLowerCase(),
    real_name: `${id} of ${domain}`,
    deleted: false,
    is_bot: false,
    profile: { email: `${id.toLowerCase()}@${domain}`, real_name: `${id} of ${domain}`, title: 'Engineer' },
  }));
  // Everyone replies to U1 once in C1.
  const messages = [
    { type: 'message', ts: ts(0), user: 'U1', text: 'hello' },
    ...ids.slice(1).map((id, i) => ({ type: 'message', ts: ts(i + 1), user: id, text: 'hi <@U1>' })),
  ];
  return zipOf({
    'users.json': users,
    'channels.json': [{ id: 'C1', name: 'general', members: ids, is_archived: false }],
    [`general/${day}.json`]: messages,
  });
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

interface Side {
  user: SeededUser;
  people: number;
  connectionId: string;
  listId: string;
  queryId: string;
  runId: string;
}

async function trpc(user: SeededUser, path: string, input?: unknown) {
  const client = new RestClient(app.url, randomAddress());
  client.cookie = user.cookie;
  const res =
    procedures[path]!._def.type === 'query'
      ? await client.call(
          'GET',
          `/api/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
        )
      : await client.call('POST', `/api/trpc/${path}`, input ?? {}, { origin: app.url });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.result.data;
}

async function account(domain: string, people: number): Promise<Side> {
  const user = await passiveUser(app);
  const uploaded = await uploadExport(app, user, await exportOf(domain, people), `Slack of ${domain}`);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(202);
  await app.server.worker.drain();
  const connectionId = uploaded.body._id as string;
  const list = await trpc(user, 'passiveData.lists.create', { name: 'General', connectionId, channelId: 'C1' });
  const query = await trpc(user, 'passiveData.queries.create', {
    name: 'Replies',
    sources: ['slack'],
    types: ['mention'],
    minInteractions: 1,
  });
  const { runId } = await trpc(user, 'passiveData.queries.run', { id: query._id });
  await app.server.worker.drain();
  return { user, people, connectionId, listId: list._id, queryId: query._id, runId };
}

/** Every read procedure of passive data, with its input for a side. */
const READS: Record<string, (s: Side) => unknown> = {
  'passiveData.settings.get': () => undefined,
  'passiveData.settings.pseudonymization': () => undefined,
  'passiveData.reports.attributes': () => undefined,
  'passiveData.connections.list': () => undefined,
  'passiveData.connections.get': (s) => ({ id: s.connectionId }),
  'passiveData.connections.interactionsPerWeek': () => undefined,
  'passiveData.connections.channels': () => undefined,
  'passiveData.connections.attributes': () => undefined,
  'passiveData.people.list': () => ({}),
  'passiveData.lists.list': () => undefined,
  'passiveData.lists.get': (s) => ({ id: s.listId }),
  'passiveData.queries.list': () => undefined,
  'passiveData.queries.get': (s) => ({ id: s.queryId }),
};

describe('two accounts whose exports share team and channel ids', () => {
  let a: Side;
  let b: Side;
  beforeAll(async () => {
    a = await account('alpha.test', 4);
    b = await account('beta.test', 3);
  });

  it('covers every read procedure of passive data', () => {
    const reads = Object.keys(procedures).filter(
      (p) => p.startsWith('passiveData.') && procedures[p]!._def.type === 'query',
    );
    expect(Object.keys(READS).sort()).toEqual(reads.sort());
  });

  it('answers every read for both, each with its own counts', async () => {
    for (const side of [a, b]) {
      const other = side === a ? b : a;
      const got = Object.fromEntries(
        await Promise.all(
          Object.entries(READS).map(async ([path, input]) => [path, await trpc(side.user, path, input(side))] as const),
        ),
      );
      const n = side.people;
      const connections = got['passiveData.connections.list'];
      expect(connections).toHaveLength(1);
      expect(connections[0]).toMatchObject({ _id: side.connectionId, people: n, interactions: n - 1 });
      expect(got['passiveData.connections.get']).toMatchObject({ _id: side.connectionId, people: n });
      const weeks = got['passiveData.connections.interactionsPerWeek'] as { count: number }[];
      expect(weeks.reduce((sum, w) => sum + w.count, 0)).toBe(n - 1);
      expect(got['passiveData.connections.channels']).toEqual([
        expect.objectContaining({ connectionId: side.connectionId, id: 'C1', members: n }),
      ]);
      expect(got['passiveData.connections.attributes']).toEqual([{ name: 'title', people: n }]);
      const people = got['passiveData.people.list'];
      expect(people.total).toBe(n);
      expect(JSON.stringify(people)).not.toContain(other === a ? 'alpha.test' : 'beta.test');
      expect(got['passiveData.lists.list']).toEqual([expect.objectContaining({ _id: side.listId, members: n })]);
      const list = got['passiveData.lists.get'];
      expect(list).toMatchObject({ _id: side.listId, members: n });
      expect(list.people).toHaveLength(n);
      const queries = got['passiveData.queries.list'];
      expect(queries).toHaveLength(1);
      const query = got['passiveData.queries.get'];
      expect(query.runs[0]).toMatchObject({ _id: side.runId, status: 'done', people: n, ties: n - 1 });
    }
  });

  it("refuses each account the other's connection, list and query (404)", async () => {
    const client = new RestClient(app.url, randomAddress());
    client.cookie = a.user.cookie;
    const connection = await client.get(`/passiveData/connections/${b.connectionId}`);
    expect({ status: connection.status, message: connection.body.message }).toEqual({
      status: 404,
      message: PASSIVE_MSG.connectionNotFound,
    });
    expect((await client.get(`/passiveData/lists/${b.listId}`)).status).toBe(404);
    expect((await client.get(`/passiveData/queries/${b.queryId}`)).status).toBe(404);
  });
});
