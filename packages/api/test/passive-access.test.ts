/**
 * Who sees people in passive data, and what may be published (issue 35, findings 1 and 2's access side),
 * over REST against a started server: two organizations, an individual, and members of every role
 * (Owner, Admin, Simplified Access-only with and without the Owner's grant of person-level passive data).
 * The attacks of finding 1 are replayed step by step: a plain member publishing a query's network for
 * another organization to read and copy, and a View-share holder copying a network, publishing the copy
 * and a third user copying it out.
 */
import { auditLog, eq, networks, users } from '@tieline/db';
import { emptyNetwork } from '@tieline/graph';
import {
  DISCOVER_MSG,
  NETWORK_MSG,
  ORG_USERS_MSG,
  PASSIVE_MSG,
  PLAN_KEYS,
  type TOrganizationUser,
} from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentOf, insertNetwork } from '../src/network-store/store-network';
import { seedDiscoverExamples } from '../src/seed/discover-examples';
import { withoutEmails } from '../src/services/discover/strip-emails';
import { type RestClient, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { smallNetwork } from './networks-setup';
import {
  accountOf,
  clientOf,
  memberOf,
  passiveOn,
  passiveUser,
  person,
  slackConnection,
} from './passive-queries-setup';
import { withModules } from './router-access-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

const QUERY = { name: 'Replies', sources: ['slack'], types: ['reply'], minInteractions: 1 };
const answer = (res: { status: number; body: { message?: string } }) => ({
  status: res.status,
  message: res.body?.message,
});
const peopleOnly = { status: 403, message: PASSIVE_MSG.peopleOnly };
const networkPeopleOnly = { status: 403, message: PASSIVE_MSG.networkPeopleOnly };

/** Publishing more than the free plan's one network. */
async function professional(user: SeededUser) {
  await app.server.deps.db
    .update(users)
    .set({ subscriptionType: PLAN_KEYS.professional })
    .where(eq(users.id, user.userId));
}

/**
 * An organization with passive data (two people called Ann Archer, so a query's network names them by
 * email), its Owner, an Admin, a plain member and a member granted person-level passive data.
 */
async function organization() {
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
  for (const u of [owner, admin, plain, granted]) await professional(u);
  return { owner, admin, plain, granted, account };
}

/** The network of a query run by `user` (who must see people). */
async function queryNetwork(client: RestClient): Promise<string> {
  const made = await client.post('/passiveData/queries', QUERY);
  expect(made.status).toBe(200);
  expect((await client.post(`/passiveData/queries/${made.body._id}/run`)).status).toBe(202);
  await app.server.worker.drain();
  const { body } = await client.get(`/passiveData/queries/${made.body._id}`);
  expect(body.networkId).toEqual(expect.any(String));
  return body.networkId;
}

const publish = (client: RestClient, id: string, body: Record<string, unknown> = {}) =>
  client.call('PUT', `/api/base/networks/${id}/publish`, { public: true, ...body });

const share = (client: RestClient, id: string, with_: SeededUser, permission: 'View' | 'Edit' = 'View') =>
  client.post(`/networks/${id}/users`, { email: with_.email, permission });

async function ownNetwork(owner: SeededUser, name: string, data = smallNetwork()) {
  const row = await insertNetwork(app.server.deps.db, { ownerId: owner.userId, name, document: documentOf(data) });
  return row.id;
}

describe('who sees people', () => {
  it('lets Owners, Admins, granted members and individuals read people, lists and queries, and refuses other members', async () => {
    const org = await organization();
    const individual = await passiveUser(app, 'individual');
    const ownerApi = clientOf(app, org.owner);
    const queryId = (await ownerApi.post('/passiveData/queries', QUERY)).body._id;
    const listId = (await ownerApi.post('/passiveData/lists', { name: 'Leaders', emails: ['ann@contoso.com'] })).body
      ._id;
    for (const [who, user] of [
      ['owner', org.owner],
      ['admin', org.admin],
      ['granted', org.granted],
    ] as const) {
      const api = clientOf(app, user);
      expect((await api.get('/passiveData/people')).body.total, who).toBe(3);
      expect((await api.get('/passiveData/lists')).status, who).toBe(200);
      expect((await api.get(`/passiveData/lists/${listId}`)).status, who).toBe(200);
      expect((await api.get('/passiveData/queries')).status, who).toBe(200);
      expect((await api.get(`/passiveData/queries/${queryId}`)).status, who).toBe(200);
    }
    const alone = clientOf(app, individual);
    expect((await alone.get('/passiveData/people')).status).toBe(200);
    expect((await alone.post('/passiveData/queries', QUERY)).status).toBe(200);

    const plain = clientOf(app, org.plain);
    for (const [method, path, body] of [
      ['GET', '/passiveData/people', undefined],
      ['GET', '/passiveData/people?search=ann%40contoso.com', undefined],
      ['GET', '/passiveData/lists', undefined],
      ['GET', `/passiveData/lists/${listId}`, undefined],
      ['GET', `/passiveData/queries/${queryId}`, undefined],
      ['POST', '/passiveData/queries', QUERY],
      ['PUT', `/passiveData/queries/${queryId}`, { ...QUERY, name: 'Mine' }],
      ['POST', `/passiveData/queries/${queryId}/run`, {}],
      ['DELETE', `/passiveData/queries/${queryId}`, undefined],
    ] as const) {
      expect(answer(await plain.call(method, `/api/base${path}`, body)), `${method} ${path}`).toEqual(peopleOnly);
    }
    // The connections overview, the settings and the list of queries (names, no people: what group
    // reports are run on) stay open to every member with the module.
    expect((await plain.get('/passiveData/queries')).status).toBe(200);
    expect((await plain.get('/passiveData/connections')).status).toBe(200);
    expect((await plain.get('/passiveData/settings')).status).toBe(200);
    // Nothing was run or deleted by the refused calls.
    expect((await ownerApi.get(`/passiveData/queries/${queryId}`)).body).toMatchObject({ name: 'Replies', runs: [] });
  });
});

describe("an Owner's grant of person-level passive data", () => {
  async function membersOf(api: RestClient, orgId: string): Promise<TOrganizationUser[]> {
    const res = await api.get(`/organizations/users/${orgId}`);
    expect(res.status).toBe(200);
    return res.body;
  }
  const edit = (api: RestClient, orgId: string, user: TOrganizationUser, more: Record<string, unknown>) =>
    api.post(`/organizations/users/${orgId}`, {
      _id: user._id,
      permission: user.permission,
      modules: user.modules,
      ...more,
    });

  it('is off by default, set and withdrawn by an Owner only, audited, and takes effect on the next call', async () => {
    const org = await organization();
    const orgId = org.owner.organizationId!;
    const ownerApi = clientOf(app, org.owner);
    const plainApi = clientOf(app, org.plain);
    const listed = (await membersOf(ownerApi, orgId)).find((u) => u._id === org.plain.userId)!;
    expect(listed.personLevelPassive).toBe(false);

    // An Admin (and the member themselves) cannot grant it.
    expect((await edit(clientOf(app, org.admin), orgId, listed, { personLevelPassive: true })).status).toBe(403);
    expect((await edit(plainApi, orgId, listed, { personLevelPassive: true })).status).toBe(403);
    expect(answer(await plainApi.get('/passiveData/people'))).toEqual(peopleOnly);

    const granted = await edit(ownerApi, orgId, listed, { personLevelPassive: true });
    expect(granted.status).toBe(200);
    expect(granted.body.find((u: TOrganizationUser) => u._id === org.plain.userId).personLevelPassive).toBe(true);
    expect((await plainApi.get('/passiveData/people')).status).toBe(200);
    // Left out: unchanged (a permission-only edit keeps the grant).
    expect((await edit(ownerApi, orgId, listed, {})).status).toBe(200);
    expect((await plainApi.get('/passiveData/people')).status).toBe(200);

    expect((await edit(ownerApi, orgId, listed, { personLevelPassive: false })).status).toBe(200);
    expect(answer(await plainApi.get('/passiveData/people'))).toEqual(peopleOnly);

    const trail = await app.server.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, org.plain.userId))
      .orderBy(auditLog.at);
    expect(trail.map((r) => [r.action, r.actorUserId, r.details])).toEqual([
      [
        'organization.user.personLevelPassive.grant',
        org.owner.userId,
        { organizationId: orgId, before: false, after: true },
      ],
      [
        'organization.user.personLevelPassive.revoke',
        org.owner.userId,
        { organizationId: orgId, before: true, after: false },
      ],
    ]);
  });

  it('refuses wrong types, invitations and members of another organization', async () => {
    const org = await organization();
    const other = await organization();
    const orgId = org.owner.organizationId!;
    const ownerApi = clientOf(app, org.owner);
    const plain = (await membersOf(ownerApi, orgId)).find((u) => u._id === org.plain.userId)!;
    for (const bad of ['yes', 1, null]) {
      expect((await edit(ownerApi, orgId, plain, { personLevelPassive: bad })).status, String(bad)).toBe(400);
    }
    const stranger = (await membersOf(clientOf(app, other.owner), other.owner.organizationId!)).find(
      (u) => u._id === other.plain.userId,
    )!;
    expect((await edit(ownerApi, orgId, stranger, { personLevelPassive: true })).status).toBe(404);
    const [row] = await app.server.deps.db.select().from(users).where(eq(users.id, other.plain.userId));
    expect(row!.personLevelPassive).toBe(false);

    const invitedList = await ownerApi.call('PUT', `/api/base/organizations/users/${orgId}`, {
      name: 'New Person',
      email: `invitee-${Date.now()}@example.com`,
      permission: 'Simplified Access-only',
    });
    const invited = (invitedList.body as TOrganizationUser[]).find((u) => u.invited)!;
    expect(invited.personLevelPassive).toBe(false);
    expect(answer(await edit(ownerApi, orgId, invited, { personLevelPassive: true }))).toEqual({
      status: 400,
      message: ORG_USERS_MSG.personLevelInvited,
    });
  });
});

describe('networks holding passive data', () => {
  it('open only for people who see that account: a share or ownership without the grant is refused', async () => {
    const org = await organization();
    const other = await organization();
    const grantedApi = clientOf(app, org.granted);
    const id = await queryNetwork(grantedApi);
    expect((await grantedApi.get(`/networks/${id}`)).body).toMatchObject({ passive: true, copiedFromShare: false });
    expect((await share(grantedApi, id, org.plain)).status).toBe(200);
    expect((await share(grantedApi, id, other.owner)).status).toBe(200);
    expect((await share(grantedApi, id, org.admin)).status).toBe(200);

    for (const user of [org.plain, other.owner]) {
      const api = clientOf(app, user);
      for (const [method, path] of [
        ['GET', `/networks/${id}`],
        ['GET', `/networks/${id}/data`],
        ['GET', `/networks/${id}/export/gexf`],
        ['GET', `/networks/${id}/export/json`],
        ['GET', `/networks/${id}/views`],
        ['POST', `/networks/${id}/duplicate`],
      ] as const) {
        expect(answer(await api.call(method, `/api/base${path}`)), `${method} ${path}`).toEqual(networkPeopleOnly);
      }
      expect(
        answer(
          await api.post('/networks/combine', {
            ids: [id, await ownNetwork(user, 'Mine')],
            name: 'Both',
            directed: true,
          }),
        ),
      ).toEqual(networkPeopleOnly);
    }
    // An Admin of the account with a share opens it.
    expect((await clientOf(app, org.admin).get(`/networks/${id}/data`)).status).toBe(200);

    // The owner who loses the grant is refused too (sharing it on included), but may still delete it.
    await app.server.deps.db.update(users).set({ personLevelPassive: false }).where(eq(users.id, org.granted.userId));
    expect(answer(await grantedApi.get(`/networks/${id}`))).toEqual(networkPeopleOnly);
    expect(answer(await grantedApi.get(`/networks/${id}/users`))).toEqual(networkPeopleOnly);
    expect(answer(await share(grantedApi, id, org.owner))).toEqual(networkPeopleOnly);
    expect(answer(await publish(grantedApi, id, { confirmPassive: true }))).toEqual(networkPeopleOnly);
    expect((await grantedApi.call('DELETE', `/api/base/networks/${id}`)).status).toBe(200);
    expect(await app.server.deps.db.select().from(networks).where(eq(networks.id, id))).toEqual([]);
  });

  it('keep their origin through copies, combinations and readiness networks', async () => {
    const org = await organization();
    const ownerApi = clientOf(app, org.owner);
    const id = await queryNetwork(ownerApi);
    const plainNetwork = await ownNetwork(org.owner, 'Survey');
    const copy = await ownerApi.post(`/networks/${id}/duplicate`);
    const combined = await ownerApi.post('/networks/combine', {
      ids: [plainNetwork, id],
      name: 'Both',
      directed: true,
    });
    const readiness = await ownerApi.post('/passiveData/adaptableReadiness', {
      networkIds: [plainNetwork, id],
      createdARNetworkName: 'Readiness',
    });
    expect(readiness.status).toBe(200);
    const { account } = org;
    for (const made of [copy.body._id, combined.body._id, readiness.body.networkId]) {
      const [row] = await app.server.deps.db.select().from(networks).where(eq(networks.id, made));
      expect(row).toMatchObject({ passiveAccountId: account.id, copiedFromShare: false });
    }
    // The copies are as closed as the original: a plain member given a View share cannot open them.
    expect((await share(ownerApi, copy.body._id, org.plain)).status).toBe(200);
    expect(answer(await clientOf(app, org.plain).get(`/networks/${copy.body._id}/data`))).toEqual(networkPeopleOnly);
    // A network that never held passive data stays open as before.
    expect((await ownerApi.get(`/networks/${plainNetwork}`)).body).toMatchObject({ passive: false });
  });
});

describe('publishing to Discover (finding 1)', () => {
  it("refuses a plain member's query network; an Owner publishes after confirming, without email addresses", async () => {
    const org = await organization();
    const other = await organization();
    const grantedApi = clientOf(app, org.granted);
    const memberNetwork = await queryNetwork(grantedApi);
    // A member granted person-level data still cannot publish it: only the account's Owners and Admins.
    expect((await grantedApi.get(`/networks/${memberNetwork}/publish`)).body).toMatchObject({
      public: false,
      passive: true,
      refused: DISCOVER_MSG.passiveManagersOnly,
    });
    expect(answer(await publish(grantedApi, memberNetwork, { confirmPassive: true }))).toEqual({
      status: 403,
      message: DISCOVER_MSG.passiveManagersOnly,
    });
    const otherApi = clientOf(app, other.owner);
    expect((await otherApi.get(`/discover/${memberNetwork}`)).status).toBe(404);
    expect((await otherApi.post(`/discover/${memberNetwork}/duplicate`)).status).toBe(404);

    const adminApi = clientOf(app, org.admin);
    const id = await queryNetwork(adminApi);
    const data = (await adminApi.get(`/networks/${id}/data`)).body.data;
    expect(data.nodes.map((n: { name: string }) => n.name)).toContain('Ann Archer (ann@contoso.com)');
    expect((await adminApi.get(`/networks/${id}/publish`)).body).toMatchObject({ passive: true, refused: null });
    expect(answer(await publish(adminApi, id))).toEqual({ status: 400, message: DISCOVER_MSG.confirmPassive });
    expect(answer(await publish(adminApi, id, { confirmPassive: false }))).toEqual({
      status: 400,
      message: DISCOVER_MSG.confirmPassive,
    });
    expect((await publish(adminApi, id, { confirmPassive: 'yes' })).status).toBe(400);
    expect((await otherApi.get(`/discover/${id}`)).status).toBe(404);
    const published = await publish(adminApi, id, { confirmPassive: true, tags: ['slack'] });
    expect(published.status).toBe(200);

    // Another organization reads it without a single address, and cannot copy people it may not see.
    const described = await otherApi.get(`/discover/${id}`);
    expect(described.status).toBe(200);
    expect(JSON.stringify(described.body)).not.toContain('@');
    expect(JSON.stringify(described.body)).toContain('Ann Archer');
    expect(answer(await otherApi.post(`/discover/${id}/duplicate`))).toEqual({
      status: 403,
      message: DISCOVER_MSG.passiveCopy,
    });
    // The account's own people with person-level access may copy it; the copy stays passive.
    const again = await grantedApi.post(`/discover/${id}/duplicate`);
    expect(again.status).toBe(200);
    const [copy] = await app.server.deps.db.select().from(networks).where(eq(networks.id, again.body.networkId));
    expect(copy).toMatchObject({ passiveAccountId: org.account.id });
    expect(JSON.stringify((await grantedApi.get(`/networks/${copy!.id}/data`)).body.data)).not.toContain('@');
    expect(answer(await clientOf(app, org.plain).post(`/discover/${id}/duplicate`))).toEqual({
      status: 403,
      message: DISCOVER_MSG.passiveCopy,
    });
    // Unpublishing stays open to the publisher.
    expect((await adminApi.call('PUT', `/api/base/networks/${id}/publish`, { public: false })).status).toBe(200);
    expect((await otherApi.get(`/discover/${id}`)).status).toBe(404);
  });

  it('refuses a network held through a share, and any copy of one, however made', async () => {
    const owner = await seedUser(app, 'owner');
    const holder = await passiveOn(app, await seedUser(app, 'individual'));
    await withModules(app, holder, ['AONA']);
    const third = await seedUser(app, 'owner');
    for (const u of [owner, holder, third]) await professional(u);
    const ownerApi = clientOf(app, owner);
    const holderApi = clientOf(app, holder);
    const original = await ownNetwork(owner, 'Org chart');
    expect((await share(ownerApi, original, holder)).status).toBe(200);

    expect(answer(await publish(holderApi, original))).toEqual({ status: 403, message: NETWORK_MSG.notOwner });
    const copy = (await holderApi.post(`/networks/${original}/duplicate`)).body;
    expect(copy).toMatchObject({ access: 'Owner', copiedFromShare: true });
    const mine = await ownNetwork(holder, 'Mine');
    const combined = (
      await holderApi.post('/networks/combine', { ids: [mine, copy._id], name: 'Both', directed: true })
    ).body;
    const readiness = (
      await holderApi.post('/passiveData/adaptableReadiness', { networkIds: [original], createdARNetworkName: 'AR' })
    ).body;
    const copyOfCopy = (await holderApi.post(`/networks/${copy._id}/duplicate`)).body;
    for (const id of [copy._id, combined._id, readiness.networkId, copyOfCopy._id]) {
      expect((await holderApi.get(`/networks/${id}/publish`)).body.refused, id).toBe(DISCOVER_MSG.copiedFromShare);
      expect(answer(await publish(holderApi, id)), id).toEqual({ status: 403, message: DISCOVER_MSG.copiedFromShare });
      // Nothing reached Discover for a third user to copy out.
      expect((await clientOf(app, third).post(`/discover/${id}/duplicate`)).status).toBe(404);
    }
    // The holder's own network publishes as before.
    expect((await publish(holderApi, mine)).status).toBe(200);
  });

  it("keeps the original's attribution and tags on a republished copy, and never an address", async () => {
    await seedDiscoverExamples(app.server.deps.db);
    const publisher = await seedUser(app, 'owner');
    const copier = await seedUser(app, 'individual');
    const third = await seedUser(app, 'owner');
    for (const u of [publisher, copier, third]) await professional(u);
    const data = smallNetwork({
      nodeAttributes: [
        { key: 'Team', type: 'category' },
        { key: 'Mail', type: 'text' },
      ],
      nodes: [
        { name: 'Ana (ana@example.com)', attributes: { Team: 'Red', Mail: 'ana@example.com' } },
        { name: 'Ana (ana2@example.com)', attributes: { Team: 'Red', Mail: 'ana2@example.com' } },
        { name: 'cy@example.com', attributes: { Team: 'Blue', Mail: null } },
      ],
    });
    const original = await ownNetwork(publisher, 'Trade ties', data);
    expect((await publish(clientOf(app, publisher), original, { tags: ['trade'] })).status).toBe(200);
    const first = await clientOf(app, third).get(`/discover/${original}`);
    expect(JSON.stringify(first.body)).not.toContain('@');
    expect(first.body).toMatchObject({ origin: null, tags: ['trade'] });

    const copierApi = clientOf(app, copier);
    const copy = await copierApi.post(`/discover/${original}/duplicate`);
    expect(copy.status).toBe(200);
    const copyData = (await copierApi.get(`/networks/${copy.body.networkId}/data`)).body.data;
    expect(copyData.nodes.map((n: { name: string }) => n.name)).toEqual(['Ana', 'Ana (2)', 'Person 3']);
    expect((await publish(copierApi, copy.body.networkId, { tags: ['mine'] })).status).toBe(200);
    const publisherName = (await clientOf(app, publisher).get('/users/me')).body.userLogin.name;
    const republished = await clientOf(app, third).get(`/discover/${copy.body.networkId}`);
    expect(republished.body).toMatchObject({
      origin: { name: 'Trade ties', owner: publisherName, source: '' },
      tags: ['trade', 'mine'],
    });

    // A copy of the copy, republished by a third user, still names the first original.
    const thirdApi = clientOf(app, third);
    const again = await thirdApi.post(`/discover/${copy.body.networkId}/duplicate`);
    expect((await publish(thirdApi, again.body.networkId)).status).toBe(200);
    const listed = await clientOf(app, publisher).get('/discover?search=Trade');
    const item = listed.body.items.find((i: { _id: string }) => i._id === again.body.networkId);
    // The original's tags come along; the intermediate copy's own ('mine') were that copy's.
    expect(item).toMatchObject({ origin: { name: 'Trade ties' }, tags: ['trade'] });

    // A curated example keeps its citation.
    const curated = (await thirdApi.get('/discover')).body.items.find((i: { curated: boolean }) => i.curated);
    const example = await thirdApi.post(`/discover/${curated._id}/duplicate`);
    expect((await publish(thirdApi, example.body.networkId)).status).toBe(200);
    const described = await thirdApi.get(`/discover/${example.body.networkId}`);
    expect(described.body.origin).toMatchObject({ name: curated.name, owner: 'Tieline' });
    expect(described.body.origin.source).not.toBe('');
    expect(described.body.source).toBe(described.body.origin.source);
  });
});

describe('withoutEmails', () => {
  it('strips addresses from names and values, keeps names distinct, and leaves clean documents as they are', () => {
    const clean = smallNetwork();
    expect(withoutEmails(clean)).toBe(clean);
    const dirty = {
      ...emptyNetwork(false),
      nodeAttributes: [{ key: 'Note', type: 'text' as const }],
      nodes: [
        { name: 'Ann Archer (ann@contoso.com)', attributes: { Note: 'write to ann@contoso.com' } },
        { name: 'Ann Archer (ann.b@contoso.com)', attributes: { Note: 'kept' } },
        { name: 'Ann Archer', attributes: { Note: null } },
        { name: 'x@y.io', attributes: { Note: 3 as unknown as string } },
      ],
    };
    const out = withoutEmails(dirty);
    expect(out.nodes.map((n) => n.name)).toEqual(['Ann Archer', 'Ann Archer (2)', 'Ann Archer (3)', 'Person 4']);
    expect(out.nodes.map((n) => n.attributes.Note)).toEqual([null, 'kept', null, 3]);
    expect(JSON.stringify(out)).not.toContain('@');
  });
});
