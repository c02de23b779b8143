/**
 * Who sees people in passive data, and what may be published (issue 35, findings 1 and 2's access side),
 * over REST against a started server: two organizations, an individual, and members of every role
 * (Owner, Admin, Simplified Access-only with and without the Owner's grant of person-level passive data).
 * The attacks of finding 1 are replayed step by step: a plain member publishing a query's network for
 * another organization to read and copy, and a View-share holder copying a network, publishing the copy
 * and a third user copying it out.
 */
import { auditLog, eq, networks, users } from '@tieline/db';
import { ORG_USERS_MSG, type TOrganizationUser } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestClient, startTestApp, type TestApp } from './helpers';
import {
  answer,
  networkPeopleOnly,
  organization,
  ownNetwork,
  peopleOnly,
  publish,
  QUERY,
  queryNetwork,
  share,
} from './passive-access-setup';
import { clientOf, passiveUser } from './passive-queries-setup';
import { withModules } from './router-access-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

describe('who sees people', () => {
  it('lets Owners, Admins, granted members and individuals read people, lists and queries, and refuses other members', async () => {
    const org = await organization(app);
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
    const org = await organization(app);
    const orgId = org.owner.organizationId!;
    const ownerApi = clientOf(app, org.owner);
    const plainApi = clientOf(app, org.plain);
    const listed = (await membersOf(ownerApi, orgId)).find((u) => u._id === org.plain.userId)!;
    expect(listed.personLevelPassive).toBe(false);

    // An Admin (and the member themselves) cannot grant it.
    expect((await edit(clientOf(app, org.admin), orgId, listed, { personLevelPassive: true })).status).toBe(403);
    expect((await edit(plainApi, orgId, listed, { personLevelPassive: true })).status).toBe(403);
    expect(answer(await plainApi.get('/passiveData/people'))).toEqual(peopleOnly);
    // The app reads the same rule from the signed-in user (it hides queries and lists from them).
    const sees = async (api: RestClient) => (await api.get('/users/me')).body.passivePeople;
    expect([await sees(plainApi), await sees(ownerApi), await sees(clientOf(app, org.admin))]).toEqual([
      false,
      true,
      true,
    ]);

    const granted = await edit(ownerApi, orgId, listed, { personLevelPassive: true });
    expect(granted.status).toBe(200);
    expect(granted.body.find((u: TOrganizationUser) => u._id === org.plain.userId).personLevelPassive).toBe(true);
    expect((await plainApi.get('/passiveData/people')).status).toBe(200);
    expect(await sees(plainApi)).toBe(true);
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
    const org = await organization(app);
    const other = await organization(app);
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
    const org = await organization(app);
    const other = await organization(app);
    const grantedApi = clientOf(app, org.granted);
    const id = await queryNetwork(app, grantedApi);
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
            ids: [id, await ownNetwork(app, user, 'Mine')],
            name: 'Both',
            directed: true,
          }),
        ),
      ).toEqual(networkPeopleOnly);
    }
    // An Admin of the account with a share opens it.
    expect((await clientOf(app, org.admin).get(`/networks/${id}/data`)).status).toBe(200);
    // A saved analysis of it names the same people: it reopens while the grant holds.
    await withModules(app, org.granted, ['AONA']);
    const analysed = await grantedApi.post('/passiveData/adaptableReadiness', {
      networkIds: [id],
      createdARNetworkName: 'Readiness of the query',
    });
    const result = `/aona/results/${analysed.body.resultId}`;
    expect(analysed.status, JSON.stringify(analysed.body)).toBe(200);
    expect((await grantedApi.get(result)).status).toBe(200);

    // The owner who loses the grant is refused too (sharing it on included), but may still delete it.
    await app.server.deps.db.update(users).set({ personLevelPassive: false }).where(eq(users.id, org.granted.userId));
    expect(answer(await grantedApi.get(`/networks/${id}`))).toEqual(networkPeopleOnly);
    expect(answer(await grantedApi.get(`/networks/${id}/users`))).toEqual(networkPeopleOnly);
    expect(answer(await share(grantedApi, id, org.owner))).toEqual(networkPeopleOnly);
    expect(answer(await publish(grantedApi, id, { confirmPassive: true }))).toEqual(networkPeopleOnly);
    // The saved analysis is listed, but neither reopened nor downloaded.
    expect((await grantedApi.get('/aona/results')).body.map((r: { _id: string }) => r._id)).toContain(
      analysed.body.resultId,
    );
    expect(answer(await grantedApi.get(result))).toEqual(networkPeopleOnly);
    expect(answer(await grantedApi.call('GET', `/api/base${result}/xlsx`))).toEqual(networkPeopleOnly);
    expect((await grantedApi.call('DELETE', `/api/base/networks/${id}`)).status).toBe(200);
    expect(await app.server.deps.db.select().from(networks).where(eq(networks.id, id))).toEqual([]);
  });

  it('keep their origin through copies, combinations and readiness networks', async () => {
    const org = await organization(app);
    const ownerApi = clientOf(app, org.owner);
    const id = await queryNetwork(app, ownerApi);
    const plainNetwork = await ownNetwork(app, org.owner, 'Survey');
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
