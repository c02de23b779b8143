import { randomUUID } from 'node:crypto';
import { discoverNetworks, eq, users } from '@tieline/db';
import { DISCOVER_LIMITS, DISCOVER_MSG, moduleOffMessage, NETWORK_MSG, PLAN_KEYS } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOVER_EXAMPLES, seedDiscoverExamples } from '../src/seed/discover-examples';
import { rejection, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { seedNetwork, smallNetwork } from './networks-setup';
import { clientOf, restOf } from './surveys-setup';

// Discover: owners publish snapshots of their networks (republish replaces, unpublish removes), plans cap
// how many, everyone with the module lists, searches, describes and duplicates what is published and
// Tieline's curated examples; ids that are not published are 404s.

let app: TestApp;
let owner: SeededUser;
let other: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  [owner, other] = await Promise.all([seedUser(app), seedUser(app)]);
  // Professional: these tests publish more than the free plan's one network.
  await app.server.deps.db
    .update(users)
    .set({ subscriptionType: PLAN_KEYS.professional })
    .where(eq(users.id, owner.userId));
});
afterAll(() => app.close());

const [KARATE, LES_MIS, FLORENTINE] = DISCOVER_EXAMPLES.map((e) => e.id) as [string, string, string];

describe('curated examples', () => {
  it('are there at start-up, owned by Tieline, with their sources; seeding again writes nothing', async () => {
    const list = await clientOf(app, other).discover.list.query({});
    const curated = list.items.filter((i) => i.curated);
    expect(curated.map((i) => i.name).sort()).toEqual([
      'Acme organization (demo)',
      'Les Misérables co-appearances',
      "Padgett's Florentine families",
      "Zachary's karate club",
    ]);
    expect(curated.every((i) => i.owner === 'Tieline' && !i.mine)).toBe(true);
    const karate = curated.find((i) => i._id === KARATE)!;
    expect(karate).toMatchObject({ people: 34, ties: 78, directed: false });
    expect(karate.thumbnail).toMatch(/^<svg [^>]*>.*<\/svg>$/);
    expect(karate.thumbnail.length).toBeLessThan(30_000);
    expect(await seedDiscoverExamples(app.server.deps.db)).toBe(0);
    const described = await clientOf(app, other).discover.describe.query({ id: FLORENTINE });
    expect(described.source).toContain('Padgett, J. F., & Ansell, C. K. (1993)');
    expect(described.layers).toEqual(['Marriage', 'Business']);
    expect(described).toMatchObject({ people: 16, ties: 35 });
  });

  it('are refreshed when their file changes, and any network document loads', async () => {
    const { db } = app.server.deps;
    const changed = { ...DISCOVER_EXAMPLES[1]!, description: 'Changed' };
    expect(await seedDiscoverExamples(db, [changed])).toBe(1);
    const extra = {
      id: '6f1c2a7e-0d5b-4c1e-9a63-2f6d0b8e7aff',
      name: 'Tiny',
      description: '',
      tags: ['Test'],
      source: 'Made up',
      data: smallNetwork(),
    };
    expect(await seedDiscoverExamples(db, [extra])).toBe(1);
    expect((await clientOf(app, other).discover.describe.query({ id: extra.id })).people).toBe(3);
    await db.delete(discoverNetworks).where(eq(discoverNetworks.id, extra.id));
    expect(await seedDiscoverExamples(db)).toBe(1);
    const [row] = await db.select().from(discoverNetworks).where(eq(discoverNetworks.id, LES_MIS));
    expect(row!.description).toBe(DISCOVER_EXAMPLES[1]!.description);
  });

  it("describes Zachary's karate club: counts, density, top people, communities with their clubs", async () => {
    const d = await clientOf(app, other).discover.describe.query({ id: KARATE });
    expect(d).toMatchObject({ people: 34, ties: 78, directed: false, components: 1, reciprocity: null, views: 0 });
    // networkx: density(karate_club_graph()) = 78 / 561.
    expect(d.density).toBeCloseTo(78 / 561, 12);
    expect(d.topByDegree.slice(0, 3)).toEqual([
      { name: 'Member 34', value: 17 },
      { name: 'Member 1', value: 16 },
      { name: 'Member 33', value: 12 },
    ]);
    // networkx betweenness_centrality (normalized): node 0 (Member 1) 0.437635, node 33 (Member 34) 0.304075.
    expect(d.topByBetweenness[0]!.name).toBe('Member 1');
    expect(d.topByBetweenness[0]!.value).toBeCloseTo(0.437635, 5);
    expect(d.topByBetweenness[1]!.name).toBe('Member 34');
    expect(d.attributes).toEqual([
      {
        key: 'Club',
        type: 'category',
        blank: 0,
        values: [
          { value: 'Mr. Hi', count: 17 },
          { value: 'Officer', count: 17 },
        ],
      },
    ]);
    expect(d.communities.length).toBeGreaterThan(1);
    expect(d.communities.reduce((sum, c) => sum + c.size, 0)).toBe(34);
    expect(d.communities.every((c) => c.values[0]?.attribute === 'Club')).toBe(true);
  });
});

describe('publishing', () => {
  it('publishes, republishes (a new snapshot, same publication), unpublishes; others see it meanwhile', async () => {
    const n = await seedNetwork(app, owner, 'Advice at Acme');
    const mine = clientOf(app, owner).discover;
    const theirs = clientOf(app, other).discover;
    expect(await mine.publication.query({ id: n.id })).toEqual({
      _id: n.id,
      public: false,
      description: '',
      tags: [],
      updatedAt: null,
      passive: false,
      refused: null,
    });
    expect(await rejection(theirs.describe.query({ id: n.id }))).toEqual({
      status: 404,
      message: DISCOVER_MSG.notFound,
    });
    const published = await mine.publish.mutate({
      id: n.id,
      public: true,
      description: '  Who asks whom for advice  ',
      tags: [' Advice ', 'advice', 'ACME', 'teams', 'e-mail'],
    });
    // Tags start with a capital, as the gallery's examples do; the same tag in another case is kept once.
    expect(published).toMatchObject({
      public: true,
      description: 'Who asks whom for advice',
      tags: ['Advice', 'ACME', 'Teams', 'E-mail'],
    });
    const seen = await theirs.describe.query({ id: n.id });
    expect(seen).toMatchObject({ name: 'Advice at Acme', people: 3, ties: 3, directed: true, mine: false });
    expect(seen.owner).toMatch(/^Test /);
    expect(seen.reciprocity).toBe(0);
    expect(seen.layers).toEqual(['Advice', 'Friends']);
    // The owner changes the network: Discover keeps the snapshot until they republish.
    const bigger = smallNetwork({ nodes: [...smallNetwork().nodes, { name: 'Dee', attributes: { Team: 'Blue' } }] });
    const { saveVersion, documentOf } = await import('../src/network-store/store-network');
    await saveVersion(app.server.deps.db, n.id, 1, documentOf(bigger), { name: 'Advice at Acme 2' });
    expect((await theirs.describe.query({ id: n.id })).people).toBe(3);
    const again = await mine.publish.mutate({ id: n.id, public: true });
    // Description and tags stay unless given.
    expect(again).toMatchObject({
      description: 'Who asks whom for advice',
      tags: ['Advice', 'ACME', 'Teams', 'E-mail'],
    });
    expect(await theirs.describe.query({ id: n.id })).toMatchObject({ name: 'Advice at Acme 2', people: 4 });
    expect((await theirs.list.query({ search: 'acme', tag: 'teams' })).items.map((i) => i._id)).toEqual([n.id]);
    expect(await mine.publish.mutate({ id: n.id, public: false })).toMatchObject({ public: false, updatedAt: null });
    expect(await rejection(theirs.describe.query({ id: n.id }))).toEqual({
      status: 404,
      message: DISCOVER_MSG.notFound,
    });
    // Its owner too: Discover holds snapshots only.
    expect(await rejection(mine.describe.query({ id: n.id }))).toEqual({ status: 404, message: DISCOVER_MSG.notFound });
    expect(await rejection(theirs.duplicate.mutate({ id: n.id }))).toEqual({
      status: 404,
      message: DISCOVER_MSG.notFound,
    });
    expect((await theirs.list.query({ search: 'acme', tag: 'teams' })).count).toBe(0);
  });

  it("refuses another account's network (404) and a network only shared with the caller (403)", async () => {
    const n = await seedNetwork(app, owner, 'Private');
    const theirs = clientOf(app, other).discover;
    expect(await rejection(theirs.publish.mutate({ id: n.id, public: true }))).toEqual({
      status: 404,
      message: NETWORK_MSG.notFound,
    });
    expect(await rejection(theirs.publication.query({ id: n.id }))).toMatchObject({ status: 404 });
    await clientOf(app, owner).networks.users.add.mutate({ id: n.id, email: other.email, permission: 'Edit' });
    expect(await rejection(theirs.publish.mutate({ id: n.id, public: true }))).toEqual({
      status: 403,
      message: NETWORK_MSG.notOwner,
    });
  });

  it('goes when the network is deleted', async () => {
    const n = await seedNetwork(app, owner, 'Short-lived');
    await clientOf(app, owner).discover.publish.mutate({ id: n.id, public: true });
    await clientOf(app, owner).networks.delete.mutate({ id: n.id });
    expect(await rejection(clientOf(app, other).discover.describe.query({ id: n.id }))).toMatchObject({ status: 404 });
  });
});

describe('duplicating', () => {
  it("copies the snapshot and its saved views into the caller's networks, private to them", async () => {
    const n = await seedNetwork(app, owner, 'With views');
    const views = clientOf(app, owner).networks.views;
    await views.create.mutate({ id: n.id, name: 'By team', state: { v: 1, colour: 'Team' } });
    await views.create.mutate({ id: n.id, name: 'Layout', state: { v: 1, positions: { Ana: [1, 2] } } });
    await clientOf(app, owner).discover.publish.mutate({ id: n.id, public: true, description: 'Views inside' });
    expect((await clientOf(app, other).discover.describe.query({ id: n.id })).views).toBe(2);
    const copy = await clientOf(app, other).discover.duplicate.mutate({ id: n.id });
    expect(copy).toMatchObject({ name: 'With views (copy)', people: 3, ties: 3, views: 2 });
    const net = await clientOf(app, other).networks.get.query({ id: copy.networkId });
    expect(net).toMatchObject({ access: 'Owner', description: 'Views inside', layers: ['Advice', 'Friends'] });
    const copied = await clientOf(app, other).networks.views.list.query({ id: copy.networkId });
    expect(copied.map((v) => [v.name, v.state])).toEqual([
      ['By team', { v: 1, colour: 'Team' }],
      ['Layout', { v: 1, positions: { Ana: [1, 2] } }],
    ]);
    const { data } = await clientOf(app, other).networks.data.query({ id: copy.networkId });
    expect(data).toEqual(smallNetwork());
    // The original's owner does not see the copy.
    expect(await rejection(clientOf(app, owner).networks.get.query({ id: copy.networkId }))).toMatchObject({
      status: 404,
    });
  });

  it('names the copy as asked, and refuses a bad name', async () => {
    const client = clientOf(app, other).discover;
    const copy = await client.duplicate.mutate({ id: KARATE, name: '  My karate  ' });
    expect(copy).toMatchObject({ name: 'My karate', people: 34, ties: 78, views: 0 });
    expect(await rejection(client.duplicate.mutate({ id: KARATE, name: ' ' }))).toEqual({
      status: 400,
      message: NETWORK_MSG.nameRequired,
    });
    expect(await rejection(client.duplicate.mutate({ id: KARATE, name: 'x'.repeat(201) }))).toEqual({
      status: 400,
      message: NETWORK_MSG.nameTooLong,
    });
  });
});

describe('modules', () => {
  it('refuses every call with the discover module off; duplicating needs the networks module too', async () => {
    const user = await seedUser(app);
    const { db } = app.server.deps;
    const [row] = await db.select({ modules: users.modules }).from(users).where(eq(users.id, user.userId));
    const set = (modules: (typeof users.$inferSelect)['modules']) =>
      db.update(users).set({ modules }).where(eq(users.id, user.userId));
    await set({ ...row!.modules, discover: { enabled: false } });
    const n = await seedNetwork(app, user);
    const client = clientOf(app, user).discover;
    const off = { status: 403, message: moduleOffMessage('discover') };
    expect(await rejection(client.list.query({}))).toEqual(off);
    expect(await rejection(client.describe.query({ id: KARATE }))).toEqual(off);
    expect(await rejection(client.duplicate.mutate({ id: KARATE }))).toEqual(off);
    expect(await rejection(client.publish.mutate({ id: n.id, public: true }))).toEqual(off);
    const rest = await restOf(app, user).get('/discover');
    expect({ status: rest.status, message: rest.body.message }).toEqual(off);
    await set({ ...row!.modules, discover: { enabled: true }, networks: { enabled: false } });
    expect(await rejection(client.duplicate.mutate({ id: KARATE }))).toEqual({
      status: 403,
      message: moduleOffMessage('networks'),
    });
    expect((await client.describe.query({ id: KARATE })).people).toBe(34);
  });
});

describe('REST', () => {
  it('answers the documented paths with their status codes and { message }', async () => {
    const n = await seedNetwork(app, owner, 'Over REST');
    const rest = restOf(app, owner);
    const put = await rest.call('PUT', `/api/base/networks/${n.id}/publish`, {
      public: true,
      description: 'By REST',
      tags: ['REST'],
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ _id: n.id, public: true, tags: ['REST'] });
    expect((await rest.get(`/networks/${n.id}/publish`)).body).toMatchObject({ public: true });
    const list = await restOf(app, other).get('/discover?search=rest&tag=rest&page=1');
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(Object.keys(list.body.items[0]).sort()).toEqual(
      [
        '_id',
        'curated',
        'description',
        'directed',
        'mine',
        'name',
        'origin',
        'owner',
        'people',
        'thumbnail',
        'ties',
        'tags',
        'updatedAt',
      ].sort(),
    );
    const describe = await restOf(app, other).get(`/discover/${KARATE}`);
    expect(describe.status).toBe(200);
    for (const field of ['people', 'ties', 'directed', 'density', 'components', 'reciprocity', 'attributes']) {
      expect(describe.body, field).toHaveProperty(field);
    }
    const copy = await restOf(app, other).post(`/discover/${KARATE}/duplicate`, { name: 'Karate by REST' });
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({ name: 'Karate by REST', people: 34 });
    // Never published: the same answer as an id nobody has (a random one could be n.id itself only by chance).
    const missing = await restOf(app, other).get(`/discover/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(DISCOVER_MSG.notFound);
    expect((await restOf(app).get('/discover')).status).toBe(401);
    expect((await restOf(app, other).get('/discover/not-an-id')).status).toBe(400);
    const bad = await rest.call('PUT', `/api/base/networks/${n.id}/publish`, { public: 'yes' });
    expect(bad.status).toBe(400);
  });

  it('refuses bad publish input with its message', async () => {
    const n = await seedNetwork(app, owner, 'Bad input');
    const publish = clientOf(app, owner).discover.publish;
    const cases: [unknown, string][] = [
      [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, DISCOVER_MSG.tooManyTags],
      [{ tags: ['x'.repeat(31)] }, DISCOVER_MSG.tagTooLong],
      [{ tags: ['  '] }, DISCOVER_MSG.tagBlank],
      [{ tags: 'one' }, DISCOVER_MSG.tagsNotList],
      [{ description: 'd'.repeat(DISCOVER_LIMITS.descriptionMax + 1) }, DISCOVER_MSG.descriptionTooLong],
    ];
    for (const [extra, message] of cases) {
      const input = { id: n.id, public: true, ...(extra as object) };
      expect(await rejection(publish.mutate(input as never)), message).toEqual({ status: 400, message });
    }
    // Eleven tags that are ten once folded are fine.
    const tags = [...Array.from({ length: 10 }, (_, i) => `t${i}`), 'T0'];
    expect((await publish.mutate({ id: n.id, public: true, tags })).tags).toHaveLength(10);
  });
});
