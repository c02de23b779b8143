import { NETWORK_VIEW_LIMITS, NETWORK_VIEW_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { seedNetwork } from './networks-setup';
import { clientOf, restOf } from './surveys-setup';

// Saved views of a network: listed for everyone who may see the network, saved by its owner and Edit
// users, large layouts through the REST paths, stale saves refused, other people's ids 404.

let app: TestApp;
let owner: SeededUser;
let viewer: SeededUser;
let stranger: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  [owner, viewer, stranger] = await Promise.all([seedUser(app), seedUser(app), seedUser(app)]);
});
afterAll(() => app.close());

/** A layout of `n` people as the explorer saves it. */
const layout = (n: number) => ({
  v: 1,
  positions: Object.fromEntries(Array.from({ length: n }, (_, i) => [`Person ${i}`, [i * 1.25, -i * 0.5]])),
});

describe('views', () => {
  it('saves, lists, renames and deletes views; viewers read them', async () => {
    const n = await seedNetwork(app, owner);
    await clientOf(app, owner).networks.users.add.mutate({ id: n.id, email: viewer.email, permission: 'View' });
    const views = clientOf(app, owner).networks.views;
    const saved = await views.create.mutate({ id: n.id, name: ' By team ', state: { v: 1, colour: 'Team' } });
    expect(saved).toMatchObject({ name: 'By team', state: { v: 1, colour: 'Team' }, version: 1 });
    const renamed = await views.update.mutate({ id: n.id, viewId: saved._id, version: 1, name: 'Teams' });
    expect(renamed).toMatchObject({ name: 'Teams', version: 2, state: { colour: 'Team' } });
    expect(await clientOf(app, viewer).networks.views.list.query({ id: n.id })).toEqual([renamed]);
    expect(
      await rejection(clientOf(app, viewer).networks.views.create.mutate({ id: n.id, name: 'Mine', state: {} })),
    ).toMatchObject({ status: 403 });
    expect(await rejection(clientOf(app, stranger).networks.views.list.query({ id: n.id }))).toMatchObject({
      status: 404,
    });
    const stale = await rejection(views.update.mutate({ id: n.id, viewId: saved._id, version: 1, name: 'Lost' }));
    expect(stale).toMatchObject({ status: 409, message: NETWORK_VIEW_MSG.stale });
    await views.delete.mutate({ id: n.id, viewId: saved._id });
    expect(await views.list.query({ id: n.id })).toEqual([]);
    const gone = await rejection(views.delete.mutate({ id: n.id, viewId: saved._id }));
    expect(gone).toMatchObject({ status: 404, message: NETWORK_VIEW_MSG.notFound });
  });

  it('takes the layout of 20,000 people through REST, and refuses a state over the limit', async () => {
    const n = await seedNetwork(app, owner);
    const rest = restOf(app, owner);
    const big = await rest.post(`/networks/${n.id}/views`, { name: 'Large', state: layout(20_000) });
    expect(big.status, JSON.stringify(big.body).slice(0, 200)).toBe(200);
    const put = await rest.call('PUT', `/api/base/networks/${n.id}/views/${big.body._id}`, {
      version: 1,
      state: layout(20_000),
    });
    expect(put.status).toBe(200);
    const huge = { v: 1, blob: 'x'.repeat(NETWORK_VIEW_LIMITS.stateMaxChars) };
    const refused = await rest.post(`/networks/${n.id}/views`, { name: 'Huge', state: huge });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(NETWORK_VIEW_MSG.stateTooLarge);
    const tooBig = await rest.post(`/networks/${n.id}/views`, {
      name: 'Huger',
      state: { blob: 'x'.repeat(3_000_000) },
    });
    expect(tooBig.status).toBe(413);
    for (const state of [[1, 2], 'flat', null]) {
      const res = await rest.post(`/networks/${n.id}/views`, { name: 'Bad', state });
      expect(res.status, JSON.stringify(state)).toBe(400);
    }
    expect((await clientOf(app, owner).networks.views.list.query({ id: n.id })).map((v) => v.name)).toEqual(['Large']);
  });

  it('keeps a view to its network: another network’s id with this view answers 404', async () => {
    const a = await seedNetwork(app, owner);
    const b = await seedNetwork(app, owner);
    const views = clientOf(app, owner).networks.views;
    const saved = await views.create.mutate({ id: a.id, name: 'A', state: {} });
    const crossed = await rejection(views.update.mutate({ id: b.id, viewId: saved._id, version: 1, name: 'x' }));
    expect(crossed).toMatchObject({ status: 404 });
    expect(await rejection(views.delete.mutate({ id: b.id, viewId: saved._id }))).toMatchObject({ status: 404 });
  });
});
