// Analyses bounded (issue 36): the server's analysis slots (ANALYSIS_SLOTS) with a run that waits in
// line showing its place (GET /aona/queue), a wait that gives up answering 429 with the place it had,
// a network-metrics job that waits its turn, a large Discover summary that gives up the same way, and an
// AONA run stopped at its time limit
// (AONA_TIME_LIMIT_MS) answering 503 with nothing saved. The two running analyses are slots this test
// holds on the server's own FairSlots, so the line is exact whatever the machine's speed.
import { discoverNetworks, eq, networks } from '@tieline/db';
import { AONA_MSG, DISCOVER_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSnapshot, snapshotColumns } from '../src/services/discover/snapshot';
import type { SlotTicket } from '../src/workers/fair-slots';
import { aonaUser, formalNetwork, informalNetwork } from './aona-setup';
import { startTestApp, type TestApp } from './helpers';
import { seedNetwork, smallNetwork } from './networks-setup';

type TUser = Awaited<ReturnType<typeof aonaUser>>;

const held = (account: string): SlotTicket => ({ account, user: 'someone else', label: 'informalAlignment' });

async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function pairOf(app: TestApp, user: TUser) {
  return {
    formalNetworkId: (await seedNetwork(app, user.user, 'Org chart', formalNetwork())).id,
    informalNetworkId: (await seedNetwork(app, user.user, 'Advice', informalNetwork())).id,
  };
}

describe('a server with two analysis slots', () => {
  let app: TestApp;
  let me: TUser;
  let other: TUser;
  let pair: { formalNetworkId: string; informalNetworkId: string };

  beforeAll(async () => {
    app = await startTestApp({
      smtp: false,
      env: { ANALYSIS_SLOTS: '2', ANALYSIS_SLOTS_PER_ACCOUNT: '2', ANALYSIS_WAIT_MS: '4000' },
    });
    me = await aonaUser(app);
    other = await aonaUser(app);
    pair = await pairOf(app, me);
  });
  afterAll(async () => app?.close());

  const slots = () => app.server.deps.analysisSlots;

  it('a third run waits in line, its place on GET /aona/queue, then runs when a slot frees', async () => {
    const releaseA = await slots().acquire(held('organization:a'));
    const releaseB = await slots().acquire(held('organization:b'));
    try {
      expect(await me.client.get('/aona/queue')).toMatchObject({
        status: 200,
        body: { running: 2, slots: 2, waiting: [] },
      });
      const run = me.client.post('/passiveData/informalDistance', pair);
      const queue = await until(
        () => me.client.get('/aona/queue'),
        (res) => res.body.waiting.length > 0,
      );
      expect(queue.body).toEqual({ running: 2, slots: 2, waiting: [{ analysis: 'informalDistance', position: 1 }] });
      expect(AONA_MSG.waiting(queue.body.running, queue.body.waiting[0].position)).toBe(
        'Waiting for a free slot: 2 analyses are running; yours is number 1 in line',
      );
      // Someone else's line shows the slots, not my run.
      expect((await other.client.get('/aona/queue')).body).toEqual({ running: 2, slots: 2, waiting: [] });
      releaseA();
      const res = await run;
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ reachable: 3, unreachable: 0, medianDistance: 1 });
      expect(slots().busy).toBe(1);
    } finally {
      releaseA();
      releaseB();
    }
  });

  it('a run that waits its whole allowance answers 429 with its place, and nothing is saved', async () => {
    const releases = [await slots().acquire(held('organization:a')), await slots().acquire(held('organization:b'))];
    // Another account's run is first in line (and waits as long as it takes): mine is second.
    const ahead = slots().acquire(held('organization:c'));
    try {
      const before = (await me.client.get('/aona/results')).body.length;
      const res = await me.client.post('/passiveData/informalAlignment', pair);
      expect(res.status).toBe(429);
      expect(res.body.message).toBe(AONA_MSG.busy(2, 2));
      expect(res.body.message).toBe('2 analyses are running; yours was number 2 in line. Try again in a moment.');
      expect(res.headers.get('retry-after')).toBe('10');
      expect((await me.client.get('/aona/results')).body.length).toBe(before);
      expect((await me.client.get('/aona/queue')).body.waiting).toEqual([]);
      expect(
        slots()
          .waiting()
          .map((w) => w.ticket.account),
      ).toEqual(['organization:c']);
    } finally {
      for (const release of releases) release();
      (await ahead)();
    }
    expect(slots().busy).toBe(0);
  });

  it('a metrics job waits for a slot, queued with its place in line, and computes once one frees', async () => {
    const network = await seedNetwork(app, me.user, 'Measured', formalNetwork());
    const releases = [await slots().acquire(held('organization:a')), await slots().acquire(held('organization:b'))];
    let draining: Promise<unknown> | undefined;
    try {
      expect((await me.client.get(`/networks/${network.id}/metrics`)).status).toBe(202);
      draining = app.server.worker.drain();
      await until(
        async () => slots().waiting(),
        (line) => line.some((w) => w.ticket.label === 'networkMetrics'),
      );
      expect(await me.client.get(`/networks/${network.id}/metrics`)).toMatchObject({
        status: 202,
        body: { state: 'queued', progress: 0, position: 1 },
      });
    } finally {
      for (const release of releases) release();
    }
    await draining;
    const done = await me.client.get(`/networks/${network.id}/metrics`);
    expect(done.status).toBe(200);
    expect(done.body.network.components).toBe(1);
    expect(slots().busy).toBe(0);
  });

  it('a large network’s Discover summary waits in the same line, then answers 429 with its place', async () => {
    // A ring of 1,600 people: past the 1,500 measured inline, so its summary needs a slot.
    const n = 1_600;
    const ring = smallNetwork({
      directed: false,
      layers: ['Ring'],
      nodes: Array.from({ length: n }, (_, i) => ({ name: `P${i}`, attributes: {} })),
      edges: Array.from({ length: n }, (_, i) => ({
        source: i,
        target: (i + 1) % n,
        layer: 0,
        weight: 1,
        attributes: {},
      })),
    });
    const net = await seedNetwork(app, other.user, 'Ring', ring);
    const columns = snapshotColumns({ name: 'Ring', description: '', tags: [], document: documentSnapshot(ring) });
    await app.server.deps.db
      .insert(discoverNetworks)
      .values({ id: net.id, networkId: net.id, ownerId: other.user.userId, ...columns });
    const releases = [await slots().acquire(held('organization:a')), await slots().acquire(held('organization:b'))];
    try {
      const res = await me.client.get(`/discover/${net.id}`);
      expect(res.status).toBe(429);
      expect(res.body.message).toBe(DISCOVER_MSG.busy(2, 1));
      expect(res.body.message).toBe(
        '2 analyses are running; this summary was number 1 in line. Try again in a moment.',
      );
    } finally {
      for (const release of releases) release();
    }
    expect(await me.client.get(`/discover/${net.id}`)).toMatchObject({
      status: 200,
      body: { people: n, components: 1 },
    });
  });
});

describe('an AONA run past its time limit', () => {
  let app: TestApp;
  let me: TUser;

  beforeAll(async () => {
    app = await startTestApp({ smtp: false, env: { AONA_TIME_LIMIT_MS: '1' } });
    me = await aonaUser(app);
  });
  afterAll(async () => app?.close());

  it('answers 503 naming the limit, saves nothing and frees its slot', async () => {
    const pair = await pairOf(app, me);
    const res = await me.client.post('/passiveData/informalDistance', pair);
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(AONA_MSG.timeLimit(1));
    expect(res.body.message).toBe(
      'The analysis ran past its time limit of 1 ms and was stopped; nothing was saved. Try smaller networks.',
    );
    expect((await me.client.get('/aona/results')).body).toEqual([]);
    expect(app.server.deps.analysisSlots.busy).toBe(0);
  });

  it('CFI and adaptable readiness: no new version, no new network', async () => {
    const pair = await pairOf(app, me);
    const owned = () => app.server.deps.db.select().from(networks).where(eq(networks.ownerId, me.user.userId));
    const before = await owned();
    const cfi = await me.client.post('/passiveData/CFI', { networkId: pair.formalNetworkId, CFIAttribute: 'Team' });
    // The attribute check runs in the worker too: the limit stops it first.
    expect(cfi).toMatchObject({ status: 503, body: { message: AONA_MSG.timeLimit(1) } });
    const readiness = await me.client.post('/passiveData/adaptableReadiness', {
      networkIds: [pair.formalNetworkId, pair.informalNetworkId],
      createdARNetworkName: 'Readiness',
    });
    expect(readiness).toMatchObject({ status: 503, body: { message: AONA_MSG.timeLimit(1) } });
    const after = await owned();
    expect(after.map((n) => [n.id, n.dataVersion])).toEqual(before.map((n) => [n.id, n.dataVersion]));
    expect((await me.client.get('/aona/results')).body).toEqual([]);
  });
});
