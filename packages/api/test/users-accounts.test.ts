import { eq, organizations } from '@tieline/db';
import { MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, RestClient, rejection, signedUpWithTwoUsers, startTestApp, type TestApp } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const signedInWithTwoUsers = () => signedUpWithTwoUsers(app);

describe('switching between the users of one login', () => {
  it('lists the accounts and switches to the organization in a new session', async () => {
    const { trpc, individualId, memberId, org } = await signedInWithTwoUsers();
    expect(await trpc.users.accounts.query()).toEqual([
      { _id: individualId, organization: null, label: 'Individual Account' },
      { _id: memberId, organization: { _id: org.id, name: 'Globex', type: 'organization' }, label: 'Globex' },
    ]);
    const before = await app.server.deps.db.query.sessions.findMany();
    const switched = await trpc.userLogins.switchUser.mutate({ userId: memberId });
    expect(switched.user?.organizations[0]?.organization.name).toBe('Globex');
    expect((await trpc.users.me.query())._id).toBe(memberId);
    const after = await app.server.deps.db.query.sessions.findMany();
    // The old session is gone, one new session took its place.
    expect(after.length).toBe(before.length);
    expect(after.some((s) => s.userId === memberId)).toBe(true);
    await trpc.userLogins.switchUser.mutate({ userId: individualId });
    expect((await trpc.users.me.query())._id).toBe(individualId);
  });

  it("refuses another login's user and keeps the session as it was", async () => {
    const mine = await signedInWithTwoUsers();
    const other = await signedInWithTwoUsers();
    const attempt = mine.trpc.userLogins.switchUser.mutate({ userId: other.memberId });
    expect(await rejection(attempt)).toEqual({ message: MSG.userNotFound, status: 400 });
    expect((await mine.trpc.users.me.query())._id).toBe(mine.individualId);
  });

  it('sends an organization with single sign-on through its identity provider', async () => {
    const { trpc, individualId, memberId, org } = await signedInWithTwoUsers();
    await app.server.deps.db.update(organizations).set({ samlEnabled: true }).where(eq(organizations.id, org.id));
    expect(await trpc.userLogins.switchUser.mutate({ userId: memberId })).toEqual({
      samlRedirect: `/api/base/saml/login/${org.id}`,
    });
    expect((await trpc.users.me.query())._id).toBe(individualId);
  });

  it('works over REST and needs a session', async () => {
    const { account, memberId } = await signedInWithTwoUsers();
    const anon = new RestClient(app.url);
    expect(await anon.get('/users/accounts')).toMatchObject({ status: 401, body: { message: MSG.notSignedIn } });
    expect(await anon.post('/userLogins/switchUser', { userId: memberId })).toMatchObject({ status: 401 });
    const rest = new RestClient(app.url);
    await rest.post('/userLogins/signin', { ...account, userId: memberId });
    const list = await rest.get('/users/accounts');
    expect(list.body.map((a: { label: string }) => a.label)).toEqual(['Individual Account', 'Globex']);
    const bad = await rest.post('/userLogins/switchUser', { userId: 'nope' });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Invalid id' } });
  });
});

describe('sign-ups per client address', () => {
  it('allows SIGNUPS_PER_ADDRESS_PER_HOUR accounts from one address, then answers 429 and creates none', async () => {
    const limited = await startTestApp({ smtp: false, env: { SIGNUPS_PER_ADDRESS_PER_HOUR: '2' } });
    try {
      const client = new RestClient(limited.url);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await client.post('/userLogins/signup', newAccount())).status);
      expect(statuses).toEqual([200, 200, 429]);
      expect((await new RestClient(limited.url).post('/userLogins/signup', newAccount())).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /users/session', () => {
  it('answers 200 whether or not the caller is signed in, and nothing more', async () => {
    const { account, individualId } = await signedInWithTwoUsers();
    const rest = new RestClient(app.url);
    expect(await rest.get('/users/session')).toMatchObject({ status: 200, body: { signedIn: false } });
    expect(await rest.post('/userLogins/signin', { ...account, userId: individualId })).toMatchObject({ status: 200 });
    expect(await rest.get('/users/session')).toMatchObject({ status: 200, body: { signedIn: true } });
    expect(Object.keys((await rest.get('/users/session')).body)).toEqual(['signedIn']);
    await rest.post('/userLogins/signout', {});
    expect(await rest.get('/users/session')).toMatchObject({ status: 200, body: { signedIn: false } });
  });
});
