// POST /api/base/passiveData/meltwater (meltwater.create) on a real database: every accepted export
// shape from fixtures/meltwater/, the network stored for the caller, the module gate, and refusals that
// store nothing. The rules themselves are meltwater-parse.test.ts's.
import { eq, networks, sql } from '@tieline/db';
import { MELTWATER_LIMITS, MELTWATER_MSG, MSG, moduleOffMessage, NETWORK_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocument } from '../src/network-store/store-network';
import { RestClient, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { EXPECTED, fixtureText, MELTWATER_FIXTURES, peopleOf, tiesOf } from './meltwater-fixtures';
import { withModules } from './router-access-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

const PATH = '/passiveData/meltwater';

async function networkCount() {
  const [row] = await app.server.deps.db.select({ n: sql<number>`count(*)::int` }).from(networks);
  return row!.n;
}

async function clientOf(user: SeededUser) {
  const client = new RestClient(app.url);
  client.cookie = user.cookie;
  return client;
}

/** A signed-in user with the meltwater module on, and their REST client. */
async function member() {
  const user = await withModules(app, await seedUser(app, 'simplified'), ['meltwater']);
  return { user, api: await clientOf(user) };
}

/** meltwater.create as the admin app's tRPC client sends it. */
const trpc = (api: RestClient, input: unknown) => api.call('POST', '/api/trpc/meltwater.create', input);

async function storedNetwork(id: string) {
  const [row] = await app.server.deps.db.select().from(networks).where(eq(networks.id, id));
  return { row: row!, data: await readDocument(app.server.deps.db, row!) };
}

describe('POST /api/base/passiveData/meltwater', () => {
  it.each(MELTWATER_FIXTURES)('makes a network of the caller from %s, as its text', async (name) => {
    const { user, api } = await member();
    const res = await api.post(PATH, { name: `Media ${name}`, jsonData: fixtureText(name) });
    expect(res.status).toBe(200);
    const want = EXPECTED[name];
    expect(res.body).toEqual({
      networkId: expect.any(String),
      name: `Media ${name}`,
      documents: want.documents,
      used: want.used,
      skipped: want.skipped,
      people: want.people.length,
      ties: want.ties.length,
      layers: want.layers,
    });
    const { row, data } = await storedNetwork(res.body.networkId);
    expect(row.ownerId).toBe(user.userId);
    expect({ nodeCount: row.nodeCount, edgeCount: row.edgeCount, directed: row.directed }).toEqual({
      nodeCount: want.people.length,
      edgeCount: want.ties.length,
      directed: true,
    });
    expect(row.layers).toEqual(['Mention', 'Reply', 'Repost']);
    expect(tiesOf(data)).toEqual(want.ties);
    // The network is an ordinary one of the caller's: listed and opened like any other.
    const got = await api.get(`/networks/${res.body.networkId}`);
    expect(got.status).toBe(200);
    expect(got.body.name).toBe(`Media ${name}`);
  });

  it('takes the JSON value too, over tRPC, with the node attributes', async () => {
    const { api } = await member();
    const res = await trpc(api, { name: 'Launch', jsonData: JSON.parse(fixtureText('array.json')) });
    expect(res.status).toBe(200);
    const answer = res.body.result.data;
    expect(answer).toMatchObject({ documents: 8, used: 6, people: 6, ties: 11 });
    const { data } = await storedNetwork(answer.networkId);
    expect(peopleOf(data)).toMatchObject({
      acme: { Posts: 2, 'In export': 'yes', 'Source type': 'social', Reach: 1024 },
      bob: { Posts: 1, 'In export': 'yes', 'Source type': 'social', Reach: 50 },
      'erin smith': { Posts: 1, 'In export': 'yes', 'Source type': 'forums', Reach: null },
      frank: { Posts: 0, 'In export': 'no', 'Source type': null, Reach: null },
    });
    const wrapped = await api.post(PATH, { name: 'Wrapped', jsonData: JSON.parse(fixtureText('documents.json')) });
    expect(wrapped.status).toBe(200);
    expect(wrapped.body.layers).toEqual(EXPECTED['documents.json'].layers);
  });

  it('takes an export up to 20 MB of text', async () => {
    const { api } = await member();
    const doc = JSON.stringify({ author: { handle: 'a' }, content: { text: `@b ${'x'.repeat(1_000)}` } });
    const lines = Array.from({ length: 15_000 }, () => doc).join('\n');
    expect(lines.length).toBeGreaterThan(15_000_000);
    const res = await api.post(PATH, { name: 'Big', jsonData: lines });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ documents: 15_000, people: 2, ties: 1 });
    expect(res.body.layers[0]).toEqual({ layer: 'Mention', ties: 1, weight: 15_000 });
  });
});

describe('refused, storing nothing', () => {
  const cases: [string, unknown, number, string][] = [
    ['no name', { jsonData: '[]' }, 400, NETWORK_MSG.nameRequired],
    ['a blank name', { name: '  ', jsonData: fixtureText('array.json') }, 400, NETWORK_MSG.nameRequired],
    ['a name too long', { name: 'n'.repeat(201), jsonData: fixtureText('array.json') }, 400, NETWORK_MSG.nameTooLong],
    ['no jsonData', { name: 'Media' }, 400, MELTWATER_MSG.jsonData],
    ['jsonData a number', { name: 'Media', jsonData: 42 }, 400, MELTWATER_MSG.jsonData],
    ['jsonData null', { name: 'Media', jsonData: null }, 400, MELTWATER_MSG.jsonData],
    ['text that is not JSON', { name: 'Media', jsonData: 'Date,Author\n2026-01-01,ann' }, 400, MELTWATER_MSG.notJson],
    ['an empty export', { name: 'Media', jsonData: [] }, 400, MELTWATER_MSG.notExport],
    ['documents not a list', { name: 'Media', jsonData: { documents: {} } }, 400, MELTWATER_MSG.notExport],
    [
      'no usable documents',
      { name: 'Media', jsonData: '{"text":"no author"}\n{broken\n' },
      400,
      MELTWATER_MSG.noUsable(1, 1),
    ],
    [
      'text over 20 MB',
      { name: 'Media', jsonData: `[${' '.repeat(MELTWATER_LIMITS.textMaxBytes)}]` },
      400,
      MELTWATER_MSG.tooLarge,
    ],
  ];

  it.each(cases)('%s: REST and tRPC', async (_, body, status, message) => {
    const { api } = await member();
    const before = await networkCount();
    const res = await api.post(PATH, body);
    expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
    // The admin app sends exports through REST: tRPC keeps its 100 kB body limit.
    if (message !== MELTWATER_MSG.tooLarge) {
      const viaTrpc = await trpc(api, body);
      expect({ status: viaTrpc.status, message: viaTrpc.body.error.message }).toEqual({ status, message });
    }
    expect(await networkCount()).toBe(before);
  });

  it('10 MB of nested brackets as the text: 400 with the depth message, refused before it is parsed', async () => {
    const { api } = await member();
    const before = await networkCount();
    const jsonData = `${'['.repeat(5_000_000)}${']'.repeat(5_000_000)}`;
    const res = await api.post(PATH, { name: 'Media', jsonData });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: MELTWATER_MSG.tooDeep });
    expect(await networkCount()).toBe(before);
  });

  it('a body over the limit: 413 with the export message', async () => {
    const { api } = await member();
    const before = await networkCount();
    const res = await api.post(PATH, { name: 'Media', jsonData: 'x'.repeat(MELTWATER_LIMITS.bodyMaxBytes) });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 413, message: MELTWATER_MSG.tooLarge });
    expect(await networkCount()).toBe(before);
  });

  it('JSON that is not an object, or malformed: 400', async () => {
    const { api } = await member();
    const array = await api.call('POST', `/api/base${PATH}`, '[1,2]');
    expect({ status: array.status, message: array.body.message }).toEqual({ status: 400, message: MSG.bodyNotObject });
    const broken = await api.call('POST', `/api/base${PATH}`, '{"name":');
    expect({ status: broken.status, message: broken.body.message }).toEqual({
      status: 400,
      message: MSG.malformedJson,
    });
  });

  // The body is read in the worker (rest/meltwater.ts): it refuses what the server refuses in any body.
  it('broken text, a body nested too deep, another charset: refused as any body is, nothing stored', async () => {
    const { api } = await member();
    const before = await networkCount();
    const text = fixtureText('array.json');
    const refusalOf = async (body: unknown, headers: Record<string, string> = {}) => {
      const res = await api.call('POST', `/api/base${PATH}`, body, headers);
      return { status: res.status, message: res.body.message };
    };
    const broken = { status: 400, message: MSG.badCharacters };
    expect(await refusalOf({ name: 'Media\u0000', jsonData: text })).toEqual(broken);
    expect(await refusalOf(`{"name":"Media \\ud800","jsonData":${JSON.stringify(text)}}`)).toEqual(broken);
    expect(await refusalOf({ name: 'Media', jsonData: [{ author: { handle: 'a\u0000' } }] })).toEqual(broken);
    let deep: unknown = {};
    for (let i = 0; i < 200; i++) deep = [deep];
    expect(await refusalOf({ name: 'Media', jsonData: deep })).toEqual({ status: 400, message: MSG.tooDeep });
    const latin1 = { 'content-type': 'application/json; charset=latin1' };
    expect(await refusalOf({ name: 'Media', jsonData: text }, latin1)).toEqual({ status: 415, message: MSG.jsonOnly });
    expect(
      await refusalOf({ name: 'Media', jsonData: text }, { 'content-type': 'application/json; charset=utf-8' }),
    ).toEqual({ status: 200, message: undefined });
    expect(await networkCount()).toBe(before + 1);
  });

  it('the meltwater module off (the default): 403 naming it, on both transports', async () => {
    const user = await seedUser(app, 'simplified');
    const api = await clientOf(user);
    const before = await networkCount();
    const body = { name: 'Media', jsonData: fixtureText('array.json') };
    const res = await api.post(PATH, body);
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 403,
      message: moduleOffMessage('meltwater'),
    });
    const viaTrpc = await trpc(api, body);
    expect(viaTrpc.status).toBe(403);
    expect(viaTrpc.body.error.message).toBe(moduleOffMessage('meltwater'));
    expect(await networkCount()).toBe(before);
  });

  it('not signed in: 401', async () => {
    const res = await new RestClient(app.url).post(PATH, { name: 'Media', jsonData: fixtureText('array.json') });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 401, message: MSG.notSignedIn });
  });
});
