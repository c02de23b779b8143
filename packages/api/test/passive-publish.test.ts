/**
 * What may be published to Discover (issue 35, finding 1): a plain member's query network, a network held
 * through a share and any copy of one are refused; an Owner publishes after confirming, without addresses,
 * and a republished copy keeps the original's attribution. See passive-access.test.ts for who sees people.
 */
import { eq, networks } from '@tieline/db';
import { emptyNetwork } from '@tieline/graph';
import { DISCOVER_MSG, NETWORK_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDiscoverExamples } from '../src/seed/discover-examples';
import { withoutEmails } from '../src/services/discover/strip-emails';
import { seedUser, startTestApp, type TestApp } from './helpers';
import { smallNetwork } from './networks-setup';
import { answer, organization, ownNetwork, professional, publish, queryNetwork, share } from './passive-access-setup';
import { clientOf, passiveOn } from './passive-queries-setup';
import { withModules } from './router-access-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

describe('publishing to Discover (finding 1)', () => {
  it("refuses a plain member's query network; an Owner publishes after confirming, without email addresses", async () => {
    const org = await organization(app);
    const other = await organization(app);
    const grantedApi = clientOf(app, org.granted);
    const memberNetwork = await queryNetwork(app, grantedApi);
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
    const id = await queryNetwork(app, adminApi);
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
    for (const u of [owner, holder, third]) await professional(app, u);
    const ownerApi = clientOf(app, owner);
    const holderApi = clientOf(app, holder);
    const original = await ownNetwork(app, owner, 'Org chart');
    expect((await share(ownerApi, original, holder)).status).toBe(200);

    expect(answer(await publish(holderApi, original))).toEqual({ status: 403, message: NETWORK_MSG.notOwner });
    const copy = (await holderApi.post(`/networks/${original}/duplicate`)).body;
    expect(copy).toMatchObject({ access: 'Owner', copiedFromShare: true });
    const mine = await ownNetwork(app, holder, 'Mine');
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
    for (const u of [publisher, copier, third]) await professional(app, u);
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
    const original = await ownNetwork(app, publisher, 'Trade ties', data);
    expect((await publish(clientOf(app, publisher), original, { tags: ['trade'] })).status).toBe(200);
    const first = await clientOf(app, third).get(`/discover/${original}`);
    expect(JSON.stringify(first.body)).not.toContain('@');
    // Tags are stored capitalized (Discover's one case).
    expect(first.body).toMatchObject({ origin: null, tags: ['Trade'] });

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
      tags: ['Trade', 'Mine'],
    });

    // A copy of the copy, republished by a third user, still names the first original.
    const thirdApi = clientOf(app, third);
    const again = await thirdApi.post(`/discover/${copy.body.networkId}/duplicate`);
    expect((await publish(thirdApi, again.body.networkId)).status).toBe(200);
    const listed = await clientOf(app, publisher).get('/discover?search=Trade');
    const item = listed.body.items.find((i: { _id: string }) => i._id === again.body.networkId);
    // The original's tags come along; the intermediate copy's own ('Mine') were that copy's.
    expect(item).toMatchObject({ origin: { name: 'Trade ties' }, tags: ['Trade'] });

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
