import { eq, networkVersions } from '@tieline/db';
import { NETWORK_MANAGE_LIMITS, NETWORK_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { seedNetwork, smallNetwork } from './networks-setup';
import { clientOf, restOf } from './surveys-setup';

// The networks list and management calls on a real database: list, get, data, update (versions and
// stale writes), duplicate, delete, delete selected, combine, sharing, and other people's ids.

let app: TestApp;
let owner: SeededUser;
let other: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'individual');
  other = await seedUser(app, 'owner');
});
afterAll(() => app.close());

describe('list and read', () => {
  it('lists own networks with counts, owner and access, sorted as asked; not other people’s', async () => {
    const a = await seedNetwork(app, owner, 'beta');
    const b = await seedNetwork(app, owner, 'Alpha');
    await seedNetwork(app, other, 'Hidden');
    const list = await clientOf(app, owner).networks.list.query({ sortBy: 'name', sortDirection: 'asc' });
    const mine = list.filter((n) => [a.id, b.id].includes(n._id));
    expect(mine.map((n) => n.name)).toEqual(['Alpha', 'beta']);
    expect(list.some((n) => n.name === 'Hidden')).toBe(false);
    expect(mine[0]).toMatchObject({
      nodeCount: 3,
      edgeCount: 3,
      layers: ['Advice', 'Friends'],
      access: 'Owner',
      directed: true,
      owner: { _id: owner.userId, email: owner.email },
    });
  });

  it('answers GET /api/base/networks over REST, and 401 without a session', async () => {
    const res = await restOf(app, owner).get('/networks');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect((await restOf(app).get('/networks')).status).toBe(401);
  });

  it('gives the document to whoever may see it and 404 to anyone else', async () => {
    const n = await seedNetwork(app, owner);
    const { data, network } = await clientOf(app, owner).networks.data.query({ id: n.id });
    expect(data).toEqual(smallNetwork());
    expect(network._id).toBe(n.id);
    const res = await restOf(app, other).get(`/networks/${n.id}/data`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(NETWORK_MSG.notFound);
  });

  it('answers GET /networks/{id}/data with the stored document, as the procedure does; a kept version by ?version=', async () => {
    const n = await seedNetwork(app, owner);
    const rest = restOf(app, owner);
    const trpc = await clientOf(app, owner).networks.data.query({ id: n.id });
    const res = await rest.get(`/networks/${n.id}/data`);
    expect(res).toMatchObject({ status: 200, body: JSON.parse(JSON.stringify(trpc)) });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const turned = await clientOf(app, owner).networks.update.mutate({ id: n.id, version: 1, directed: false });
    expect((await rest.get(`/networks/${n.id}/data`)).body.data.directed).toBe(false);
    const first = await rest.get(`/networks/${n.id}/data?version=1`);
    expect(first.body).toMatchObject({ network: { _id: n.id, version: turned.version }, data: smallNetwork() });

    expect((await rest.get(`/networks/${n.id}/data?version=9`)).body.message).toBe(NETWORK_MSG.versionGone);
    expect(await rest.get(`/networks/${n.id}/data?version=0`)).toMatchObject({
      status: 400,
      body: { message: NETWORK_MSG.version },
    });
    expect((await rest.get(`/networks/${n.id}/data?version=x`)).status).toBe(400);
    expect((await rest.get('/networks/not-a-uuid/data')).status).toBe(404);
    expect((await restOf(app).get(`/networks/${n.id}/data`)).status).toBe(401);
  });
});

describe('update', () => {
  it('renames without a new document and turns directed with one; a stale version is refused', async () => {
    const n = await seedNetwork(app, owner);
    const api = clientOf(app, owner).networks;
    const renamed = await api.update.mutate({ id: n.id, version: 1, name: '  Advice 2026 ', description: 'Q3' });
    expect(renamed).toMatchObject({ name: 'Advice 2026', description: 'Q3', version: 2 });
    const turned = await api.update.mutate({ id: n.id, version: 2, directed: false });
    expect(turned).toMatchObject({ directed: false, version: 3 });
    const versions = await app.server.deps.db.select().from(networkVersions).where(eq(networkVersions.networkId, n.id));
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2]);
    expect((await api.data.query({ id: n.id })).data.directed).toBe(false);
    const stale = await rejection(api.update.mutate({ id: n.id, version: 2, name: 'Lost' }));
    expect(stale).toMatchObject({ status: 409, message: NETWORK_MSG.stale });
    expect((await api.get.query({ id: n.id })).name).toBe('Advice 2026');
  });

  it('refuses blank names, NUL bytes and strings as booleans, changing nothing', async () => {
    const n = await seedNetwork(app, owner);
    const rest = restOf(app, owner);
    for (const body of [
      { version: 1, name: '   ' },
      { version: 1, name: 'a\u0000b' },
      { version: 1, directed: 'false' },
    ]) {
      const res = await rest.call('PUT', `/api/base/networks/${n.id}`, body);
      expect(res.status).toBe(400);
    }
    const res = await rest.call('PUT', `/api/base/networks/${n.id}`, { version: 1, name: '' });
    expect(res.body.message).toBe(NETWORK_MSG.nameRequired);
    expect((await clientOf(app, owner).networks.get.query({ id: n.id })).version).toBe(1);
  });

  it('two writers of one version: exactly one wins', async () => {
    const n = await seedNetwork(app, owner);
    const api = clientOf(app, owner).networks;
    const results = await Promise.allSettled(
      ['One', 'Two', 'Three'].map((name) => api.update.mutate({ id: n.id, version: 1, name })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await api.get.query({ id: n.id })).version).toBe(2);
  });

  it('keeps at most the configured number of documents', async () => {
    const n = await seedNetwork(app, owner);
    const api = clientOf(app, owner).networks;
    let version = 1;
    for (let i = 0; i < NETWORK_MANAGE_LIMITS.versionsKept + 3; i++) {
      version = (await api.update.mutate({ id: n.id, version, directed: i % 2 === 0 })).version;
    }
    const versions = await app.server.deps.db.select().from(networkVersions).where(eq(networkVersions.networkId, n.id));
    expect(versions).toHaveLength(NETWORK_MANAGE_LIMITS.versionsKept);
  });
});

describe('duplicate and delete', () => {
  it('duplicates as the caller’s own copy of the current document', async () => {
    const n = await seedNetwork(app, owner, 'Base');
    const copy = await clientOf(app, owner).networks.duplicate.mutate({ id: n.id });
    expect(copy).toMatchObject({ name: 'Base (copy)', access: 'Owner', nodeCount: 3, version: 1 });
    expect(copy._id).not.toBe(n.id);
  });

  it('deletes one (owner only) and answers 404 to another person', async () => {
    const n = await seedNetwork(app, owner);
    expect(await rejection(clientOf(app, other).networks.delete.mutate({ id: n.id }))).toMatchObject({ status: 404 });
    await clientOf(app, owner).networks.delete.mutate({ id: n.id });
    expect(await rejection(clientOf(app, owner).networks.get.query({ id: n.id }))).toMatchObject({ status: 404 });
  });

  it('deletes a selection all or nothing', async () => {
    const a = await seedNetwork(app, owner);
    const b = await seedNetwork(app, owner);
    const foreign = await seedNetwork(app, other);
    const api = clientOf(app, owner).networks;
    expect(await rejection(api.deleteSelected.mutate({ ids: [a.id, foreign.id] }))).toMatchObject({ status: 404 });
    expect((await api.get.query({ id: a.id }))._id).toBe(a.id);
    expect(await api.deleteSelected.mutate({ ids: [a.id, b.id, a.id] })).toEqual({ deleted: 2 });
    const empty = await restOf(app, owner).post('/networks/deleteSelected', { ids: [] });
    expect(empty).toMatchObject({ status: 400, body: { message: NETWORK_MSG.selectNone } });
  });
});

describe('combine', () => {
  it('merges networks the caller may see by name into a new one, a layer per source layer', async () => {
    const a = await seedNetwork(app, owner, 'Advice');
    const b = await seedNetwork(app, owner, 'Social', smallNetwork({ layers: ['Lunch', 'Sport'] }));
    const c = await clientOf(app, owner).networks.combine.mutate({ ids: [a.id, b.id], name: 'Both', directed: true });
    expect(c).toMatchObject({
      name: 'Both',
      nodeCount: 3,
      edgeCount: 6,
      layers: ['Advice: Advice', 'Advice: Friends', 'Social: Lunch', 'Social: Sport'],
    });
  });

  it('refuses one network, repeats and other people’s ids', async () => {
    const a = await seedNetwork(app, owner);
    const foreign = await seedNetwork(app, other);
    const rest = restOf(app, owner);
    const one = await rest.post('/networks/combine', { ids: [a.id], name: 'x', directed: true });
    expect(one).toMatchObject({ status: 400, body: { message: NETWORK_MSG.combineTooFew } });
    const twice = await rest.post('/networks/combine', { ids: [a.id, a.id], name: 'x', directed: true });
    expect(twice).toMatchObject({ status: 400, body: { message: NETWORK_MSG.combineDuplicate } });
    const theirs = await rest.post('/networks/combine', { ids: [a.id, foreign.id], name: 'x', directed: true });
    expect(theirs.status).toBe(404);
  });

  // A combination keeps every tie of its sources: unbounded, ten networks of 250,000 ties each would be
  // 2.5 million, and combinations of combinations more, in one call.
  it('refuses a combination past 500,000 ties or 100,000 people, and makes nothing', async () => {
    const { combineTiesMax, combinePeopleMax } = NETWORK_MANAGE_LIMITS;
    const tie = { source: 0, target: 1, layer: 0, weight: 1, attributes: {} };
    const withTies = (count: number) => smallNetwork({ edges: Array.from({ length: count }, () => tie) });
    const half = Math.floor(combineTiesMax / 2);
    const a = await seedNetwork(app, owner, 'Many ties', withTies(half));
    const b = await seedNetwork(app, owner, 'More ties', withTies(combineTiesMax - half + 1));
    const people = (prefix: string, count: number) =>
      smallNetwork({ nodes: Array.from({ length: count }, (_, i) => ({ name: `${prefix} ${i}`, attributes: {} })) });
    const c = await seedNetwork(app, owner, 'Many people', people('North', combinePeopleMax / 2));
    const d = await seedNetwork(app, owner, 'More people', people('South', combinePeopleMax / 2 + 1));
    const rest = restOf(app, owner);
    const before = (await clientOf(app, owner).networks.list.query({})).length;

    const ties = await rest.post('/networks/combine', { ids: [a.id, b.id], name: 'x', directed: true });
    expect(ties).toMatchObject({ status: 400, body: { message: NETWORK_MSG.combineTooManyTies } });
    const crowd = await rest.post('/networks/combine', { ids: [c.id, d.id], name: 'x', directed: true });
    expect(crowd).toMatchObject({ status: 400, body: { message: NETWORK_MSG.combineTooManyPeople } });
    expect((await clientOf(app, owner).networks.list.query({})).length).toBe(before);

    // At the limits exactly, both are made.
    const b2 = await seedNetwork(app, owner, 'Enough ties', withTies(combineTiesMax - half));
    const atTies = await rest.post('/networks/combine', { ids: [a.id, b2.id], name: 'All ties', directed: true });
    expect(atTies).toMatchObject({ status: 200, body: { edgeCount: combineTiesMax } });
    const d2 = await seedNetwork(app, owner, 'Enough people', people('South', combinePeopleMax / 2));
    const atPeople = await rest.post('/networks/combine', { ids: [c.id, d2.id], name: 'All', directed: false });
    expect(atPeople).toMatchObject({ status: 200, body: { nodeCount: combinePeopleMax, directed: false } });
    // A large network turns undirected the same way (in a worker, as the combinations above).
    const turned = await clientOf(app, owner).networks.update.mutate({ id: a.id, version: 1, directed: false });
    expect(turned).toMatchObject({ directed: false, version: 2, edgeCount: half });
  });
});

describe('sharing', () => {
  it('shares by email with View or Edit, and each sees what their permission allows', async () => {
    const n = await seedNetwork(app, owner);
    const viewer = await seedUser(app, 'individual');
    const editor = await seedUser(app, 'individual');
    const users = clientOf(app, owner).networks.users;
    await users.add.mutate({ id: n.id, email: viewer.email.toUpperCase(), permission: 'View' });
    const shares = await users.add.mutate({ id: n.id, email: editor.email, permission: 'Edit' });
    expect(shares.map((s) => s.permission).sort()).toEqual(['Edit', 'View']);

    const listed = await clientOf(app, viewer).networks.list.query();
    expect(listed.find((x) => x._id === n.id)?.access).toBe('View');
    expect(
      await rejection(clientOf(app, viewer).networks.update.mutate({ id: n.id, version: 1, name: 'x' })),
    ).toMatchObject({
      status: 403,
      message: NETWORK_MSG.readOnly,
    });
    const edited = await clientOf(app, editor).networks.update.mutate({ id: n.id, version: 1, name: 'By editor' });
    expect(edited.access).toBe('Edit');
    expect(await rejection(clientOf(app, editor).networks.delete.mutate({ id: n.id }))).toMatchObject({
      status: 403,
      message: NETWORK_MSG.notOwner,
    });
    expect(await rejection(clientOf(app, editor).networks.users.list.query({ id: n.id }))).toMatchObject({
      status: 403,
    });

    const viewerShare = shares.find((s) => s.permission === 'View')!;
    await users.edit.mutate({ id: n.id, userId: viewerShare.userId, permission: 'Edit' });
    await clientOf(app, viewer).networks.update.mutate({ id: n.id, version: 2, name: 'By viewer' });
    await users.remove.mutate({ id: n.id, userId: viewerShare.userId });
    expect(await rejection(clientOf(app, viewer).networks.get.query({ id: n.id }))).toMatchObject({ status: 404 });
  });

  it('refuses unknown people, the owner, a second share and a bad permission', async () => {
    const n = await seedNetwork(app, owner);
    const friend = await seedUser(app, 'individual');
    const rest = restOf(app, owner);
    const path = `/networks/${n.id}/users`;
    expect(await rest.post(path, { email: 'nobody@example.com', permission: 'View' })).toMatchObject({
      status: 400,
      body: { message: NETWORK_MSG.shareUnknownUser },
    });
    expect(await rest.post(path, { email: owner.email, permission: 'View' })).toMatchObject({
      status: 400,
      body: { message: NETWORK_MSG.shareSelf },
    });
    expect((await rest.post(path, { email: friend.email, permission: 'View' })).status).toBe(200);
    expect(await rest.post(path, { email: friend.email, permission: 'Edit' })).toMatchObject({
      status: 409,
      body: { message: NETWORK_MSG.shareExists },
    });
    expect(await rest.post(path, { email: friend.email, permission: 'Admin' })).toMatchObject({
      status: 400,
      body: { message: NETWORK_MSG.permission },
    });
    expect((await restOf(app, other).post(path, { email: friend.email, permission: 'View' })).status).toBe(404);
  });
});
