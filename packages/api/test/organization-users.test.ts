import { randomUUID } from 'node:crypto';
import { discoverNetworks, eq, networks, sessions, surveys, tempUsers, users } from '@tieline/db';
import { MSG, ORG_USERS_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSnapshot, snapshotColumns } from '../src/services/discover/snapshot';
import { newAccount, seedUser, startTestApp, type TestApp, trpcClient } from './helpers';
import { smallNetwork } from './networks-setup';
import { asUser, contentOf, loneLogin, memberOf, setOrgModules } from './organization-users-setup';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const base = (orgId: string) => `/api/base/organizations/users/${orgId}`;
const modulesOn = (...on: string[]) =>
  Object.fromEntries(
    ['networks', 'surveys', 'passiveData', 'meltwater', 'AONA', 'discover'].map((m) => [
      m,
      { enabled: on.includes(m) },
    ]),
  );

describe('the list', () => {
  it('shows the owner their organization’s users with permission and modules', async () => {
    const owner = await seedUser(app, 'owner');
    const admin = await memberOf(app, owner, 'Admin');
    const res = await asUser(app, owner).get(`/organizations/users/${owner.organizationId}`);
    expect(res.status).toBe(200);
    expect(res.body.map((u: { email: string }) => u.email).sort()).toEqual([owner.email, admin.email].sort());
    expect(res.body.find((u: { _id: string }) => u._id === admin.userId)).toEqual({
      _id: admin.userId,
      name: expect.any(String),
      email: admin.email,
      permission: 'Admin',
      modules: modulesOn('networks', 'surveys'),
      invited: false,
      personLevelPassive: false,
    });
  });

  it('refuses Admins, Simplified Access-only users and individuals (403), and other organizations (404)', async () => {
    const owner = await seedUser(app, 'owner');
    for (const permission of ['Admin', 'Simplified Access-only'] as const) {
      const member = await memberOf(app, owner, permission);
      const res = await asUser(app, member).get(`/organizations/users/${owner.organizationId}`);
      expect(res).toMatchObject({ status: 403, body: { message: MSG.forbidden } });
    }
    const individual = await seedUser(app, 'individual');
    expect((await asUser(app, individual).get(`/organizations/users/${owner.organizationId}`)).status).toBe(403);
    const other = await seedUser(app, 'owner');
    for (const id of [owner.organizationId, randomUUID()]) {
      const res = await asUser(app, other).get(`/organizations/users/${id}`);
      expect(res).toMatchObject({ status: 404, body: { message: MSG.notFound } });
    }
    expect((await asUser(app, { cookie: '' }).get(`/organizations/users/${owner.organizationId}`)).status).toBe(401);
  });
});

describe('adding a user (PUT)', () => {
  it('adds a person with a login at once, with the organization’s module defaults', async () => {
    const owner = await seedUser(app, 'owner');
    await setOrgModules(app, owner.organizationId!, ['networks', 'discover', 'AONA']);
    const lone = await loneLogin(app);
    const res = await asUser(app, owner).call('PUT', base(owner.organizationId!), {
      name: 'Anything',
      email: lone.email.toUpperCase(),
      permission: 'Admin',
    });
    expect(res.status).toBe(200);
    const added = res.body.find((u: { email: string }) => u.email === lone.email);
    expect(added).toMatchObject({ permission: 'Admin', invited: false, name: lone.name });
    // Spec §6: networks, surveys, discover follow the organization; passiveData, AONA, meltwater off.
    expect(added.modules).toEqual(modulesOn('networks', 'discover'));
    const again = await asUser(app, owner).call('PUT', base(owner.organizationId!), {
      name: 'Again',
      email: lone.email,
      permission: 'Admin',
    });
    expect(again).toMatchObject({ status: 409, body: { message: ORG_USERS_MSG.alreadyMember } });
  });

  it('invites a person without a login by mail; the link signs them up into the organization', async () => {
    const owner = await seedUser(app, 'owner');
    const invitee = newAccount('invitee');
    const res = await asUser(app, owner).call('PUT', base(owner.organizationId!), {
      name: invitee.name,
      email: invitee.email,
      permission: 'Simplified Access-only',
      modules: modulesOn('surveys', 'meltwater'),
    });
    expect(res.status).toBe(200);
    expect(res.body.find((u: { email: string }) => u.email === invitee.email)).toMatchObject({
      invited: true,
      permission: 'Simplified Access-only',
      modules: modulesOn('surveys', 'meltwater'),
    });
    const link = await app.linkFor(invitee.email, '/signup/');
    const mail = app.inbox.filter((m) => m.to.includes(invitee.email)).at(-1)!;
    expect(mail.body).toContain('You have been invited to join Org of');

    const again = await asUser(app, owner).call('PUT', base(owner.organizationId!), {
      name: invitee.name,
      email: invitee.email,
      permission: 'Admin',
    });
    expect(again).toMatchObject({ status: 409, body: { message: ORG_USERS_MSG.alreadyInvited } });

    const trpc = trpcClient(app);
    const token = link.split('/').at(-1)!;
    expect(await trpc.tempUsers.get.query({ id: token })).toMatchObject({ email: invitee.email });
    const { user } = await trpc.userLogins.signUp.mutate({ ...invitee, inviteToken: token });
    expect(user.organizations[0]).toMatchObject({ permission: 'Simplified Access-only' });
    // The owner's choice is stored; what the person may use stays within the organization's modules
    // (docs/modules.md), and the seeded organization has no Meltwater.
    expect(user.billing.modules).toEqual(modulesOn('surveys'));
    const list = await asUser(app, owner).get(`/organizations/users/${owner.organizationId}`);
    expect(list.body.find((u: { email: string }) => u.email === invitee.email)).toMatchObject({
      invited: false,
      modules: modulesOn('surveys', 'meltwater'),
    });
  });

  it('validates every field with the shared schema', async () => {
    const owner = await seedUser(app, 'owner');
    const put = (body: object) =>
      asUser(app, owner).call('PUT', base(owner.organizationId!), {
        name: 'Ada',
        email: 'ada@example.com',
        permission: 'Admin',
        ...body,
      });
    expect((await put({ email: 'not-an-email' })).status).toBe(400);
    expect(await put({ permission: 'Editor' })).toMatchObject({
      status: 400,
      body: { message: ORG_USERS_MSG.permissionInvalid },
    });
    expect(await put({ name: '' })).toMatchObject({ status: 400, body: { message: ORG_USERS_MSG.nameRequired } });
    expect(await put({ name: 'x'.repeat(201) })).toMatchObject({
      status: 400,
      body: { message: ORG_USERS_MSG.nameTooLong },
    });
    expect((await put({ name: 42 })).status).toBe(400);
    expect((await put({ modules: { ...modulesOn(), AONA: { enabled: 'true' } } })).status).toBe(400);
    expect((await asUser(app, owner).call('PUT', base(owner.organizationId!), { name: 'Ada' })).status).toBe(400);
  });
});

describe('editing a user (POST)', () => {
  it('changes permission and modules, and ends the user’s sessions on a permission change', async () => {
    const owner = await seedUser(app, 'owner');
    const member = await memberOf(app, owner, 'Simplified Access-only');
    expect((await asUser(app, member).get('/users/me')).status).toBe(200);
    const edit = (body: object) =>
      asUser(app, owner).call('POST', base(owner.organizationId!), {
        _id: member.userId,
        permission: 'Simplified Access-only',
        modules: modulesOn('networks'),
        ...body,
      });
    const same = await edit({});
    expect(same.status).toBe(200);
    expect(same.body.find((u: { _id: string }) => u._id === member.userId).modules).toEqual(modulesOn('networks'));
    // Modules only: the session lives on.
    expect((await asUser(app, member).get('/users/me')).status).toBe(200);

    const promoted = await edit({ permission: 'Admin' });
    expect(promoted.body.find((u: { _id: string }) => u._id === member.userId).permission).toBe('Admin');
    expect((await asUser(app, member).get('/users/me')).status).toBe(401);
    expect(await app.server.deps.db.select().from(sessions).where(eq(sessions.userId, member.userId))).toEqual([]);
  });

  it('leaves a login’s name to its person, but renames an invitation', async () => {
    const owner = await seedUser(app, 'owner');
    const member = await memberOf(app, owner, 'Admin');
    const refused = await asUser(app, owner).call('POST', base(owner.organizationId!), {
      _id: member.userId,
      name: 'Someone Else',
      permission: 'Admin',
      modules: modulesOn(),
    });
    expect(refused).toMatchObject({ status: 400, body: { message: ORG_USERS_MSG.nameIsTheirs } });

    const invitee = newAccount('invitee');
    const added = await asUser(app, owner).call('PUT', base(owner.organizationId!), {
      name: 'Old Name',
      email: invitee.email,
      permission: 'Admin',
    });
    const invite = added.body.find((u: { email: string }) => u.email === invitee.email);
    const renamed = await asUser(app, owner).call('POST', base(owner.organizationId!), {
      _id: invite._id,
      name: 'New Name',
      permission: 'Owner',
      modules: modulesOn('AONA'),
    });
    expect(renamed.body.find((u: { _id: string }) => u._id === invite._id)).toMatchObject({
      name: 'New Name',
      permission: 'Owner',
      modules: modulesOn('AONA'),
      invited: true,
    });
  });

  it('answers 404 for users of another organization and unknown ids', async () => {
    const owner = await seedUser(app, 'owner');
    const other = await seedUser(app, 'owner');
    for (const id of [other.userId, randomUUID()]) {
      const res = await asUser(app, owner).call('POST', base(owner.organizationId!), {
        _id: id,
        permission: 'Admin',
        modules: modulesOn(),
      });
      expect(res).toMatchObject({ status: 404, body: { message: ORG_USERS_MSG.userNotFound } });
    }
    const [row] = await app.server.deps.db.select().from(users).where(eq(users.id, other.userId));
    expect(row!.permission).toBe('Owner');
    const foreignOrg = await asUser(app, owner).call('POST', base(other.organizationId!), {
      _id: other.userId,
      permission: 'Admin',
      modules: modulesOn(),
    });
    expect(foreignOrg).toMatchObject({ status: 404, body: { message: MSG.notFound } });
  });
});

describe('the last Owner', () => {
  it('cannot demote or delete themselves; with a second Owner they can', async () => {
    const owner = await seedUser(app, 'owner');
    const org = owner.organizationId!;
    const demote = await asUser(app, owner).call('POST', base(org), {
      _id: owner.userId,
      permission: 'Admin',
      modules: modulesOn(),
    });
    expect(demote).toMatchObject({ status: 400, body: { message: ORG_USERS_MSG.lastOwner } });
    const del = await asUser(app, owner).call('DELETE', `${base(org)}/${owner.userId}`);
    expect(del).toMatchObject({ status: 400, body: { message: ORG_USERS_MSG.lastOwner } });

    // An invited Owner has no login yet: not enough.
    await asUser(app, owner).call('PUT', base(org), { name: 'Inv', email: newAccount().email, permission: 'Owner' });
    expect((await asUser(app, owner).call('DELETE', `${base(org)}/${owner.userId}`)).status).toBe(400);

    const second = await memberOf(app, owner, 'Owner');
    const ok = await asUser(app, owner).call('POST', base(org), {
      _id: owner.userId,
      permission: 'Admin',
      modules: modulesOn(),
    });
    expect(ok.status).toBe(200);
    // The demoted owner's own session stays, with the rights of an Admin now.
    expect((await asUser(app, owner).get(`/organizations/users/${org}`)).status).toBe(403);
    expect((await asUser(app, second).call('DELETE', `${base(org)}/${second.userId}`)).status).toBe(400);
  });
});

describe('deleting a user', () => {
  it('deletes a member with their content, and withdraws an invitation', async () => {
    const owner = await seedUser(app, 'owner');
    const member = await memberOf(app, owner, 'Admin');
    const { surveyId } = await contentOf(app, member);
    const res = await asUser(app, owner).call('DELETE', `${base(owner.organizationId!)}/${member.userId}`);
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    const { db } = app.server.deps;
    expect(await db.select().from(surveys).where(eq(surveys.id, surveyId))).toEqual([]);

    const email = newAccount().email;
    const added = await asUser(app, owner).call('PUT', base(owner.organizationId!), {
      name: 'I',
      email,
      permission: 'Admin',
    });
    const invite = added.body.find((u: { email: string }) => u.email === email);
    expect((await asUser(app, owner).call('DELETE', `${base(owner.organizationId!)}/${invite._id}`)).status).toBe(200);
    expect(await db.select().from(tempUsers).where(eq(tempUsers.email, email))).toEqual([]);
  });

  it('answers 404 for another organization’s user', async () => {
    const owner = await seedUser(app, 'owner');
    const other = await seedUser(app, 'owner');
    const res = await asUser(app, owner).call('DELETE', `${base(owner.organizationId!)}/${other.userId}`);
    expect(res).toMatchObject({ status: 404, body: { message: ORG_USERS_MSG.userNotFound } });
    expect((await asUser(app, owner).call('DELETE', `${base(other.organizationId!)}/${other.userId}`)).status).toBe(
      404,
    );
    expect(await app.server.deps.db.select().from(users).where(eq(users.id, other.userId))).toHaveLength(1);
  });
});

describe('transferring content', () => {
  const transfer = (owner: { cookie: string }, orgId: string, body: object) =>
    asUser(app, owner).call('POST', `/api/base/organizations/users/transfer/${orgId}`, body);

  it('moves the source’s surveys, networks and Discover publications to the target', async () => {
    const owner = await seedUser(app, 'owner');
    const source = await memberOf(app, owner, 'Admin');
    const target = await memberOf(app, owner, 'Simplified Access-only');
    const { surveyId, networkId } = await contentOf(app, source);
    const columns = snapshotColumns({
      name: 'Published',
      description: '',
      tags: [],
      document: documentSnapshot(smallNetwork()),
    });
    await app.server.deps.db
      .insert(discoverNetworks)
      .values({ id: networkId, networkId, ownerId: source.userId, ...columns });
    const res = await transfer(owner, owner.organizationId!, {
      sourceUserId: source.userId,
      targetUserId: target.userId,
    });
    expect(res).toMatchObject({ status: 200, body: { surveys: 1, networks: 1 } });
    const { db } = app.server.deps;
    expect((await db.select().from(surveys).where(eq(surveys.id, surveyId)))[0]!.ownerId).toBe(target.userId);
    expect((await db.select().from(networks).where(eq(networks.id, networkId)))[0]!.ownerId).toBe(target.userId);
    const published = await db.select().from(discoverNetworks).where(eq(discoverNetworks.networkId, networkId));
    expect(published[0]!.ownerId).toBe(target.userId);
    // Deleting the source now keeps the content.
    await asUser(app, owner).call('DELETE', `${base(owner.organizationId!)}/${source.userId}`);
    expect(await db.select().from(surveys).where(eq(surveys.id, surveyId))).toHaveLength(1);
  });

  it('refuses the same user twice, an invitation, and other organizations’ users', async () => {
    const owner = await seedUser(app, 'owner');
    const other = await seedUser(app, 'owner');
    const org = owner.organizationId!;
    expect(await transfer(owner, org, { sourceUserId: owner.userId, targetUserId: owner.userId })).toMatchObject({
      status: 400,
      body: { message: ORG_USERS_MSG.transferSame },
    });
    const email = newAccount().email;
    const added = await asUser(app, owner).call('PUT', base(org), { name: 'I', email, permission: 'Admin' });
    const invite = added.body.find((u: { email: string }) => u.email === email);
    expect(await transfer(owner, org, { sourceUserId: owner.userId, targetUserId: invite._id })).toMatchObject({
      status: 400,
      body: { message: ORG_USERS_MSG.transferInvited },
    });
    const { surveyId } = await contentOf(app, other);
    expect(await transfer(owner, org, { sourceUserId: other.userId, targetUserId: owner.userId })).toMatchObject({
      status: 404,
      body: { message: ORG_USERS_MSG.userNotFound },
    });
    expect(
      await transfer(owner, other.organizationId!, { sourceUserId: other.userId, targetUserId: owner.userId }),
    ).toMatchObject({
      status: 404,
      body: { message: MSG.notFound },
    });
    expect((await app.server.deps.db.select().from(surveys).where(eq(surveys.id, surveyId)))[0]!.ownerId).toBe(
      other.userId,
    );
    expect((await transfer(owner, org, { sourceUserId: 'x', targetUserId: owner.userId })).status).toBe(400);
  });

  it('refuses non-owners', async () => {
    const owner = await seedUser(app, 'owner');
    const admin = await memberOf(app, owner, 'Admin');
    const res = await transfer(admin, owner.organizationId!, {
      sourceUserId: owner.userId,
      targetUserId: admin.userId,
    });
    expect(res).toMatchObject({ status: 403, body: { message: MSG.forbidden } });
  });
});
