import { discoverNetworks, eq, users } from '@tieline/db';
import { DISCOVER_LIMITS, DISCOVER_MSG, PLAN_KEYS, type TPlan } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOVER_EXAMPLES } from '../src/seed/discover-examples';
import { documentSnapshot, snapshotColumns } from '../src/services/discover/snapshot';
import { INLINE_WORK_MAX } from '../src/workers/request-work';
import { rejection, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { seedNetwork, smallNetwork } from './networks-setup';
import { clientOf } from './surveys-setup';

// Discover's gallery (search, tag filter, pages) and the plan caps on publishing: free 1, basic 50,
// professional unlimited; republishing is not a new publication, unpublishing frees a slot, and
// concurrent publishes cannot pass the cap.

let app: TestApp;
let viewer: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  viewer = await seedUser(app);
});
afterAll(() => app.close());

async function userOn(plan: TPlan) {
  const user = await seedUser(app);
  await app.server.deps.db.update(users).set({ subscriptionType: PLAN_KEYS[plan] }).where(eq(users.id, user.userId));
  return user;
}

/** `n` publications of `owner` written straight to the table (networks of their own, published). */
async function publishedRows(owner: SeededUser, n: number) {
  const { db } = app.server.deps;
  for (let i = 0; i < n; i++) {
    const net = await seedNetwork(app, owner, `Filler ${i}`);
    const columns = snapshotColumns({
      name: net.name,
      description: '',
      tags: [],
      document: documentSnapshot(smallNetwork()),
    });
    await db.insert(discoverNetworks).values({ id: net.id, networkId: net.id, ownerId: owner.userId, ...columns });
  }
}

describe('plan caps', () => {
  it('free: one network; a second answers 403 naming the plan and its limit; republish is free; unpublish frees the slot', async () => {
    const user = await userOn('free');
    const [a, b] = [await seedNetwork(app, user, 'A'), await seedNetwork(app, user, 'B')];
    const discover = clientOf(app, user).discover;
    await discover.publish.mutate({ id: a.id, public: true });
    const refused = await rejection(discover.publish.mutate({ id: b.id, public: true }));
    expect(refused).toEqual({ status: 403, message: DISCOVER_MSG.capReached('free') });
    expect(refused.message).toBe(
      'The Free plan can publish at most 1 network to Discover. Unpublish one first, or upgrade your plan.',
    );
    await discover.publish.mutate({ id: a.id, public: true, description: 'Again' });
    await discover.publish.mutate({ id: a.id, public: false });
    await discover.publish.mutate({ id: b.id, public: true });
    expect((await discover.publication.query({ id: b.id })).public).toBe(true);
  });

  it('basic: fifty (the plan key basic_50_public_networks)', async () => {
    const user = await userOn('basic');
    await publishedRows(user, 49);
    const discover = clientOf(app, user).discover;
    const [fiftieth, more] = [await seedNetwork(app, user, '50th'), await seedNetwork(app, user, '51st')];
    await discover.publish.mutate({ id: fiftieth.id, public: true });
    expect(await rejection(discover.publish.mutate({ id: more.id, public: true }))).toEqual({
      status: 403,
      message: 'The Basic plan can publish at most 50 networks to Discover. Unpublish one first, or upgrade your plan.',
    });
  });

  it('professional: no limit', async () => {
    const user = await userOn('professional');
    await publishedRows(user, 55);
    const n = await seedNetwork(app, user, 'One more');
    expect((await clientOf(app, user).discover.publish.mutate({ id: n.id, public: true })).public).toBe(true);
  });

  it('holds under concurrent publishes: of several at once on the free plan, exactly one passes', async () => {
    const user = await userOn('free');
    const nets = await Promise.all(Array.from({ length: 4 }, (_, i) => seedNetwork(app, user, `Race ${i}`)));
    const discover = clientOf(app, user).discover;
    const results = await Promise.allSettled(nets.map((n) => discover.publish.mutate({ id: n.id, public: true })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rows = await app.server.deps.db
      .select({ id: discoverNetworks.id })
      .from(discoverNetworks)
      .where(eq(discoverNetworks.ownerId, user.userId));
    expect(rows).toHaveLength(1);
  });
});

describe('describing a large network', () => {
  it('measures it in the worker threads and answers the same summary as inline', async () => {
    const owner = await userOn('professional');
    // A ring of 1,600 people with a chord every 7th: past the inline limit of 1,500 people.
    const n = 1_600;
    const big = smallNetwork({
      directed: false,
      layers: ['Ring'],
      nodeAttributes: [{ key: 'Team', type: 'category' }],
      nodes: Array.from({ length: n }, (_, i) => ({ name: `P${i}`, attributes: { Team: i < n / 2 ? 'A' : 'B' } })),
      edges: Array.from({ length: n }, (_, i) => ({
        source: i,
        target: (i + 1) % n,
        layer: 0,
        weight: 1,
        attributes: {},
      })).concat(
        Array.from({ length: n / 7 }, (_, i) => ({
          source: i * 7,
          target: (i * 7 + n / 2) % n,
          layer: 0,
          weight: 1,
          attributes: {},
        })),
      ),
    });
    const net = await seedNetwork(app, owner, 'Ring', big);
    await clientOf(app, owner).discover.publish.mutate({ id: net.id, public: true });
    const d = await clientOf(app, viewer).discover.describe.query({ id: net.id });
    const { computeMetrics } = await import('@tieline/graph');
    const { summarize } = await import('../src/services/discover/summarize');
    const inline = summarize(big, computeMetrics(big));
    expect(d).toMatchObject({ people: n, ties: big.edges.length, components: 1 });
    expect(d.topByDegree).toEqual(inline.topByDegree);
    expect(d.topByBetweenness.map((t) => t.name)).toEqual(inline.topByBetweenness.map((t) => t.name));
    expect(d.communities.map((c) => c.size)).toEqual(inline.communities.map((c) => c.size));
  }, 60_000);
});

describe('publishing a large network', () => {
  it('makes its snapshot in a worker, in a work slot, as the thread makes a small one', async () => {
    const owner = await userOn('professional');
    const n = INLINE_WORK_MAX / 2 + 1;
    const data = smallNetwork({
      directed: false,
      layers: ['Chain'],
      nodeAttributes: [],
      nodes: Array.from({ length: n }, (_, i) => ({
        name: i === 0 ? 'Ann Archer (ann@contoso.com)' : `P${i}`,
        attributes: {},
      })),
      edges: Array.from({ length: n - 1 }, (_, i) => ({
        source: i,
        target: i + 1,
        layer: 0,
        weight: 1,
        attributes: {},
      })),
    });
    const net = await seedNetwork(app, owner, 'Long chain', data);
    // The account's two work slots held: the publish waits in line, so it asked for a worker.
    const slots = app.server.deps.workSlots;
    const ticket = { account: `user:${owner.userId}`, user: owner.userId, label: 'held' };
    const releases = [await slots.acquire(ticket), await slots.acquire(ticket)];
    const publishing = clientOf(app, owner).discover.publish.mutate({ id: net.id, public: true });
    while (!slots.waiting().some((w) => w.ticket.label === 'discover publish'))
      await new Promise((r) => setTimeout(r, 20));
    for (const release of releases) release();
    await publishing;
    const [row] = await app.server.deps.db.select().from(discoverNetworks).where(eq(discoverNetworks.id, net.id));
    const { data: json, thumbnail, nodeCount, edgeCount, directed } = row!;
    expect({ json, thumbnail, nodeCount, edgeCount, directed }).toEqual(documentSnapshot(data));
    expect(json).not.toContain('@');
    expect(JSON.parse(json).nodes[0].name).toBe('Ann Archer');
  }, 60_000);
});

describe('the gallery', () => {
  it('searches name, description and tags (accents and case folded, every word), filters by tag, pages', async () => {
    const owner = await userOn('professional');
    const discover = clientOf(app, owner).discover;
    const made = [];
    for (let i = 0; i < DISCOVER_LIMITS.pageSize + 2; i++) {
      const n = await seedNetwork(app, owner, `Zebrafish lab ${i}`);
      await discover.publish.mutate({
        id: n.id,
        public: true,
        description: i === 0 ? 'Café conversations' : 'Lab meetings',
        tags: i % 2 === 0 ? ['Biology', 'Even'] : ['biology'],
      });
      made.push(n.id);
    }
    const list = clientOf(app, viewer).discover.list;
    const first = await list.query({ search: 'ZEBRAFISH' });
    expect(first.count).toBe(DISCOVER_LIMITS.pageSize + 2);
    expect(first.items).toHaveLength(DISCOVER_LIMITS.pageSize);
    // Newest first.
    expect(first.items[0]!.name).toBe(`Zebrafish lab ${DISCOVER_LIMITS.pageSize + 1}`);
    const second = await list.query({ search: 'zebrafish', page: 2 });
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((i) => i._id))).toEqual(new Set(made));
    expect((await list.query({ search: 'zebrafish', page: 3 })).items).toEqual([]);
    expect((await list.query({ search: 'cafe' })).items.map((i) => i.name)).toEqual(['Zebrafish lab 0']);
    expect((await list.query({ search: 'lab café' })).count).toBe(1);
    expect((await list.query({ search: 'lab 1' })).count).toBeGreaterThan(0);
    expect((await list.query({ search: '100%' })).count).toBe(0);
    expect((await list.query({ search: 'zebrafish', tag: 'EVEN' })).count).toBe(7);
    expect((await list.query({ tag: 'biology' })).count).toBe(DISCOVER_LIMITS.pageSize + 2);
    expect((await list.query({ search: 'even' })).count).toBe(7);
    // A card's owner is the publisher's name; the examples come first.
    const all = await list.query({});
    expect(all.items.slice(0, DISCOVER_EXAMPLES.length).every((i) => i.curated)).toBe(true);
    expect(all.tags).toContain('Biology');
    expect(all.tags.filter((t) => t.toLowerCase() === 'biology')).toHaveLength(1);
    expect((await list.query({ search: 'karate' })).items.map((i) => i.owner)).toEqual(['Tieline']);
  });

  it('refuses bad list input', async () => {
    const list = clientOf(app, viewer).discover.list;
    expect(await rejection(list.query({ search: 'x'.repeat(201) }))).toEqual({
      status: 400,
      message: DISCOVER_MSG.searchTooLong,
    });
    expect((await rejection(list.query({ page: 0 }))).status).toBe(400);
    expect((await rejection(list.query({ page: 1.5 }))).status).toBe(400);
    expect((await rejection(list.query({ tag: 'x'.repeat(31) }))).status).toBe(400);
  });
});
