/**
 * Series made by hand (issue 34) over REST on a real database: POST /series answers the series as GET
 * gives it, with each snapshot's measures worked out by hand; the list counts snapshots; DELETE keeps the
 * networks; the versions a series holds are kept past the networks' 20; summaries carry dataVersion and
 * the series they are in; and the refusals: wrong types, duplicates, a version no longer kept, another
 * person's ids, a snapshot the caller cannot see, the networks module off, passive networks.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, networkShares, networkVersions, users } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import {
  MODULES,
  NETWORK_MANAGE_LIMITS,
  NETWORK_MSG,
  PASSIVE_MSG,
  SERIES_MSG,
  type TModules,
} from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentOf, insertNetwork } from '../src/network-store/store-network';
import { type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { seedNetwork, smallNetwork } from './networks-setup';
import { accountOf } from './passive-queries-setup';
import { restOf } from './surveys-setup';

let app: TestApp;
let me: SeededUser;
let other: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  me = await seedUser(app, 'individual');
  other = await seedUser(app, 'individual');
});
afterAll(() => app.close());

/** An undirected network of people p0..p(n-1) with these ties (a triangle's transitivity is 1). */
const undirected = (n: number, ties: [number, number][]): TNetworkData => ({
  directed: false,
  layers: ['Works with'],
  nodeAttributes: [],
  edgeAttributes: [],
  nodes: Array.from({ length: n }, (_, i) => ({ name: `p${i}`, attributes: {} })),
  edges: ties.map(([source, target]) => ({ source, target, layer: 0, weight: 1, attributes: {} })),
});

/** Writes a new version of the network (a rename with the direction flipped twice keeps the document). */
async function newVersion(user: SeededUser, id: string) {
  const api = restOf(app, user);
  const got = await api.get(`/networks/${id}`);
  const flipped = await api.call('PUT', `/api/base/networks/${id}`, {
    version: got.body.version,
    directed: !got.body.directed,
  });
  expect(flipped.status).toBe(200);
  return flipped.body as { version: number; dataVersion: number };
}

describe('POST and GET /series', () => {
  it('answers the series as GET gives it, measures of each snapshot by hand, the current version by default', async () => {
    const wave1 = await seedNetwork(app, me, 'Wave 1');
    // Directed: a->b, b->c (layer 0), c->a (layer 1): 3 ordered ties, none mutual, one triangle.
    const wave2 = await insertNetwork(app.server.deps.db, {
      ownerId: me.userId,
      name: 'Wave 2',
      document: documentOf(
        undirected(4, [
          [0, 1],
          [1, 2],
          [0, 2],
          [2, 3],
          [2, 3],
        ]),
      ),
    });
    const api = restOf(app, me);
    const made = await api.post('/series', {
      name: 'Survey waves',
      snapshots: [
        { networkId: wave1.id, dataVersion: 1, label: '2025' },
        { networkId: wave2.id, label: '2026' },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toEqual({
      _id: expect.any(String),
      name: 'Survey waves',
      queryId: null,
      snapshots: [
        {
          networkId: wave1.id,
          dataVersion: 1,
          label: '2025',
          from: null,
          to: null,
          people: 3,
          ties: 3,
          density: 0.5,
          meanDegree: 2,
          reciprocity: 0,
          transitivity: 1,
          modularity: expect.any(Number),
        },
        {
          networkId: wave2.id,
          dataVersion: 1,
          label: '2026',
          from: null,
          to: null,
          // Parallel ties merged: 4 ties over 6 pairs; triangles 1, connected triples 1+1+3 = 5.
          people: 4,
          ties: 4,
          density: 4 / 6,
          meanDegree: 2,
          reciprocity: null,
          transitivity: 0.6,
          modularity: expect.any(Number),
        },
      ],
    });
    const got = await api.get(`/series/${made.body._id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(made.body);
    const list = await api.get('/series');
    expect(list.body).toContainEqual({ _id: made.body._id, name: 'Survey waves', snapshots: 2 });
    // Summaries: the data version, and the series each network is in.
    const summary = await api.get(`/networks/${wave2.id}`);
    expect(summary.body).toMatchObject({ dataVersion: 1, series: [{ _id: made.body._id, name: 'Survey waves' }] });
    const listed = (await api.get('/networks')).body.find((n: { _id: string }) => n._id === wave1.id);
    expect(listed.series).toEqual([{ _id: made.body._id, name: 'Survey waves' }]);
  });

  it('keeps the versions a series holds past the kept window; a version no longer kept is 404', async () => {
    const n = await seedNetwork(app, me, 'Yearly');
    const api = restOf(app, me);
    const made = await api.post('/series', { name: 'Held', snapshots: [{ networkId: n.id, label: 'First' }] });
    expect(made.status).toBe(200);
    let last = { dataVersion: 1 };
    for (let i = 0; i < NETWORK_MANAGE_LIMITS.versionsKept + 2; i++) last = await newVersion(me, n.id);
    const kept = await app.server.deps.db
      .select({ version: networkVersions.version })
      .from(networkVersions)
      .where(eq(networkVersions.networkId, n.id));
    // The newest 20, and version 1 the series holds; versions 2 and 3 are gone.
    expect(kept.map((v) => v.version).sort((a, b) => a - b)).toEqual([
      1,
      ...Array.from({ length: NETWORK_MANAGE_LIMITS.versionsKept }, (_, i) => last.dataVersion - 19 + i),
    ]);
    const gone = await api.post('/series', {
      name: 'Late',
      snapshots: [{ networkId: n.id, dataVersion: 2, label: 'x' }],
    });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(NETWORK_MSG.versionGone);
    const future = await api.post('/series', {
      name: 'Late',
      snapshots: [{ networkId: n.id, dataVersion: last.dataVersion + 1, label: 'x' }],
    });
    expect(future.status).toBe(404);
    // The held version's document and metrics answer (202 while computing); a pruned one is 404.
    const held = await api.get(`/networks/${n.id}/data?version=1`);
    expect(held.body.data).toEqual(smallNetwork());
    expect((await api.get(`/networks/${n.id}/data?version=2`)).status).toBe(404);
    expect((await api.get(`/networks/${n.id}/data?version=x`)).status).toBe(400);
    expect((await api.get(`/networks/${n.id}/metrics?version=1`)).status).toBeLessThan(300);
    const pruned = await api.get(`/networks/${n.id}/metrics?version=2`);
    expect(pruned.status).toBe(404);
    expect(pruned.body.message).toBe(NETWORK_MSG.versionGone);
    // Deleted, the series lets its versions go; the network stays.
    expect((await api.call('DELETE', `/api/base/series/${made.body._id}`)).body).toEqual({ ok: true });
    const after = await app.server.deps.db
      .select({ version: networkVersions.version })
      .from(networkVersions)
      .where(and(eq(networkVersions.networkId, n.id), eq(networkVersions.version, 1)));
    expect(after).toEqual([]);
    expect((await api.get(`/networks/${n.id}`)).status).toBe(200);
    expect((await api.get(`/series/${made.body._id}`)).status).toBe(404);
  });

  it('refuses wrong types, missing fields, too many and duplicate snapshots with 400', async () => {
    const n = await seedNetwork(app, me);
    const api = restOf(app, me);
    const cases: [unknown, string | RegExp][] = [
      [{ snapshots: [{ networkId: n.id, label: 'a' }] }, SERIES_MSG.nameRequired],
      [{ name: 'S' }, SERIES_MSG.snapshotsRequired],
      [{ name: 'S', snapshots: [] }, SERIES_MSG.snapshotsRequired],
      [{ name: 'S', snapshots: 'all' }, SERIES_MSG.snapshotsRequired],
      [{ name: 'S', snapshots: [{ networkId: n.id }] }, SERIES_MSG.labelRequired],
      [{ name: 'S', snapshots: [{ networkId: n.id, label: 'a', dataVersion: '1' }] }, SERIES_MSG.dataVersion],
      [{ name: 'S', snapshots: [{ networkId: n.id, label: 'a', dataVersion: 0 }] }, SERIES_MSG.dataVersion],
      [{ name: 'S', snapshots: [{ networkId: n.id, label: 'a', dataVersion: 1.5 }] }, SERIES_MSG.dataVersion],
      [{ name: 'S', snapshots: [{ networkId: 'nope', label: 'a' }] }, /Invalid id/],
      [
        { name: 'S', snapshots: Array.from({ length: 105 }, (_, i) => ({ networkId: n.id, label: `${i}` })) },
        SERIES_MSG.snapshotsTooMany,
      ],
      [
        {
          name: 'S',
          snapshots: [
            { networkId: n.id, label: 'a' },
            { networkId: n.id, label: 'a', dataVersion: 1 },
          ],
        },
        SERIES_MSG.duplicateLabel('a'),
      ],
      [
        {
          name: 'S',
          snapshots: [
            { networkId: n.id, label: 'a' },
            { networkId: n.id, label: 'b', dataVersion: 1 },
          ],
        },
        SERIES_MSG.duplicateSnapshot,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api.post('/series', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await api.get('/series/not-an-id')).status).toBe(400);
    expect((await api.get(`/series/${randomUUID()}`)).status).toBe(404);
    expect((await api.call('DELETE', `/api/base/series/${randomUUID()}`)).status).toBe(404);
  });
});

describe('who sees a series', () => {
  it("answers 404 for another person's series and networks, and for a snapshot the caller cannot see", async () => {
    const theirs = await seedNetwork(app, other, 'Theirs');
    const mine = await seedNetwork(app, me, 'Mine');
    const mixed = {
      name: 'Mixed',
      snapshots: [
        { networkId: mine.id, label: 'a' },
        { networkId: theirs.id, label: 'b' },
      ],
    };
    const refused = await restOf(app, me).post('/series', mixed);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(NETWORK_MSG.notFound);
    // Shared with me, I make a series of both; once unshared, the whole series is 404 to me.
    const { db } = app.server.deps;
    await db.insert(networkShares).values({ networkId: theirs.id, userLoginId: me.loginId, permission: 'View' });
    const made = await restOf(app, me).post('/series', mixed);
    expect(made.status).toBe(200);
    const id = made.body._id;
    // The other person cannot see my network: the series is 404 to them, whatever they try.
    for (const res of [
      await restOf(app, other).get(`/series/${id}`),
      await restOf(app, other).call('DELETE', `/api/base/series/${id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(SERIES_MSG.notFound);
    }
    expect((await restOf(app, other).get('/series')).body.map((s: { _id: string }) => s._id)).not.toContain(id);
    await db.delete(networkShares).where(eq(networkShares.networkId, theirs.id));
    expect((await restOf(app, me).get(`/series/${id}`)).status).toBe(404);
    expect((await restOf(app, me).get('/series')).body.map((s: { _id: string }) => s._id)).not.toContain(id);
    expect((await restOf(app, me).get(`/networks/${mine.id}`)).body.series).toEqual([]);
    // Its owner can still delete it.
    expect((await restOf(app, me).call('DELETE', `/api/base/series/${id}`)).body).toEqual({ ok: true });
  });

  it('lets a person who sees every snapshot read a series but only its owner delete it', async () => {
    const n = await seedNetwork(app, me, 'Shared waves');
    const made = await restOf(app, me).post('/series', {
      name: 'Shared',
      snapshots: [{ networkId: n.id, label: 'a' }],
    });
    await app.server.deps.db
      .insert(networkShares)
      .values({ networkId: n.id, userLoginId: other.loginId, permission: 'Edit' });
    expect((await restOf(app, other).get(`/series/${made.body._id}`)).body.name).toBe('Shared');
    const denied = await restOf(app, other).call('DELETE', `/api/base/series/${made.body._id}`);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(SERIES_MSG.notOwner);
  });

  it('refuses every route with the networks module off, and a passive network to those who do not see its people', async () => {
    const user = await seedUser(app, 'individual');
    const n = await seedNetwork(app, user);
    const made = await restOf(app, user).post('/series', { name: 'S', snapshots: [{ networkId: n.id, label: 'a' }] });
    const { db } = app.server.deps;
    const off = Object.fromEntries(MODULES.map((m) => [m, { enabled: m !== 'networks' }])) as TModules;
    await db.update(users).set({ modules: off }).where(eq(users.id, user.userId));
    const api = restOf(app, user);
    for (const res of [
      await api.get('/series'),
      await api.get(`/series/${made.body._id}`),
      await api.call('DELETE', `/api/base/series/${made.body._id}`),
      await api.post('/series', { name: 'S', snapshots: [{ networkId: n.id, label: 'a' }] }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/networks/i);
    }
    // A member without person-level passive data: their own passive network is 403 with the reason.
    const member = await seedUser(app, 'simplified');
    const accountId = (await accountOf(app, member)).id;
    const passive = await insertNetwork(db, {
      ownerId: member.userId,
      name: 'Passive',
      document: documentOf(smallNetwork()),
      passiveAccountId: accountId,
    });
    const res = await restOf(app, member).post('/series', {
      name: 'P',
      snapshots: [{ networkId: passive.id, label: 'a' }],
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(PASSIVE_MSG.networkPeopleOnly);
  });
});

describe('measures of large snapshots', () => {
  it('are measured in the series-measures worker in an analysis slot, as here; a full line is 429', async () => {
    const { measureDocuments } = await import('../src/services/series/snapshot-measures');
    const { networkMeasures } = await import('@tieline/graph');
    const docs = [
      smallNetwork(),
      undirected(4, [
        [0, 1],
        [1, 2],
        [0, 2],
        [2, 3],
      ]),
      undirected(0, []),
    ];
    const jsons = docs.map((d) => JSON.stringify(d));
    const ticket = { account: 'user:test', user: me.userId, label: 'seriesMeasures' };
    const load = async (i: number) => jsons[i]!;
    const measured = await measureDocuments(app.server.deps, ticket, 3, load, { inlineChars: 0, threads: 2 });
    expect(measured).toEqual(docs.map((d) => networkMeasures(d)));
    // Two workers serve more documents than there are workers, each asking for the next.
    const many = Array.from({ length: 7 }, (_, k) => jsons[k % 3]!);
    expect(
      await measureDocuments(app.server.deps, ticket, 7, async (i) => many[i]!, { inlineChars: 0, threads: 2 }),
    ).toEqual(many.map((j) => networkMeasures(JSON.parse(j))));
    // A document that cannot be read fails the whole: the workers end and the slot is free again.
    const gone = new Error('version gone');
    const failing = async (i: number) => {
      if (i === 2) throw gone;
      return jsons[i]!;
    };
    await expect(measureDocuments(app.server.deps, ticket, 3, failing, { inlineChars: 0, threads: 2 })).rejects.toBe(
      gone,
    );
    expect(app.server.deps.analysisSlots.busy).toBe(0);
    // Every slot of the server held: a request waits its allowance, then is told its place.
    const slots = app.server.deps.analysisSlots;
    const held = await Promise.all(
      Array.from({ length: slots.limits.perServer }, (_, i) => slots.acquire({ ...ticket, account: `user:${i}` })),
    );
    try {
      const refused = await measureDocuments(app.server.deps, ticket, 3, load, { inlineChars: 0, waitMs: 50 }).catch(
        (e: unknown) => e,
      );
      expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: SERIES_MSG.busy(slots.limits.perServer, 1) });
    } finally {
      for (const release of held) release();
    }
  });
});
