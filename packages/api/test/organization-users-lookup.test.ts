import { MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/auth/rate-limit';
import { newAccount, seedUser, startTestApp, type TestApp } from './helpers';
import { asUser, memberOf } from './organization-users-setup';

// POST /api/base/users/lookupByEmail (spec platform §7): an organization's Owner, adding a user, asks
// whether an email address is already one of the organization's users or invitations. The answer says
// nothing about people outside the organization (a login elsewhere is 'none'), and is rate-limited.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const lookup = (user: { cookie: string }, email: unknown) => asUser(app, user).post('/users/lookupByEmail', { email });

describe('POST /users/lookupByEmail', () => {
  it('finds a user or an invitation of the caller’s organization, whatever the case of the address', async () => {
    const owner = await seedUser(app, 'owner');
    const admin = await memberOf(app, owner, 'Admin');
    const found = await lookup(owner, `  ${admin.email.toUpperCase()} `);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      email: admin.email,
      status: 'member',
      user: expect.objectContaining({ _id: admin.userId, email: admin.email, permission: 'Admin', invited: false }),
    });
    const invitee = newAccount('invitee');
    const added = await asUser(app, owner).call('PUT', `/api/base/organizations/users/${owner.organizationId}`, {
      name: invitee.name,
      email: invitee.email,
      permission: 'Simplified Access-only',
    });
    expect(added.status).toBe(200);
    const invited = await lookup(owner, invitee.email);
    expect(invited.body).toMatchObject({ status: 'invited', user: { email: invitee.email, invited: true } });
  });

  it('says nothing of people outside the organization', async () => {
    const owner = await seedUser(app, 'owner');
    const elsewhere = await seedUser(app, 'owner');
    const individual = await seedUser(app, 'individual');
    for (const email of [elsewhere.email, individual.email, 'nobody-at-all@example.com']) {
      const res = await lookup(owner, email);
      expect(res).toMatchObject({ status: 200, body: { email, status: 'none', user: null } });
    }
  });

  it('is for the organization’s Owner: 403 for Admins, members and individuals, 401 signed out', async () => {
    const owner = await seedUser(app, 'owner');
    for (const permission of ['Admin', 'Simplified Access-only'] as const) {
      const member = await memberOf(app, owner, permission);
      expect(await lookup(member, owner.email)).toMatchObject({ status: 403, body: { message: MSG.forbidden } });
    }
    const individual = await seedUser(app, 'individual');
    expect((await lookup(individual, owner.email)).status).toBe(403);
    expect((await lookup({ cookie: '' }, owner.email)).status).toBe(401);
  });

  it('refuses a missing or malformed address', async () => {
    const owner = await seedUser(app, 'owner');
    for (const email of [undefined, '', 'not-an-email', 42]) expect((await lookup(owner, email)).status).toBe(400);
  });

  it(`is rate-limited per user (${LIMITS.emailLookupsPerUser.max} a window)`, async () => {
    const owner = await seedUser(app, 'owner');
    for (let i = 0; i < LIMITS.emailLookupsPerUser.max; i++) {
      expect((await lookup(owner, `person${i}@example.com`)).status).toBe(200);
    }
    const refused = await lookup(owner, 'one-more@example.com');
    expect(refused).toMatchObject({ status: 429, body: { message: MSG.tooManyRequests } });
    // Another owner is not held up.
    expect((await lookup(await seedUser(app, 'owner'), 'one-more@example.com')).status).toBe(200);
  });
});
