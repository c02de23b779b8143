import { randomUUID } from 'node:crypto';
import { apiKeys, auditLog, desc, eq, sessions, userLogins, users } from '@tieline/db';
import { ADMIN_MSG, MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../src/auth/api-keys';
import { COMMAND_LINE, makeSuperAdmin } from '../src/services/admin-users/make-super-admin';
import { RestClient, rejection, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { clientOf, restOf } from './surveys-setup';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

const db = () => app.server.deps.db;
const auditOf = (targetId: string) =>
  db().select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.at));

async function liveKey(user: SeededUser) {
  const { key, prefix, keyHash } = generateApiKey();
  await db().insert(apiKeys).values({ userId: user.userId, name: 'Script', prefix, keyHash });
  return key;
}
const meWithKey = (key: string) =>
  new RestClient(app.url).call('GET', '/api/base/users/me', undefined, { authorization: `Bearer ${key}` });

describe('searching logins', () => {
  it('finds logins by part of their email, name or username, a page at a time, with a total', async () => {
    const admin = await seedUser(app, 'superAdmin');
    const tag = `zq${randomUUID().slice(0, 6)}`;
    await db()
      .insert(userLogins)
      .values(
        [1, 2, 3].map((n) => ({
          email: `${tag}-${n}@example.com`,
          username: `${tag}${n}`,
          name: `Person ${n}`,
          passwordHash: 'x',
        })),
      );
    const trpc = clientOf(app, admin);
    const first = await trpc.admin.users.search.query({ search: tag.toUpperCase(), perPage: 2 });
    expect(first.total).toBe(3);
    expect(first.rows.map((r) => r.email)).toEqual([`${tag}-1@example.com`, `${tag}-2@example.com`]);
    const second = await trpc.admin.users.search.query({ search: tag, perPage: 2, page: 2 });
    expect(second.rows.map((r) => r.email)).toEqual([`${tag}-3@example.com`]);
    const mine = await trpc.admin.users.search.query({ search: admin.email });
    expect(mine.rows).toEqual([expect.objectContaining({ _id: admin.loginId, superAdmin: true, disabled: false })]);
    // LIKE's wildcards typed into the box match themselves, not everything.
    expect((await trpc.admin.users.search.query({ search: '%_%' })).total).toBe(0);
  });

  it('refuses bad input and callers who are not super admins', async () => {
    const [admin, owner] = await Promise.all([seedUser(app, 'superAdmin'), seedUser(app, 'owner')]);
    expect(await rejection(clientOf(app, admin).admin.users.search.query({ search: 'x'.repeat(201) }))).toEqual({
      status: 400,
      message: ADMIN_MSG.searchTooLong,
    });
    expect(
      await rejection(clientOf(app, admin).admin.users.search.query({ perPage: '5' as unknown as number })),
    ).toMatchObject({ status: 400 });
    expect(await rejection(clientOf(app, owner).admin.users.search.query({}))).toEqual({
      status: 403,
      message: MSG.forbidden,
    });
    expect(await rejection(clientOf(app, admin).admin.users.get.query({ id: randomUUID() }))).toEqual({
      status: 404,
      message: ADMIN_MSG.loginNotFound,
    });
  });
});

describe('disabling a login', () => {
  it('refuses its sign-in, ends its session and stops its API keys at once; enabling restores sign-in', async () => {
    const admin = await seedUser(app, 'superAdmin');
    const target = await seedUser(app, 'owner', { withPassword: true });
    const key = await liveKey(target);
    expect((await restOf(app, target).get('/users/me')).status).toBe(200);
    expect((await meWithKey(key)).status).toBe(200);

    const trpc = clientOf(app, admin);
    const answer = await trpc.admin.users.setDisabled.mutate({ id: target.loginId, disabled: true });
    expect(answer.disabled).toBe(true);

    expect(await restOf(app, target).get('/users/me')).toMatchObject({
      status: 401,
      body: { message: MSG.notSignedIn },
    });
    expect(await meWithKey(key)).toMatchObject({ status: 401 });
    expect(await db().select().from(sessions).where(eq(sessions.userLoginId, target.loginId))).toEqual([]);
    const signIn = await new RestClient(app.url).post('/userLogins/signin', {
      email: target.email,
      password: target.password,
    });
    expect({ status: signIn.status, message: signIn.body.message }).toEqual({
      status: 403,
      message: ADMIN_MSG.disabledLogin,
    });
    // A wrong password learns nothing about the login being disabled.
    const wrong = await new RestClient(app.url).post('/userLogins/signin', {
      email: target.email,
      password: 'not it at all',
    });
    expect(wrong.body.message).toBe(MSG.invalidCredentials);

    const [row] = await auditOf(target.loginId);
    expect(row).toMatchObject({
      action: 'admin.login.disable',
      targetType: 'login',
      actorUserId: admin.userId,
      actorEmail: admin.email,
    });

    await trpc.admin.users.setDisabled.mutate({ id: target.loginId, disabled: false });
    const again = await new RestClient(app.url).post('/userLogins/signin', {
      email: target.email,
      password: target.password,
    });
    expect(again.status).toBe(200);
    expect((await auditOf(target.loginId)).map((r) => r.action)).toEqual(['admin.login.enable', 'admin.login.disable']);
  });

  it('refuses to disable your own login, and an unknown login answers 404 with no audit row', async () => {
    const admin = await seedUser(app, 'superAdmin');
    const trpc = clientOf(app, admin);
    expect(await rejection(trpc.admin.users.setDisabled.mutate({ id: admin.loginId, disabled: true }))).toEqual({
      status: 400,
      message: ADMIN_MSG.notYourself,
    });
    const unknown = randomUUID();
    expect(await rejection(trpc.admin.users.setDisabled.mutate({ id: unknown, disabled: true }))).toEqual({
      status: 404,
      message: ADMIN_MSG.loginNotFound,
    });
    expect(await auditOf(unknown)).toEqual([]);
    expect(await auditOf(admin.loginId)).toEqual([]);
    // Strict booleans: the text "true" is not a flag.
    expect(
      await rejection(
        trpc.admin.users.setDisabled.mutate({ id: admin.loginId, disabled: 'true' as unknown as boolean }),
      ),
    ).toEqual({ status: 400, message: MSG.notTrueOrFalse });
  });
});

describe('roles, plans, modules and credits of users', () => {
  it('a role change rotates the sessions of that person and is audited with before and after', async () => {
    const admin = await seedUser(app, 'superAdmin');
    const target = await seedUser(app, 'individual');
    const login = await clientOf(app, admin).admin.users.setRole.mutate({ userId: target.userId, role: 'Admin' });
    expect(login.superAdmin).toBe(true);
    expect((await restOf(app, target).get('/users/me')).status).toBe(401);
    const [row] = await auditOf(target.userId);
    expect(row).toMatchObject({ action: 'admin.user.role', details: { from: 'User', to: 'Admin' } });
    expect(
      await rejection(clientOf(app, admin).admin.users.setRole.mutate({ userId: admin.userId, role: 'User' })),
    ).toEqual({ status: 400, message: ADMIN_MSG.notYourself });
  });

  it("changes a user's plan and modules, which the user's own billing then shows", async () => {
    const admin = await seedUser(app, 'superAdmin');
    const target = await seedUser(app, 'individual');
    const trpc = clientOf(app, admin);
    await trpc.admin.users.setPlan.mutate({ id: target.userId, plan: 'basic' });
    const modules = (await clientOf(app, target).billing.summary.query()).modules;
    await trpc.admin.users.setModules.mutate({
      id: target.userId,
      modules: { ...modules, meltwater: { enabled: true } },
    });
    const me = (await restOf(app, target).get('/users/me')).body;
    expect(me.billing.networksSubscriptionType).toBe('basic_50_public_networks');
    expect(me.billing.modules.meltwater).toEqual({ enabled: true });
    expect((await auditOf(target.userId)).map((r) => r.action)).toEqual(['admin.user.modules', 'admin.user.plan']);
    expect(
      await rejection(trpc.admin.users.setPlan.mutate({ id: target.userId, plan: 'gold' as unknown as 'basic' })),
    ).toMatchObject({ status: 400 });
    expect(await rejection(trpc.admin.users.setPlan.mutate({ id: randomUUID(), plan: 'basic' }))).toEqual({
      status: 404,
      message: ADMIN_MSG.userNotFound,
    });
  });

  it('grants credits to an individual account, refuses to go below zero and refuses organization seats', async () => {
    const admin = await seedUser(app, 'superAdmin');
    const [single, member] = await Promise.all([seedUser(app, 'individual'), seedUser(app, 'owner')]);
    const trpc = clientOf(app, admin);
    expect(await trpc.admin.users.adjustCredits.mutate({ id: single.userId, credits: 40, note: 'Pilot' })).toEqual({
      credits: 40,
    });
    expect(
      await trpc.admin.users.adjustCredits.mutate({ id: single.userId, credits: -15, note: 'Correction' }),
    ).toEqual({
      credits: 25,
    });
    expect(
      await rejection(trpc.admin.users.adjustCredits.mutate({ id: single.userId, credits: -26, note: 'Too much' })),
    ).toEqual({ status: 400, message: ADMIN_MSG.belowZero });
    const summary = await clientOf(app, single).billing.summary.query();
    expect(summary.credits).toBe(25);
    const seen = await trpc.admin.users.get.query({ id: single.loginId });
    expect(seen.users.map((u) => u.credits)).toEqual([25]);
    expect((await trpc.admin.users.get.query({ id: member.loginId })).users.map((u) => u.credits)).toEqual([null]);
    expect(summary.history.map((h) => [h.change, h.reason, h.note])).toEqual([
      [-15, 'adjustment', 'Correction'],
      [40, 'grant', 'Pilot'],
    ]);
    expect(
      await rejection(trpc.admin.users.adjustCredits.mutate({ id: member.userId, credits: 5, note: 'Seat' })),
    ).toEqual({ status: 404, message: ADMIN_MSG.userNotFound });
    for (const credits of [0, 1.5, 2_000_000]) {
      expect(await rejection(trpc.admin.users.adjustCredits.mutate({ id: single.userId, credits, note: 'x' }))).toEqual(
        { status: 400, message: ADMIN_MSG.creditsInvalid },
      );
    }
    expect(
      await rejection(trpc.admin.users.adjustCredits.mutate({ id: single.userId, credits: 5, note: '  ' })),
    ).toEqual({ status: 400, message: ADMIN_MSG.noteRequired });
  });
});

describe('the first super admin, made by the command', () => {
  it('gives the login the Admin role, rotates its sessions and audits it as the command line', async () => {
    const person = await seedUser(app, 'owner');
    expect(await makeSuperAdmin(db(), person.email.toUpperCase())).toBeNull();
    const [user] = await db().select().from(users).where(eq(users.id, person.userId));
    expect(user!.role).toBe('Admin');
    expect((await restOf(app, person).get('/users/me')).status).toBe(401);
    const [row] = await auditOf(person.loginId);
    expect(row).toMatchObject({
      action: 'admin.login.superAdmin',
      actorUserId: null,
      actorEmail: null,
      ip: COMMAND_LINE.ip,
    });
    expect(await makeSuperAdmin(db(), 'nobody@example.com')).toMatch(/^No login has the email/);
    expect(await makeSuperAdmin(db(), 'not an email')).toMatch(/^Not an email address/);
  });
});

describe('API keys in the audit log', () => {
  it('records making and revoking a key, with its name and prefix but never the key', async () => {
    const me = await seedUser(app, 'individual');
    const made = (await restOf(app, me).post('/apiKeys', { name: 'Nightly' })).body;
    await restOf(app, me).call('DELETE', `/api/base/apiKeys/${made._id}`);
    const rows = await auditOf(made._id);
    expect(rows.map((r) => [r.action, r.actorUserId, r.details.prefix])).toEqual([
      ['apiKey.revoke', me.userId, made.prefix],
      ['apiKey.create', me.userId, made.prefix],
    ]);
    expect(JSON.stringify(rows)).not.toContain(made.key);
  });
});
