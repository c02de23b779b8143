import * as XLSX from '@e965/xlsx';
import { eq, networkMetrics, users } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import { CHANGE_MSG, moduleOffMessage, NETWORK_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentOf, saveVersion } from '../src/network-store/store-network';
import { optionsKey } from '../src/services/networks/network-metrics';
import { stabilityOptionsKey } from '../src/services/networks/network-stability';
import { type RestClient, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { seedNetwork } from './networks-setup';
import { restOf } from './surveys-setup';

// Change over time over HTTP (issue 34): POST /networks/compare (and its workbook) on two versions of
// one network, POST /networks/{id}/stability through its job. The numbers are worked by hand in
// packages/graph/test/change-compare.test.ts (the same pair) and change-stability.test.ts (the star).

let app: TestApp;
let owner: SeededUser;
let stranger: SeededUser;
let mine: RestClient;
let teamsId: string;
let theirsId: string;

/** An undirected network of `names` and ties between them, each person in the Team given (if any). */
function doc(names: string[], ties: [string, string][], teams?: string[]): TNetworkData {
  return {
    directed: false,
    layers: ['ties'],
    nodeAttributes: teams ? [{ key: 'Team', type: 'category' }] : [],
    edgeAttributes: [],
    nodes: names.map((name, i): TNetworkData['nodes'][number] => ({
      name,
      attributes: teams ? { Team: teams[i]! } : {},
    })),
    edges: ties.map(([s, t]) => ({
      source: names.indexOf(s),
      target: names.indexOf(t),
      layer: 0,
      weight: 1,
      attributes: {},
    })),
  };
}

const BASE = doc(
  ['Ana', 'Ben', 'Cy', 'Dee', 'Eve'],
  [
    ['Ana', 'Ben'],
    ['Ben', 'Cy'],
    ['Cy', 'Dee'],
    ['Ben', 'Dee'],
    ['Dee', 'Eve'],
  ],
  ['Red', 'Red', 'Blue', 'Blue', 'Blue'],
);
const OTHER = doc(
  ['Ána', 'Ben', 'Cy', 'Dee', 'Fay'],
  [
    ['Ána', 'Ben'],
    ['Ben', 'Cy'],
    ['Cy', 'Dee'],
    ['Ána', 'Cy'],
    ['Dee', 'Fay'],
  ],
  ['Red', 'Red', 'Blue', ' ', 'Green'],
);

beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'owner');
  stranger = await seedUser(app, 'owner');
  mine = restOf(app, owner);
  // One network, two versions: the usual case.
  const first = await seedNetwork(app, owner, 'Teams', BASE);
  teamsId = (await saveVersion(app.server.deps.db, first.id, first.version, documentOf(OTHER))).id;
  theirsId = (await seedNetwork(app, stranger, 'Theirs', BASE)).id;
});
afterAll(() => app.close());

const versions = () => ({ baseNetworkId: teamsId, otherNetworkId: teamsId, baseVersion: 1 });

describe('POST /networks/compare', () => {
  it('answers the hand-worked comparison of two versions (the other one current by default)', async () => {
    const res = await mine.post('/networks/compare', { ...versions(), attribute: 'Team' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      baseNetworkId: teamsId,
      otherNetworkId: teamsId,
      baseVersion: 1,
      otherVersion: 2,
      directed: false,
      people: { kept: 4, joined: 1, left: 1 },
      ties: { kept: 3, born: 2, dissolved: 2 },
      jaccard: 0.428571428571,
      qap: { r: 0.25, permutations: 1000 },
      ei: { base: -0.2, other: 0.333333333333 },
    });
    expect(res.body.persons.slice(0, 2)).toEqual([
      { name: 'Cy', status: 'kept', degree: [2, 3], betweenness: [0, 0.666666666667], topBroker: [false, true] },
      { name: 'Ben', status: 'kept', degree: [3, 2], betweenness: [0.5, 0], topBroker: [true, false] },
    ]);
    expect(res.body.persons.map((p: { name: string }) => p.name)).toEqual(['Cy', 'Ben', 'Ána', 'Dee', 'Eve', 'Fay']);
    expect(res.body.tieChanges).toEqual([
      { source: 'Ána', target: 'Cy', change: 'born' },
      { source: 'Dee', target: 'Fay', change: 'born' },
      { source: 'Ben', target: 'Dee', change: 'dissolved' },
      { source: 'Dee', target: 'Eve', change: 'dissolved' },
    ]);
    expect(res.body.groups).toEqual([
      { name: 'Blue', people: [3, 1], ei: [0, 1] },
      { name: 'Green', people: [0, 1], ei: [null, null] },
      { name: 'Red', people: [2, 2], ei: [0.333333333333, 0.333333333333] },
    ]);
  });

  it('takes a version’s cached betweenness when its metrics are computed', async () => {
    const metrics = { nodes: BASE.nodes.map((n, i) => ({ name: n.name, betweennessNormalized: i === 0 ? 0.75 : 0 })) };
    await app.server.deps.db.insert(networkMetrics).values({
      networkId: teamsId,
      version: 1,
      options: optionsKey({ layer: null, groupAttribute: 'Team' }),
      state: 'done',
      progress: 1,
      result: JSON.stringify(metrics),
    });
    const res = await mine.post('/networks/compare', versions());
    expect(res.status).toBe(200);
    expect(res.body.persons.find((p: { name: string }) => p.name === 'Ána').betweenness).toEqual([0.75, 0]);
    expect(res.body.ei).toBeNull();
    await app.server.deps.db.delete(networkMetrics).where(eq(networkMetrics.networkId, teamsId));
  });

  it('refuses what cannot be compared with the messages users read', async () => {
    const strangers = (await seedNetwork(app, owner, 'Strangers', doc(['Zed', 'Yul'], [['Zed', 'Yul']]))).id;
    const twins = (await seedNetwork(app, owner, 'Twins', doc(['José', 'Jose'], []))).id;
    const cases: [object, string][] = [
      [{ baseNetworkId: teamsId, otherNetworkId: strangers }, CHANGE_MSG.noSharedPeople],
      [{ baseNetworkId: teamsId, otherNetworkId: twins }, CHANGE_MSG.foldedAlike('other', 'José', 'Jose')],
      [{ ...versions(), layer: 'advice' }, CHANGE_MSG.unknownLayer('advice')],
    ];
    for (const [body, message] of cases) {
      expect(await mine.post('/networks/compare', body), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { message },
      });
    }
  });

  it('404s another account’s network and a version not kept, before any 400; 400s wrong types', async () => {
    for (const body of [
      { baseNetworkId: theirsId, otherNetworkId: teamsId, layer: 'nowhere' },
      { baseNetworkId: teamsId, otherNetworkId: theirsId },
    ]) {
      expect(await mine.post('/networks/compare', body)).toMatchObject({
        status: 404,
        body: { message: NETWORK_MSG.notFound },
      });
    }
    expect(await mine.post('/networks/compare', { ...versions(), baseVersion: 9, layer: 'nowhere' })).toMatchObject({
      status: 404,
      body: { message: CHANGE_MSG.versionNotFound },
    });
    for (const body of [
      { ...versions(), baseVersion: 'one' },
      { ...versions(), baseVersion: 0 },
      { ...versions(), attribute: 7 },
      { baseNetworkId: teamsId },
      { baseNetworkId: 'not-an-id', otherNetworkId: teamsId },
    ]) {
      expect((await mine.post('/networks/compare', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await restOf(app).post('/networks/compare', versions())).status).toBe(401);
  });

  it('answers the comparison as a workbook', async () => {
    const res = await fetch(`${app.url}/api/base/networks/compare/xlsx`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ ...versions(), attribute: 'Team' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('Comparison - Teams v1 vs Teams v2.xlsx');
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()));
    expect(book.SheetNames).toEqual(['Summary', 'Persons', 'Ties', 'Groups']);
    const rows = (sheet: string) => XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[sheet]!);
    expect(rows('Summary')).toContainEqual({ Field: 'QAP r', Value: 0.25 });
    expect(rows('Persons')[0]).toMatchObject({ name: 'Cy', 'betweenness change': 0.666666666667 });
    expect(rows('Ties')).toHaveLength(4);
    expect(rows('Groups')).toHaveLength(3);
    const theirs = await fetch(`${app.url}/api/base/networks/compare/xlsx`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ baseNetworkId: theirsId, otherNetworkId: teamsId }),
    });
    expect(theirs.status).toBe(404);
  });
});

describe('POST /networks/{id}/stability', () => {
  it('answers 202 while the job computes, then the hand-worked star', async () => {
    const leaves = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8', 'l9'];
    const star = (
      await seedNetwork(
        app,
        owner,
        'Star',
        doc(
          ['X', ...leaves],
          leaves.map((l) => ['X', l]),
        ),
      )
    ).id;
    const body = { samples: 50 };
    expect(await mine.post(`/networks/${star}/stability`, body)).toMatchObject({
      status: 202,
      body: { state: 'queued', progress: 0 },
    });
    await app.server.worker.drain();
    const res = await mine.post(`/networks/${star}/stability`, body);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toMatchObject({ dropout: 0.1, samples: 50, version: 1 });
    // Removing a leaf leaves a star: the centre joins every pair of the rest (1).
    expect(res.body.persons[0]).toEqual({
      name: 'X',
      betweenness: 1,
      low: 1,
      high: 1,
      topBroker: true,
      topBrokerShare: 1,
      badge: 'stable',
    });
    expect(res.body.persons).toHaveLength(10);
    // A failed run answers 503 once with its reason, then the next request queues it again.
    const other = { samples: 60, dropout: 0.2 };
    await app.server.deps.db.insert(networkMetrics).values({
      networkId: star,
      version: 1,
      options: stabilityOptionsKey(other),
      state: 'failed',
      error: 'The network-stability worker ran out of memory',
    });
    expect(await mine.post(`/networks/${star}/stability`, other)).toMatchObject({
      status: 503,
      body: { message: CHANGE_MSG.stabilityFailed('The network-stability worker ran out of memory') },
    });
    expect((await mine.post(`/networks/${star}/stability`, other)).status).toBe(202);
  });

  it('refuses bad options, another account’s network (before its body), versions not kept, large networks', async () => {
    const cases: [string, unknown, number, string?][] = [
      [teamsId, { dropout: 0.9 }, 400, CHANGE_MSG.dropout],
      [teamsId, { dropout: 0.01 }, 400, CHANGE_MSG.dropout],
      [teamsId, { samples: 10 }, 400, CHANGE_MSG.samples],
      [teamsId, { samples: 100.5 }, 400, CHANGE_MSG.samples],
      [teamsId, { dropout: 'a lot' }, 400, CHANGE_MSG.dropout],
      [teamsId, { version: 7 }, 404, CHANGE_MSG.versionNotFound],
      [theirsId, { dropout: 0.9 }, 404, NETWORK_MSG.notFound],
      ['not-an-id', {}, 404, NETWORK_MSG.notFound],
    ];
    for (const [id, body, status, message] of cases) {
      expect(await mine.post(`/networks/${id}/stability`, body), JSON.stringify(body)).toMatchObject({
        status,
        body: { message },
      });
    }
    const names = Array.from({ length: 5_001 }, (_, i) => `p${i}`);
    const large = (await seedNetwork(app, owner, 'Large', doc(names, []))).id;
    expect(await mine.post(`/networks/${large}/stability`, {})).toMatchObject({
      status: 400,
      body: { message: CHANGE_MSG.stabilityTooLarge },
    });
    expect((await restOf(app).post(`/networks/${teamsId}/stability`, {})).status).toBe(401);
  });
});

it('compare and stability need the networks module', async () => {
  const plain = await seedUser(app);
  const mine = (await seedNetwork(app, plain, 'Mine', BASE)).id;
  await app.server.deps.db
    .update(users)
    .set({ modules: { networks: { enabled: false } } })
    .where(eq(users.id, plain.userId));
  const client = restOf(app, plain);
  const off = { status: 403, body: { message: moduleOffMessage('networks') } };
  expect(await client.post('/networks/compare', { baseNetworkId: mine, otherNetworkId: mine })).toMatchObject(off);
  expect(await client.post(`/networks/${mine}/stability`, {})).toMatchObject(off);
});
