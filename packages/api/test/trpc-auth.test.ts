import { eq, organizations, responses, surveys, tempUsers } from '@tieline/db';
import { MSG } from '@tieline/validation';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/auth/tokens';
import { defaultModules } from '../src/services/users/user-wire';
import {
  newAccount,
  rejection,
  signedUpWithTwoUsers,
  startTestApp,
  type TestApp,
  trpcClient,
  turnOnTwoFactor,
} from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const client = () => trpcClient(app);
const enableTwoFactor = (email: string) => turnOnTwoFactor(app, email);

describe('auth procedures over tRPC', () => {
  it('signs up, reads me, verifies, signs out', async () => {
    const trpc = client();
    const account = newAccount();
    const { user } = await trpc.userLogins.signUp.mutate(account);
    expect(user.userLogin.verified).toBe(false);
    expect((await trpc.users.me.query())._id).toBe(user._id);
    const token = (await app.linkFor(account.email, '/verifyEmail/')).split('/').pop()!;
    expect(await trpc.userLogins.verifyEmail.mutate({ token })).toEqual({ verified: true });
    expect((await trpc.users.me.query()).userLogin.verified).toBe(true);
    expect(await trpc.userLogins.heartbeat.mutate()).toEqual({ ok: true });
    await trpc.userLogins.signOut.mutate();
    expect(await rejection(trpc.users.me.query())).toEqual({ message: MSG.notSignedIn, status: 401 });
  });

  it('maps service and validation errors to status + message', async () => {
    const trpc = client();
    expect(await rejection(trpc.userLogins.signIn.mutate({ email: 'nobody@example.com', password: 'x' }))).toEqual({
      message: MSG.invalidCredentials,
      status: 401,
    });
    expect(await rejection(trpc.userLogins.signIn.mutate({ email: 'bad', password: 'x' }))).toEqual({
      message: MSG.emailInvalid,
      status: 400,
    });
    expect(await rejection(trpc.userLogins.verifyEmail.mutate({ token: 'aaaaaaaaaaaaaaaaaaaa' }))).toEqual({
      message: MSG.verifyTokenInvalid,
      status: 400,
    });
  });

  it('resets a password through tRPC', async () => {
    const trpc = client();
    const account = newAccount();
    await trpc.userLogins.signUp.mutate(account);
    await trpc.userLogins.forgotPassword.mutate({ email: account.email });
    const token = (await app.linkFor(account.email, '/reset/')).split('/').pop()!;
    await trpc.userLogins.resetPassword.mutate({ token, password: 'another long secret' });
    expect(await rejection(trpc.userLogins.resetPassword.mutate({ token, password: 'another long secret' }))).toEqual({
      message: MSG.resetTokenInvalid,
      status: 400,
    });
    const result = await client().userLogins.signIn.mutate({ email: account.email, password: 'another long secret' });
    expect(result.user?.userLogin.email).toBe(account.email);
  });

  it('checks availability and sends support requests', async () => {
    const trpc = client();
    expect(await trpc.userLogins.checkUsername.mutate({ username: 'unused-name' })).toEqual({ available: true });
    expect(await trpc.support.request.mutate({ email: 'me@example.com', message: 'Help please' })).toEqual({
      ok: true,
    });
    await app.flushMail();
    expect(app.inbox.at(-1)?.to).toEqual([app.server.deps.env.SUPPORT_EMAIL]);
    expect(await rejection(trpc.support.request.mutate({ email: 'me@example.com', message: ' ' }))).toEqual({
      message: MSG.supportMessageRequired,
      status: 400,
    });
  });
});

describe('choose-organization step', () => {
  const loginWithTwoUsers = () => signedUpWithTwoUsers(app);

  it('lists the users, then signs in as the chosen one', async () => {
    const { account, individualId, memberId, org } = await loginWithTwoUsers();
    const trpc = client();
    const step = await trpc.userLogins.signIn.mutate({ email: account.email, password: account.password });
    expect(step.user).toBeUndefined();
    expect(step.users).toEqual([
      { _id: individualId, organization: null, label: 'Individual Account' },
      { _id: memberId, organization: { _id: org.id, name: 'Globex', type: 'organization' }, label: 'Globex' },
    ]);
    const done = await trpc.userLogins.signIn.mutate({ ...account, userId: memberId });
    expect(done.user?.organizations[0]).toMatchObject({ organization: { name: 'Globex' }, permission: 'Owner' });
    expect((await trpc.users.me.query())._id).toBe(memberId);
  });

  it("refuses another login's user id", async () => {
    const { account } = await loginWithTwoUsers();
    const other = await loginWithTwoUsers();
    const attempt = client().userLogins.signIn.mutate({ ...account, userId: other.memberId });
    expect(await rejection(attempt)).toEqual({ message: MSG.userNotFound, status: 400 });
  });

  it('branches to single sign-on without creating a session', async () => {
    const { account, memberId, org } = await loginWithTwoUsers();
    const { db } = app.server.deps;
    await db.update(organizations).set({ samlEnabled: true }).where(eq(organizations.id, org.id));
    const trpc = client();
    const sso = await trpc.userLogins.signIn.mutate({ ...account, userId: memberId });
    expect(sso).toEqual({ samlRedirect: `/api/base/saml/login/${org.id}` });
    expect(await rejection(trpc.users.me.query())).toMatchObject({ status: 401 });
  });

  it('asks for the two-factor code before telling which organizations a login belongs to', async () => {
    const { account, memberId, org } = await loginWithTwoUsers();
    const secret = await enableTwoFactor(account.email);
    const trpc = client();
    expect(await trpc.userLogins.signIn.mutate(account)).toEqual({ twoFactorAuthEnabled: true });
    expect(await trpc.userLogins.signIn.mutate({ ...account, userId: memberId })).toEqual({
      twoFactorAuthEnabled: true,
    });
    const token = await generate({ secret });
    // The code unlocks the choose-organization step, and the same code then opens the chosen session.
    const step = await trpc.userLogins.twoFactorSignIn.mutate({ ...account, token });
    expect(step.users?.map((u) => u.label)).toEqual(['Individual Account', org.name]);
    const done = await trpc.userLogins.twoFactorSignIn.mutate({ ...account, token, userId: memberId });
    expect(done.user?._id).toBe(memberId);
    // Spent: a code that opened a session cannot open another (replay).
    const replay = client().userLogins.twoFactorSignIn.mutate({ ...account, token, userId: memberId });
    expect(await rejection(replay)).toEqual({ message: MSG.invalidTwoFactorCode, status: 401 });
  });

  it('limits two-factor guesses per account even with the right password', async () => {
    const { account } = await loginWithTwoUsers();
    await enableTwoFactor(account.email);
    const statuses: (number | undefined)[] = [];
    for (let i = 0; i < 11; i++) {
      const guess = client().userLogins.twoFactorSignIn.mutate({ ...account, token: String(100000 + i) });
      statuses.push((await rejection(guess)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('completes two-factor sign-in with a valid TOTP code only', async () => {
    const account = newAccount();
    const trpc = client();
    await trpc.userLogins.signUp.mutate(account);
    await trpc.userLogins.signOut.mutate();
    const secret = await enableTwoFactor(account.email);
    expect(await trpc.userLogins.signIn.mutate(account)).toEqual({ twoFactorAuthEnabled: true });
    const wrong = trpc.userLogins.twoFactorSignIn.mutate({ ...account, token: '000000' });
    expect(await rejection(wrong)).toEqual({ message: MSG.invalidTwoFactorCode, status: 401 });
    expect(await rejection(trpc.users.me.query())).toMatchObject({ status: 401 });
    const token = await generate({ secret });
    const done = await trpc.userLogins.twoFactorSignIn.mutate({ ...account, token });
    expect(done.user?.userLogin.twoFactorAuthEnabled).toBe(true);
    expect((await trpc.users.me.query()).userLogin.email).toBe(account.email);
    const bad = trpc.userLogins.twoFactorSignIn.mutate({ ...account, token: 'abc' });
    expect(await rejection(bad)).toEqual({ message: MSG.twoFactorTokenInvalid, status: 400 });
  });
});

describe('invitations and personal links', () => {
  it('shows an invitation and signs the invitee up into the organization, verified', async () => {
    const { db } = app.server.deps;
    const [org] = await db.insert(organizations).values({ name: 'Initech', modules: defaultModules() }).returning();
    const token = 'invitetokenaaaaaaaaaaaaaaaa';
    const account = newAccount('invitee');
    await db.insert(tempUsers).values({
      id: hashToken(token),
      email: account.email,
      name: account.name,
      organizationId: org!.id,
      permission: 'Admin',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const trpc = client();
    expect(await trpc.tempUsers.get.query({ id: token })).toMatchObject({
      email: account.email,
      organization: { name: 'Initech' },
    });
    const wrongEmail = trpc.userLogins.signUp.mutate({ ...newAccount(), inviteToken: token });
    expect(await rejection(wrongEmail)).toEqual({ message: MSG.inviteInvalid, status: 400 });
    const { user } = await trpc.userLogins.signUp.mutate({ ...account, inviteToken: token });
    expect(user.userLogin.verified).toBe(true);
    expect(user.organizations[0]).toMatchObject({ organization: { name: 'Initech' }, permission: 'Admin' });
    expect(await trpc.tempUsers.get.query({ id: token })).toBeNull();
  });

  it('opens a survey by personal link and 404s an unknown one', async () => {
    const { db } = app.server.deps;
    const trpc = client();
    const { user } = await trpc.userLogins.signUp.mutate(newAccount());
    const [survey] = await db
      .insert(surveys)
      .values({ ownerId: user._id, name: 'Pulse', status: 'Collecting', welcomeMessage: '<p>Hi {firstName}</p>' })
      .returning();
    const [response] = await db
      .insert(responses)
      .values({ surveyId: survey!.id, nodeName: 'Ada Lovelace' })
      .returning();
    const res = await fetch(`${app.url}/api/base/surveys/byRandomUUID/${response!.randomUuid}`);
    expect(await res.json()).toMatchObject({ name: 'Pulse', respondent: { firstName: 'Ada' }, status: 'Collecting' });
    const missing = await fetch(`${app.url}/api/base/surveys/byRandomUUID/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    expect((await fetch(`${app.url}/api/base/surveys/byRandomUUID/nope`)).status).toBe(400);
  });
});
