import * as XLSX from '@e965/xlsx';
import { eq, networkShares } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import { AONA_MSG, moduleOffMessage, NETWORK_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocument } from '../src/network-store/store-network';
import { aonaUser, formalNetwork, informalNetwork } from './aona-setup';
import { RestClient, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { seedNetwork, smallNetwork } from './networks-setup';

// The four AONA analyses over REST (/api/base/passiveData/...), their saved results and the
// download. Every expected number is worked out by hand in the comments; docs/analysis.md has the
// formulas, packages/graph's tests the reference values on larger graphs.

let app: TestApp;
let me: { user: SeededUser; client: RestClient };
let formalId: string;
let informalId: string;

beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  me = await aonaUser(app);
  formalId = (await seedNetwork(app, me.user, 'Org chart', formalNetwork())).id;
  informalId = (await seedNetwork(app, me.user, 'Advice', informalNetwork())).id;
});
afterAll(async () => app?.close());

const pair = () => ({ formalNetworkId: formalId, informalNetworkId: informalId });

describe('informalAlignment', () => {
  it('answers the hand-worked numbers, with the formal spelling, and saves the result', async () => {
    const res = await me.client.post('/passiveData/informalAlignment', pair());
    expect(res.status).toBe(200);
    // C = 5 people (folded names match: "ann", " Böb ", "CAT"). F = {AB, AC, BD, BE}, I = {AB, CD, BD}.
    // shared 2, union 5: jaccard 0.4; coverage 2/4; confinement 2/3.
    // QAP r over the 10 pairs: (10*2 - 4*3) / sqrt(4*6*3*7) = 8 / sqrt(504).
    expect(res.body).toMatchObject({
      commonPeople: 5,
      formalTies: 4,
      informalTies: 3,
      sharedTies: 2,
      jaccard: 0.4,
      formalCoverage: 0.5,
    });
    expect(res.body.informalConfinement).toBeCloseTo(2 / 3, 12);
    expect(res.body.qap.r).toBeCloseTo(8 / Math.sqrt(504), 12);
    expect(res.body.qap.permutations).toBe(1000);
    expect(res.body.qap.p).toBeGreaterThan(0);
    expect(res.body.qap.p).toBeLessThanOrEqual(1);
    expect(res.body.people).toEqual([
      { name: 'Ann', informalTies: 1, sharedTies: 1, alignment: 1 },
      { name: 'Bob', informalTies: 2, sharedTies: 2, alignment: 1 },
      { name: 'Cat', informalTies: 1, sharedTies: 0, alignment: 0 },
      { name: 'Dan', informalTies: 2, sharedTies: 1, alignment: 0.5 },
      { name: 'Eve', informalTies: 0, sharedTies: 0, alignment: null },
    ]);
    // Seeded: the same inputs give the same p.
    const again = await me.client.post('/passiveData/informalAlignment', pair());
    expect(again.body.qap.p).toBe(res.body.qap.p);

    const saved = await me.client.get(`/aona/results/${res.body.resultId}`);
    expect(saved.status).toBe(200);
    expect(saved.body.analysis).toBe('informalAlignment');
    expect(saved.body.inputs.networks).toEqual([
      { role: 'formal', id: formalId, name: 'Org chart' },
      { role: 'informal', id: informalId, name: 'Advice' },
    ]);
    expect(saved.body.result).toEqual(res.body);
  });

  it('refuses networks that share too few people, naming the counts', async () => {
    const strangers: TNetworkData = {
      ...informalNetwork(),
      nodes: ['Ann', 'Pat', 'Quin', 'Rae'].map((name) => ({ name, attributes: {} })),
      edges: [{ source: 1, target: 2, layer: 0, weight: 1, attributes: {} }],
    };
    const id = (await seedNetwork(app, me.user, 'Strangers', strangers)).id;
    const res = await me.client.post('/passiveData/informalAlignment', {
      formalNetworkId: formalId,
      informalNetworkId: id,
    });
    expect(res).toMatchObject({ status: 400, body: { message: 'The two networks share too few people (1 of 4)' } });
    // Half of the informal network is not enough either: 2 of 5 shared.
    const half: TNetworkData = {
      ...strangers,
      nodes: ['Ann', 'Bob', 'Pat', 'Quin', 'Rae'].map((name) => ({ name, attributes: {} })),
    };
    const halfId = (await seedNetwork(app, me.user, 'Half', half)).id;
    const res2 = await me.client.post('/passiveData/informalDistance', {
      formalNetworkId: formalId,
      informalNetworkId: halfId,
    });
    expect(res2).toMatchObject({ status: 400, body: { message: AONA_MSG.tooFewShared(2, 5) } });
  });
});

describe('informalDistance', () => {
  it('answers the steps of each informal tie in the formal network', async () => {
    const res = await me.client.post('/passiveData/informalDistance', pair());
    expect(res.status).toBe(200);
    // AB: 1; CD: C-A-B-D = 3; BD: 1.
    expect(res.body).toMatchObject({
      ties: [
        { source: 'Ann', target: 'Bob', distance: 1 },
        { source: 'Bob', target: 'Dan', distance: 1 },
        { source: 'Cat', target: 'Dan', distance: 3 },
      ],
      reachable: 3,
      unreachable: 0,
      medianDistance: 1,
      histogram: [
        { distance: 1, ties: 2 },
        { distance: 3, ties: 1 },
      ],
      people: [
        { name: 'Ann', ties: 1, meanDistance: 1 },
        { name: 'Bob', ties: 2, meanDistance: 1 },
        { name: 'Cat', ties: 1, meanDistance: 3 },
        { name: 'Dan', ties: 2, meanDistance: 2 },
      ],
    });
    expect(res.body.meanDistance).toBeCloseTo(5 / 3, 12);
  });
});

describe('CFI', () => {
  it('answers the index, writes `CFI (Team)` into a new version of the network', async () => {
    const net = await seedNetwork(app, me.user, 'Teams', smallNetwork());
    const res = await me.client.post('/passiveData/CFI', { networkId: net.id, CFIAttribute: 'Team' });
    expect(res.status).toBe(200);
    // Ana, Ben Red; Cy Blue; ties a-b (internal), b-c, c-a (external): cfi 2/3, E-I (2-1)/3.
    expect(res.body).toMatchObject({ external: 2, internal: 1, networkVersion: 2, attributeWritten: true });
    expect(res.body.cfi).toBeCloseTo(2 / 3, 12);
    expect(res.body.ei).toBeCloseTo(1 / 3, 12);
    expect(res.body.groups[0]).toEqual({ value: 'Blue', people: 1, external: 2, internal: 0, cfi: 1, ei: 1 });
    expect(res.body.groups[1]).toMatchObject({ value: 'Red', people: 2, external: 2, internal: 1 });
    expect(res.body.people).toEqual([
      { name: 'Ana', value: 'Red', cfi: 0.5 },
      { name: 'Ben', value: 'Red', cfi: 0.5 },
      { name: 'Cy', value: 'Blue', cfi: 1 },
    ]);
    const data = await me.client.get(`/networks/${net.id}/data`);
    expect(data.body.data.nodeAttributes).toContainEqual({ key: 'CFI (Team)', type: 'number' });
    expect(
      data.body.data.nodes.map((n: { attributes: Record<string, unknown> }) => n.attributes['CFI (Team)']),
    ).toEqual([0.5, 0.5, 1]);
    const file = await fetch(`${app.url}/api/base/aona/results/${res.body.resultId}/xlsx`, {
      headers: { cookie: me.user.cookie },
    });
    const summary = XLSX.utils.sheet_to_json<unknown[]>(
      XLSX.read(Buffer.from(await file.arrayBuffer())).Sheets.Summary!,
      {
        header: 1,
      },
    );
    expect(summary.slice(3)).toEqual([
      ['Network', 'Teams'],
      ['Attribute', 'Team'],
      ['External ties', 2],
      ['Internal ties', 1],
      ['CFI', res.body.cfi],
      ['E-I index', res.body.ei],
      ['Network version', 2],
    ]);
  });

  it('the same CFI twice at once: each success is one new version and one saved result, a loser 409 and nothing', async () => {
    const net = await seedNetwork(app, me.user, 'Twice', smallNetwork());
    const before = (await me.client.get('/aona/results')).body.length;
    const both = await Promise.all(
      [0, 1].map(() => me.client.post('/passiveData/CFI', { networkId: net.id, CFIAttribute: 'Team' })),
    );
    // Both read version 1 while their workers run (~1 s), so one normally loses the version check.
    const won = both.filter((r) => r.status === 200).length;
    expect(both.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(won).toBeGreaterThan(0);
    expect((await me.client.get(`/networks/${net.id}`)).body.version).toBe(1 + won);
    expect((await me.client.get('/aona/results')).body.length).toBe(before + won);
  });

  it('refuses an unknown attribute with its name, and changes nothing', async () => {
    const net = await seedNetwork(app, me.user, 'Teams', smallNetwork());
    const res = await me.client.post('/passiveData/CFI', { networkId: net.id, CFIAttribute: 'Office' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Attribute Office not found in this network' } });
    const doc = await readDocument(app.server.deps.db, net);
    expect(doc.nodeAttributes.map((a) => a.key)).toEqual(['Team']);
  });

  it('a view-only share gets the answer and leaves the network as it is', async () => {
    const owner = await aonaUser(app);
    const viewer = await aonaUser(app);
    const net = await seedNetwork(app, owner.user, 'Shared', smallNetwork());
    await app.server.deps.db
      .insert(networkShares)
      .values({ networkId: net.id, userLoginId: viewer.user.loginId, permission: 'View' });
    const res = await viewer.client.post('/passiveData/CFI', { networkId: net.id, CFIAttribute: 'Team' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ external: 2, internal: 1, networkVersion: 1, attributeWritten: false });
    const doc = await readDocument(app.server.deps.db, net);
    expect(doc.nodeAttributes.map((a) => a.key)).toEqual(['Team']);
    // An Edit share writes it, as the owner does.
    await app.server.deps.db
      .update(networkShares)
      .set({ permission: 'Edit' })
      .where(eq(networkShares.networkId, net.id));
    const edited = await viewer.client.post('/passiveData/CFI', { networkId: net.id, CFIAttribute: 'Team' });
    expect(edited.body).toMatchObject({ networkVersion: 2, attributeWritten: true });
  });
});

describe('saved results', () => {
  it('lists newest first, downloads as xlsx, deletes', async () => {
    const user = await aonaUser(app);
    const f = (await seedNetwork(app, user.user, 'Org chart', formalNetwork())).id;
    const i = (await seedNetwork(app, user.user, 'Advice', informalNetwork())).id;
    const a = await user.client.post('/passiveData/informalAlignment', { formalNetworkId: f, informalNetworkId: i });
    const d = await user.client.post('/passiveData/informalDistance', { formalNetworkId: f, informalNetworkId: i });
    const list = await user.client.get('/aona/results');
    expect(list.body.map((r: { _id: string }) => r._id)).toEqual([d.body.resultId, a.body.resultId]);
    expect((await user.client.get('/aona/results?analysis=informalAlignment')).body).toHaveLength(1);

    const file = await fetch(`${app.url}/api/base/aona/results/${d.body.resultId}/xlsx`, {
      headers: { cookie: user.user.cookie },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('Informal distance');
    const book = XLSX.read(Buffer.from(await file.arrayBuffer()));
    expect(book.SheetNames).toEqual(['Summary', 'Ties', 'Histogram', 'People']);
    const ties = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Ties!);
    expect(ties).toContainEqual({ source: 'Cat', target: 'Dan', distance: 3 });
    // The summary in the page's words; the histogram with the chart's unreachable bar (0 here).
    const rows = (sheet: string) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[sheet]!, { header: 1 });
    expect(rows('Summary')).toEqual([
      ['Field', 'Value'],
      ['Analysis', 'Informal distance'],
      ['Date', expect.any(Number)],
      ['Formal network', 'Org chart'],
      ['Informal network', 'Advice'],
      ['Reachable ties', 3],
      ['Unreachable ties', 0],
      ['Mean distance', d.body.meanDistance],
      ['Median distance', 1],
    ]);
    expect(rows('Histogram')).toEqual([
      ['Distance', 'Ties'],
      [1, 2],
      [3, 1],
      ['Unreachable', 0],
    ]);
    const alignmentBook = await fetch(`${app.url}/api/base/aona/results/${a.body.resultId}/xlsx`, {
      headers: { cookie: user.user.cookie },
    });
    const labels = XLSX.utils
      .sheet_to_json<unknown[]>(XLSX.read(Buffer.from(await alignmentBook.arrayBuffer())).Sheets.Summary!, {
        header: 1,
      })
      .map((r) => r[0]);
    expect(labels).toContain('People in both');
    expect(labels).toContain('QAP p');
    expect(labels.filter((l) => /^[a-z]|[a-z][A-Z]/.test(String(l)))).toEqual([]);

    expect((await user.client.call('DELETE', `/api/base/aona/results/${a.body.resultId}`)).status).toBe(200);
    expect((await user.client.get(`/aona/results/${a.body.resultId}`)).status).toBe(404);
  });

  it("another account's results and networks are 404, as missing ones are", async () => {
    const stranger = await aonaUser(app);
    const a = await me.client.post('/passiveData/informalAlignment', pair());
    expect(await stranger.client.get(`/aona/results/${a.body.resultId}`)).toMatchObject({
      status: 404,
      body: { message: AONA_MSG.resultNotFound },
    });
    const file = await fetch(`${app.url}/api/base/aona/results/${a.body.resultId}/xlsx`, {
      headers: { cookie: stranger.user.cookie },
    });
    expect(file.status).toBe(404);
    expect((await stranger.client.call('DELETE', `/api/base/aona/results/${a.body.resultId}`)).status).toBe(404);
    expect(await stranger.client.post('/passiveData/informalAlignment', pair())).toMatchObject({
      status: 404,
      body: { message: NETWORK_MSG.notFound },
    });
    expect(await stranger.client.post('/passiveData/CFI', { networkId: formalId, CFIAttribute: 'Team' })).toMatchObject(
      {
        status: 404,
      },
    );
  });
});

describe('refusals', () => {
  it('bad input: 400 with a message, nothing stored', async () => {
    const before = (await me.client.get('/aona/results')).body.length;
    const cases: [string, unknown][] = [
      ['/passiveData/informalAlignment', {}],
      ['/passiveData/informalAlignment', { formalNetworkId: formalId, informalNetworkId: formalId }],
      ['/passiveData/informalDistance', { formalNetworkId: 'x', informalNetworkId: informalId }],
      ['/passiveData/CFI', { networkId: formalId, CFIAttribute: '' }],
      ['/passiveData/CFI', { networkId: formalId, CFIAttribute: 'a\u0000b' }],
      ['/passiveData/CFI', { networkId: formalId, CFIAttribute: 'x'.repeat(301) }],
      ['/passiveData/adaptableReadiness', { networkIds: [], createdARNetworkName: 'AR' }],
      ['/passiveData/adaptableReadiness', { networkIds: [formalId, formalId], createdARNetworkName: 'AR' }],
      ['/passiveData/adaptableReadiness', { networkIds: [formalId], createdARNetworkName: '   ' }],
      ['/passiveData/adaptableReadiness', { networkIds: formalId, createdARNetworkName: 'AR' }],
    ];
    for (const [path, body] of cases) {
      const res = await me.client.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await me.client.get('/aona/results')).body.length).toBe(before);
  });

  it('the AONA module off: 403 naming it', async () => {
    const plain = await seedUser(app);
    const client = new RestClient(app.url);
    client.cookie = plain.cookie;
    expect(await client.post('/passiveData/informalAlignment', pair())).toMatchObject({
      status: 403,
      body: { message: moduleOffMessage('AONA') },
    });
    const file = await fetch(`${app.url}/api/base/aona/results/00000000-0000-4000-8000-000000000000/xlsx`, {
      headers: { cookie: plain.cookie },
    });
    expect(file.status).toBe(403);
  });
});
