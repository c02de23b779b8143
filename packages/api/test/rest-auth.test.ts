import { emailTokens, eq, userLogins } from '@tieline/db';
import { MSG } from '@tieline/validation';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, RestClient, startTestApp, type TestApp, turnOnTwoFactor } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function signedUp() {
  const account = newAccount();
  const client = new RestClient(app.url);
  const res = await client.post('/userLogins/signup', account);
  expect(res.status).toBe(200);
  return { account, client, user: res.body.user };
}

describe('sign-up over REST', () => {
  it('creates an unverified free user, signs in and mails a verification link', async () => {
    const { account, client, user } = await signedUp();
    expect(user.userLogin).toMatchObject({ email: account.email, username: account.username, verified: false });
    expect(user.billing.networksSubscriptionType).toBe('free');
    expect(user.billing.modules.networks.enabled).toBe(true);
    expect(user.billing.modules.passiveData.enabled).toBe(false);
    expect(user.organizations).toEqual([]);
    const me = await client.get('/users/me');
    expect(me.status).toBe(200);
    expect(me.body._id).toBe(user._id);
    expect(await app.linkFor(account.email, '/verifyEmail/')).toMatch(/^\/verifyEmail\/[a-z2-7]+$/);
  });

  it('sets the plan from the sign-up route', async () => {
    const res = await new RestClient(app.url).post('/userLogins/signup', { ...newAccount(), plan: 'basic' });
    expect(res.body.user.billing.networksSubscriptionType).toBe('basic_50_public_networks');
  });

  it('refuses a taken email or username with 409 and changes nothing', async () => {
    const { account } = await signedUp();
    const again = await new RestClient(app.url).post('/userLogins/signup', { ...newAccount(), email: account.email });
    expect(again).toMatchObject({ status: 409, body: { message: MSG.emailTaken } });
    const sameName = await new RestClient(app.url).post('/userLogins/signup', {
      ...newAccount(),
      username: account.username.toUpperCase(),
    });
    expect(sameName).toMatchObject({ status: 409, body: { message: MSG.usernameTaken } });
    const rows = await app.server.deps.db.select().from(userLogins).where(eq(userLogins.email, account.email));
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ password: 'short' }, MSG.passwordTooShort],
    [{ email: 'not-an-email' }, MSG.emailInvalid],
    [{ email: 42 }, MSG.emailRequired],
    [{ name: '   ' }, MSG.nameRequired],
    [{ username: 'a b' }, MSG.usernameInvalid],
    [{ plan: 'enterprise' }, undefined],
  ])('refuses bad input %j with 400', async (patch, message) => {
    const res = await new RestClient(app.url).post('/userLogins/signup', { ...newAccount(), ...patch });
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toBe(message);
    expect(typeof res.body.message).toBe('string');
  });

  it('answers availability checks', async () => {
    const { account } = await signedUp();
    const c = new RestClient(app.url);
    expect((await c.post('/userLogins/check/username', { username: account.username })).body).toEqual({
      available: false,
    });
    expect((await c.post('/userLogins/check/username', { username: 'free-name-xyz' })).body).toEqual({
      available: true,
    });
    expect((await c.post('/userLogins/check/email', { email: account.email.toUpperCase() })).body).toEqual({
      available: false,
    });
    expect((await c.post('/userLogins/check/email', { email: 'nobody@example.com' })).body).toEqual({
      available: true,
    });
    expect((await c.post('/userLogins/check/email', { email: 'x' })).status).toBe(400);
  });
});

describe('email verification', () => {
  it('verifies once; a reused or unknown token is refused', async () => {
    const { account, client } = await signedUp();
    const path = await app.linkFor(account.email, '/verifyEmail/');
    const token = path.split('/').pop();
    const res = await client.get(`/userLogins/verifyEmail/${token}`);
    expect(res).toMatchObject({ status: 200, body: { verified: true } });
    expect((await client.get('/users/me')).body.userLogin.verified).toBe(true);
    const again = await client.get(`/userLogins/verifyEmail/${token}`);
    expect(again).toMatchObject({ status: 400, body: { message: MSG.verifyTokenInvalid } });
    expect((await client.get('/userLogins/verifyEmail/not-a-token!')).status).toBe(400);
  });

  it('refuses an expired token', async () => {
    const { account, client } = await signedUp();
    const token = (await app.linkFor(account.email, '/verifyEmail/')).split('/').pop();
    await app.server.deps.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await client.get(`/userLogins/verifyEmail/${token}`)).status).toBe(400);
  });

  it('resends a verification mail to the signed-in, unverified user only', async () => {
    const { account, client } = await signedUp();
    await app.flushMail();
    const before = app.inbox.filter((m) => m.to.includes(account.email)).length;
    expect((await client.post('/userLogins/resendVerificationEmail')).status).toBe(200);
    await app.flushMail();
    expect(app.inbox.filter((m) => m.to.includes(account.email)).length).toBe(before + 1);
    expect((await new RestClient(app.url).post('/userLogins/resendVerificationEmail')).status).toBe(401);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in an unverified user, who stays unverified', async () => {
    const { account } = await signedUp();
    const c = new RestClient(app.url);
    const res = await c.post('/userLogins/signin', { email: account.email, password: account.password });
    expect(res.status).toBe(200);
    expect(res.body.user.userLogin.verified).toBe(false);
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(res.headers.get('set-cookie')).toMatch(/SameSite=Lax/i);
  });

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const { account } = await signedUp();
    const c = new RestClient(app.url);
    const wrong = await c.post('/userLogins/signin', { email: account.email, password: 'wrong password' });
    const unknown = await c.post('/userLogins/signin', { email: 'ghost@example.com', password: 'whatever' });
    expect(wrong).toMatchObject({ status: 401, body: { message: MSG.invalidCredentials } });
    expect(unknown).toMatchObject({ status: 401, body: { message: MSG.invalidCredentials } });
    expect(c.cookie).toBe('');
  });

  it('a new sign-in ends the session the browser had', async () => {
    const { account, client } = await signedUp();
    const before = client.cookie;
    expect((await client.post('/userLogins/signin', account)).status).toBe(200);
    expect(client.cookie).not.toBe(before);
    const old = new RestClient(app.url);
    old.cookie = before;
    expect((await old.get('/users/me')).status).toBe(401);
    expect((await client.get('/users/me')).status).toBe(200);
  });

  it('signs out: the session no longer works', async () => {
    const { client } = await signedUp();
    const stolen = client.cookie;
    expect((await client.post('/userLogins/signout')).status).toBe(200);
    expect(client.cookie).toBe('');
    const replay = new RestClient(app.url);
    replay.cookie = stolen;
    expect(await replay.get('/users/me')).toMatchObject({ status: 401, body: { message: MSG.notSignedIn } });
  });

  it('keeps the session alive with heartbeat, only when signed in', async () => {
    const { client } = await signedUp();
    expect((await client.post('/userLogins/heartbeat')).body).toEqual({ ok: true });
    expect((await new RestClient(app.url).post('/userLogins/heartbeat')).status).toBe(401);
  });

  it('rate-limits failed attempts per account with 429', async () => {
    const { account } = await signedUp();
    const c = new RestClient(app.url);
    for (let i = 0; i < 10; i++) {
      expect((await c.post('/userLogins/signin', { email: account.email, password: `bad${i}` })).status).toBe(401);
    }
    const locked = await c.post('/userLogins/signin', { email: account.email, password: account.password });
    expect(locked).toMatchObject({ status: 429, body: { message: MSG.tooManyAttempts } });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // From another address too: the limit protects the account, not one client.
    const elsewhere = await new RestClient(app.url).post('/userLogins/signin', account);
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.headers.get('set-cookie')).toBeNull();
  });

  it('holds the per-account limit against concurrent guesses', async () => {
    const { account } = await signedUp();
    const guesses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        new RestClient(app.url).post('/userLogins/signin', { email: account.email, password: `guess ${i}` }),
      ),
    );
    const statuses = guesses.map((g) => g.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it('rate-limits sign-in attempts per address, across accounts', async () => {
    const c = new RestClient(app.url, '10.250.0.1');
    for (let i = 0; i < 30; i++) {
      const res = await c.post('/userLogins/signin', { email: `nobody${i}@example.com`, password: 'guess' });
      expect(res.status).toBe(401);
    }
    const { account } = await signedUp();
    const blocked = await c.post('/userLogins/signin', { email: account.email, password: account.password });
    expect(blocked).toMatchObject({ status: 429, body: { message: MSG.tooManyAttempts } });
    expect((await new RestClient(app.url).post('/userLogins/signin', account)).status).toBe(200);
  });

  it('counts only wrong passwords against an address: an office signing in all day is never locked out', async () => {
    const c = new RestClient(app.url, '10.250.0.3');
    const { account } = await signedUp();
    for (let i = 0; i < 40; i++) expect((await c.post('/userLogins/signin', account)).status).toBe(200);
    for (let i = 0; i < 30; i++) {
      expect((await c.post('/userLogins/signin', { email: `nobody${i}@example.com`, password: 'guess' })).status).toBe(
        401,
      );
    }
    expect((await c.post('/userLogins/signin', account)).status).toBe(429);
  });

  it('rate-limits sign-ups per address', async () => {
    const c = new RestClient(app.url, '10.250.0.2');
    for (let i = 0; i < 20; i++) expect((await c.post('/userLogins/signup', newAccount())).status).toBe(200);
    expect(await c.post('/userLogins/signup', newAccount())).toMatchObject({
      status: 429,
      body: { message: MSG.tooManyRequests },
    });
  });
});

describe('forgot and reset password', () => {
  it('resets once, signs out other sessions, and refuses reuse', async () => {
    const { account, client } = await signedUp();
    const anon = new RestClient(app.url);
    expect((await anon.post('/userLogins/forgotPassword', { email: account.email })).body).toEqual({ ok: true });
    const token = (await app.linkFor(account.email, '/reset/')).split('/').pop();
    const res = await anon.post(`/userLogins/resetPassword/${token}`, { password: 'a brand new secret' });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect((await client.get('/users/me')).status).toBe(401);
    const old = await anon.post('/userLogins/signin', { email: account.email, password: account.password });
    expect(old.status).toBe(401);
    const fresh = await anon.post('/userLogins/signin', { email: account.email, password: 'a brand new secret' });
    expect(fresh.status).toBe(200);
    const reuse = await anon.post(`/userLogins/resetPassword/${token}`, { password: 'yet another secret' });
    expect(reuse).toMatchObject({ status: 400, body: { message: MSG.resetTokenInvalid } });
  });

  it('refuses an expired reset token and a too-short password', async () => {
    const { account } = await signedUp();
    const anon = new RestClient(app.url);
    await anon.post('/userLogins/forgotPassword', { email: account.email });
    const token = (await app.linkFor(account.email, '/reset/')).split('/').pop();
    const short = await anon.post(`/userLogins/resetPassword/${token}`, { password: 'short' });
    expect(short).toMatchObject({ status: 400, body: { message: MSG.passwordTooShort } });
    await app.server.deps.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await anon.post(`/userLogins/resetPassword/${token}`, { password: 'long enough now' });
    expect(expired).toMatchObject({ status: 400, body: { message: MSG.resetTokenInvalid } });
  });

  it('past the per-account mail limit, answers as for an unknown address', async () => {
    const { account } = await signedUp();
    const anon = new RestClient(app.url);
    for (let i = 0; i < 7; i++) {
      expect(await anon.post('/userLogins/forgotPassword', { email: account.email })).toMatchObject({
        status: 200,
        body: { ok: true },
      });
    }
    await app.flushMail();
    const resets = app.inbox.filter((m) => m.to.includes(account.email) && m.body.includes('/reset/'));
    expect(resets).toHaveLength(5);
  });

  it('a login with two-factor sign-in needs a current code to reset its password', async () => {
    const { account } = await signedUp();
    const secret = await turnOnTwoFactor(app, account.email);
    const anon = new RestClient(app.url);
    await anon.post('/userLogins/forgotPassword', { email: account.email });
    const token = (await app.linkFor(account.email, '/reset/')).split('/').pop();
    const plain = await anon.post(`/userLogins/resetPassword/${token}`, { password: 'taken over now' });
    expect(plain).toMatchObject({ status: 403, body: { message: MSG.resetNeedsTwoFactor } });
    const path = `/userLogins/resetPasswordWithTwoFactorAuth/${token}`;
    const wrong = await anon.post(path, { password: 'taken over now', token: '000000' });
    expect(wrong).toMatchObject({ status: 401, body: { message: MSG.invalidTwoFactorCode } });
    const code = await generate({ secret });
    expect(await anon.post(path, { password: 'my own new secret', token: code })).toMatchObject({ status: 200 });
    expect((await anon.post(path, { password: 'again and again', token: code })).status).toBe(400);
    const signIn = await anon.post('/userLogins/signin', { email: account.email, password: 'my own new secret' });
    expect(signIn.body).toEqual({ twoFactorAuthEnabled: true });
  });

  it('answers ok for an unknown email and sends nothing', async () => {
    await app.flushMail();
    const count = app.inbox.length;
    const res = await new RestClient(app.url).post('/userLogins/forgotPassword', { email: 'nobody@example.com' });
    expect(res.body).toEqual({ ok: true });
    await app.flushMail();
    expect(app.inbox.length).toBe(count);
  });
});
