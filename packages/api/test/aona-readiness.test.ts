import * as XLSX from '@e965/xlsx';
import { eq, networks } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import { AONA_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aonaUser } from './aona-setup';
import type { RestClient, SeededUser, TestApp } from './helpers';
import { startTestApp } from './helpers';
import { seedNetwork, smallNetwork } from './networks-setup';

// Adaptable readiness over REST (/api/base/passiveData/adaptableReadiness): the union network, and
// which layers count as energy layers (issue 33): by their own name, or exactly the `energyLayers`
// given. Every expected number is worked out by hand in the comments (docs/analysis.md).

let app: TestApp;
let me: { user: SeededUser; client: RestClient };
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  me = await aonaUser(app);
});
afterAll(async () => app?.close());

const energyMapData = (): TNetworkData => ({
  ...smallNetwork(),
  layers: ['Energy'],
  edges: [
    { source: 0, target: 2, layer: 0, weight: 1, attributes: {} },
    { source: 1, target: 2, layer: 0, weight: 1, attributes: {} },
  ],
});

describe('adaptableReadiness', () => {
  it('makes a new network of the union with the scores as attributes', async () => {
    const advice = await seedNetwork(app, me.user, 'Advice map', smallNetwork());
    const energyNet = await seedNetwork(app, me.user, 'Energy map', energyMapData());
    const res = await me.client.post('/passiveData/adaptableReadiness', {
      networkIds: [advice.id, energyNet.id],
      createdARNetworkName: 'Readiness 2026',
    });
    expect(res.status).toBe(200);
    // G is the triangle Ana-Ben-Cy: connector 2/2 = 1 each; constraint (1/2 + 1/4)^2 * 2 = 1.125, broker
    // -0.125 each; energizer: Cy has ties from Ana and Ben in "Energy map: Energy", 2/2. ceil(10% of 3) = 1
    // per role, ties broken by name: Ana is Broker and Connector, Cy Energizer.
    expect(res.body).toMatchObject({ people: 3, ties: 3, brokers: 1, connectors: 1, energizers: 1 });
    expect(res.body.energyLayers).toEqual(['Energy map: Energy']);
    const network = await me.client.get(`/networks/${res.body.networkId}`);
    expect(network.body).toMatchObject({ name: 'Readiness 2026', access: 'Owner' });
    expect(network.body.layers).toEqual(['Advice map: Advice', 'Advice map: Friends', 'Energy map: Energy']);
    const data = (await me.client.get(`/networks/${res.body.networkId}/data`)).body.data as TNetworkData;
    const byName = Object.fromEntries(data.nodes.map((n) => [n.name, n.attributes]));
    expect(byName.Ana).toMatchObject({
      Connector: 1,
      Broker: -0.125,
      Energizer: 0,
      Readiness: 0,
      Role: 'Broker, Connector',
    });
    expect(byName.Ben).toMatchObject({ Role: 'None', Readiness: 0 });
    // Cy: percentile ranks 0 (connector), 0 (broker), 2/3 (energizer): readiness 2/9.
    expect(byName.Cy).toMatchObject({ Energizer: 1, Role: 'Energizer' });
    expect(byName.Cy!.Readiness).toBeCloseTo(2 / 9, 12);
  });
});

describe('energy layers', () => {
  // smallNetwork: Ana->Ben and Ben->Cy in "Advice", Cy->Ana in "Friends". The network's name says
  // energy; none of its layers does.
  let advice: string;
  let energyMap: string;
  beforeAll(async () => {
    advice = (await seedNetwork(app, me.user, 'Advice and energy', smallNetwork())).id;
    energyMap = (await seedNetwork(app, me.user, 'Energy map', energyMapData())).id;
  });
  const run = (body: Record<string, unknown>) =>
    me.client.post('/passiveData/adaptableReadiness', { createdARNetworkName: 'AR', ...body });
  const energizers = (scores: { name: string; energizer: number | null }[]) =>
    Object.fromEntries(scores.map((s) => [s.name, s.energizer]));

  it('by name: only a layer whose own name contains "energ", not every layer of a network named so', async () => {
    // The old rule read "Advice and energy: Advice" and gave Ana, Ben and Cy 1/2 each.
    const res = await run({ networkIds: [advice] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ energizers: null, energyLayers: [] });
    expect(res.body.scores.every((x: { energizer: number | null }) => x.energizer === null)).toBe(true);
  });

  it('ticked: exactly the layers named (case and spaces aside), saved with the result and in its workbook', async () => {
    // Only Friends: Cy->Ana, so Ana 1/2. G is the triangle: connector 1 and broker -0.125 for all, so
    // ties go to Ana by name: she has every flag; readiness (0 + 0 + 2/3)/3 = 2/9.
    const res = await run({ networkIds: [advice, energyMap], energyLayers: [' advice AND energy: friends '] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ energizers: 1, energyLayers: ['Advice and energy: Friends'] });
    expect(energizers(res.body.scores)).toEqual({ Ana: 0.5, Ben: 0, Cy: 0 });
    expect(res.body.scores[0]).toMatchObject({ name: 'Ana', role: 'Broker, Connector, Energizer' });
    expect(res.body.scores[0].readiness).toBeCloseTo(2 / 9, 12);

    const saved = await me.client.get(`/aona/results/${res.body.resultId}`);
    expect(saved.body.inputs.energyLayers).toEqual(['advice AND energy: friends']);
    expect(saved.body.result.energyLayers).toEqual(['Advice and energy: Friends']);
    const file = await fetch(`${app.url}/api/base/aona/results/${res.body.resultId}/xlsx`, {
      headers: { cookie: me.user.cookie },
    });
    const book = XLSX.read(Buffer.from(await file.arrayBuffer()));
    const summary = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Summary!, { header: 1 });
    expect(summary).toEqual(
      expect.arrayContaining([
        ['Field', 'Value'],
        ['Network 1', 'Advice and energy'],
        ['Network 2', 'Energy map'],
        ['New network', 'AR'],
        ['Energizers', 1],
        ['Energy layers', 'Advice and energy: Friends'],
        ['Energy layers chosen', 'ticked'],
      ]),
    );
  });

  it('an empty list: no energy layer, even one named Energy', async () => {
    const res = await run({ networkIds: [advice, energyMap], energyLayers: [] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ energizers: null, energyLayers: [] });
    expect(Object.values(energizers(res.body.scores)).every((e) => e === null)).toBe(true);
  });

  it('a name no chosen network has: 400 naming it; nothing saved, no network made', async () => {
    const results = (await me.client.get('/aona/results')).body.length;
    const mine = async () =>
      (await app.server.deps.db.select().from(networks).where(eq(networks.ownerId, me.user.userId))).length;
    const made = await mine();
    const res = await run({ networkIds: [advice], energyLayers: ['Advice and energy: Friends', 'Energy map: Energy'] });
    expect(res).toMatchObject({ status: 400, body: { message: AONA_MSG.unknownEnergyLayers(['Energy map: Energy']) } });
    expect(res.body.message).toContain('“Energy map: Energy”');
    expect((await me.client.get('/aona/results')).body.length).toBe(results);
    expect(await mine()).toBe(made);
  });

  it('wrong types: 400 with the message', async () => {
    const cases: [unknown, string][] = [
      ['Advice and energy: Friends', AONA_MSG.energyLayersList],
      [null, AONA_MSG.energyLayersList],
      [{ 0: 'Advice and energy: Friends' }, AONA_MSG.energyLayersList],
      [[1], AONA_MSG.energyLayerRequired],
      [['  '], AONA_MSG.energyLayerRequired],
      [['x'.repeat(1_301)], AONA_MSG.energyLayerTooLong],
      [Array(1_001).fill('x'), AONA_MSG.energyLayersTooMany],
    ];
    for (const [energyLayers, message] of cases) {
      const res = await run({ networkIds: [advice], energyLayers });
      expect(res, JSON.stringify(energyLayers).slice(0, 40)).toMatchObject({ status: 400, body: { message } });
    }
  });
});
