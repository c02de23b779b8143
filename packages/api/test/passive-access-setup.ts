// Shared by passive-access.test.ts and passive-publish.test.ts: an organization with passive data and
// members of every role, a query's network, and REST calls to publish and share.
import { eq, users } from '@tieline/db';
import { PASSIVE_MSG, PLAN_KEYS } from '@tieline/validation';
import { expect } from 'vitest';
import { documentOf, insertNetwork } from '../src/network-store/store-network';
import type { RestClient, SeededUser, TestApp } from './helpers';
import { smallNetwork } from './networks-setup';
import { accountOf, memberOf, passiveUser, person, slackConnection } from './passive-queries-setup';
import { withModules } from './router-access-fixtures';

export const QUERY = { name: 'Replies', sources: ['slack'], types: ['reply'], minInteractions: 1 };
export const answer = (res: { status: number; body: { message?: string } }) => ({
  status: res.status,
  message: res.body?.message,
});
export const peopleOnly = { status: 403, message: PASSIVE_MSG.peopleOnly };
export const networkPeopleOnly = { status: 403, message: PASSIVE_MSG.networkPeopleOnly };

/** Publishing more than the free plan's one network. */
export async function professional(app: TestApp, user: SeededUser) {
  await app.server.deps.db
    .update(users)
    .set({ subscriptionType: PLAN_KEYS.professional })
    .where(eq(users.id, user.userId));
}

/**
 * An organization with passive data (two people called Ann Archer, so a query's network names them by
 * email), its Owner, an Admin, a plain member and a member granted person-level passive data.
 */
export async function organization(app: TestApp) {
  const owner = await passiveUser(app, 'owner');
  await withModules(app, owner, ['AONA']);
  const account = await accountOf(app, owner);
  const slack = await slackConnection(app, account, [
    person('UA', 'Ann Archer', 'ann@contoso.com', { title: 'CEO' }),
    person('UB', 'Ann Archer', 'ann.b@contoso.com'),
    person('UC', 'Bob Baker', 'bob@contoso.com'),
  ]);
  const at = new Date(Date.now() - 86_400_000);
  await slack.add([
    { conversation: 'C1', at, recipients: 1, interactions: [{ type: 'reply', from: 'UA', to: 'UB' }] },
    { conversation: 'C1', at, recipients: 1, interactions: [{ type: 'reply', from: 'UB', to: 'UC' }] },
  ]);
  const admin = await memberOf(app, owner, 'Admin');
  const plain = await memberOf(app, owner);
  const granted = await memberOf(app, owner, 'Simplified Access-only', true);
  for (const u of [owner, admin, plain, granted]) await professional(app, u);
  return { owner, admin, plain, granted, account };
}

/** The network of a query run by `user` (who must see people). */
export async function queryNetwork(app: TestApp, client: RestClient): Promise<string> {
  const made = await client.post('/passiveData/queries', QUERY);
  expect(made.status).toBe(200);
  expect((await client.post(`/passiveData/queries/${made.body._id}/run`)).status).toBe(202);
  await app.server.worker.drain();
  const { body } = await client.get(`/passiveData/queries/${made.body._id}`);
  expect(body.networkId).toEqual(expect.any(String));
  return body.networkId;
}

export const publish = (client: RestClient, id: string, body: Record<string, unknown> = {}) =>
  client.call('PUT', `/api/base/networks/${id}/publish`, { public: true, ...body });

export const share = (client: RestClient, id: string, with_: SeededUser, permission: 'View' | 'Edit' = 'View') =>
  client.post(`/networks/${id}/users`, { email: with_.email, permission });

export async function ownNetwork(app: TestApp, owner: SeededUser, name: string, data = smallNetwork()) {
  const row = await insertNetwork(app.server.deps.db, { ownerId: owner.userId, name, document: documentOf(data) });
  return row.id;
}
