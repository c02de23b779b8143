import { MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, RestClient, rawRequest, startTestApp, type TestApp } from './helpers';

// The account-takeover paths an outside attacker tried against a running server (issue 5).

describe('a server behind a reverse proxy on the same machine (public PUBLIC_URL, loopback HOST)', () => {
  let app: TestApp;
  const publicHost = 'tieline.example.com';
  beforeAll(async () => {
    app = await startTestApp({
      smtp: false,
      env: { HOST: '127.0.0.1', TRUST_PROXY: 'loopback', PUBLIC_URL: `https://${publicHost}` },
    });
  });
  afterAll(() => app.close());

  /** A visitor from the internet, as the proxy forwards them. */
  const visitor = (path: string, method = 'GET', body?: unknown) =>
    rawRequest(app.url, {
      method,
      path,
      headers: {
        host: publicHost,
        'x-forwarded-for': '203.0.113.7',
        'x-forwarded-proto': 'https',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  it('never lets a visitor read the outbox: no reset link leaks after forgotPassword', async () => {
    const account = newAccount();
    expect((await new RestClient(app.url).post('/userLogins/signup', account)).status).toBe(200);
    expect((await visitor('/api/base/userLogins/forgotPassword', 'POST', { email: account.email })).status).toBe(200);
    await app.flushMail();
    const outbox = await visitor('/api/trpc/outbox.list');
    expect(outbox.status).toBe(404);
    expect(JSON.stringify(outbox.body)).not.toContain('/reset/');
    expect((await visitor('/api/base/getConfig')).body.mailbox).toBe(false);
    // Not even from this machine: the install is not local, so the outbox stays closed.
    const local = await new RestClient(app.url, '127.0.0.1').call('GET', '/api/trpc/outbox.list');
    expect(local.status).toBe(404);
  });

  it('uses the __Host- session cookie over https', async () => {
    const res = await visitor('/api/base/userLogins/signup', 'POST', newAccount());
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-tieline_session=[a-z2-7]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax/);
    const token = cookie.split(';')[0]!;
    const me = await rawRequest(app.url, {
      path: '/api/base/users/me',
      headers: { host: publicHost, cookie: token, 'x-forwarded-for': '203.0.113.7' },
    });
    expect(me.status).toBe(200);
    // The unprefixed name is not read: a cookie planted over http or by a subdomain does nothing.
    const planted = await rawRequest(app.url, {
      path: '/api/base/users/me',
      headers: { host: publicHost, cookie: token.replace('__Host-', ''), 'x-forwarded-for': '203.0.113.7' },
    });
    expect(planted.status).toBe(401);
  });
});

describe('a default local install', () => {
  let app: TestApp;
  let port: string;
  beforeAll(async () => {
    app = await startTestApp({ smtp: false });
    port = new URL(app.url).port;
  });
  afterAll(() => app.close());

  it('opens the outbox to requests from this machine only, not to forwarded visitors', async () => {
    const account = newAccount();
    await new RestClient(app.url).post('/userLogins/forgotPassword', { email: account.email });
    expect((await new RestClient(app.url, '127.0.0.1').call('GET', '/api/trpc/outbox.list')).status).toBe(200);
    expect((await new RestClient(app.url, '198.51.100.4').call('GET', '/api/trpc/outbox.list')).status).toBe(404);
  });

  it('refuses a DNS-rebound page: foreign Host answers 421 to reads and writes', async () => {
    const account = newAccount();
    await new RestClient(app.url).post('/userLogins/signup', account);
    const evil = { host: `evil.example:${port}`, origin: `http://evil.example:${port}` };
    const forgot = await rawRequest(app.url, {
      method: 'POST',
      path: '/api/base/userLogins/forgotPassword',
      headers: { ...evil, 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email }),
    });
    expect(forgot).toMatchObject({ status: 421, body: { message: MSG.unknownHost } });
    const outbox = await rawRequest(app.url, { path: '/api/trpc/outbox.list', headers: evil });
    expect(outbox.status).toBe(421);
    expect((await rawRequest(app.url, { path: '/', headers: evil })).status).toBe(421);
    // The loopback names this install is really reached at still work.
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      expect((await rawRequest(app.url, { path: '/api/health', headers: { host } })).status).toBe(200);
    }
  });

  it("judges Origin against PUBLIC_URL, never against the request's own Host", async () => {
    const victim = new RestClient(app.url);
    await victim.post('/userLogins/signup', newAccount());
    // A page on another loopback port (another local dev server) is another site.
    const other = await victim.call('POST', '/api/base/userLogins/signout', {}, { origin: 'http://localhost:9999' });
    expect(other).toMatchObject({ status: 403, body: { message: MSG.crossSite } });
    expect((await victim.get('/users/me')).status).toBe(200);
    const own = await victim.call('POST', '/api/base/userLogins/heartbeat', {}, { origin: app.url });
    expect(own.status).toBe(200);
  });

  it('refuses a cross-site GET that changes state (verifyEmail) and leaves the token usable', async () => {
    const account = newAccount();
    const client = new RestClient(app.url);
    await client.post('/userLogins/signup', account);
    const real = await outboxLink(app, account.email, '/verifyEmail/');
    const img = await client.call('GET', `/api/base/userLogins/verifyEmail/${real}`, undefined, {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-dest': 'image',
    });
    expect(img).toMatchObject({ status: 403, body: { message: MSG.crossSite } });
    expect((await client.get('/users/me')).body.userLogin.verified).toBe(false);
    const own = await client.call('GET', `/api/base/userLogins/verifyEmail/${real}`, undefined, {
      'sec-fetch-site': 'same-origin',
    });
    expect(own.status).toBe(200);
  });

  it('keeps token buckets per purpose: spent verify attempts do not lock password reset', async () => {
    const account = newAccount();
    const client = new RestClient(app.url);
    await client.post('/userLogins/signup', account);
    await client.post('/userLogins/forgotPassword', { email: account.email });
    const resetToken = (await outboxLink(app, account.email, '/reset/'))!;
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await client.get(`/userLogins/verifyEmail/${'q'.repeat(16)}${BASE32[i]}`)).status;
    }
    expect(last).toBe(429);
    const reset = await client.post(`/userLogins/resetPassword/${resetToken}`, { password: 'a brand new secret' });
    expect(reset.status).toBe(200);
  });
});

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** The newest token in outbox mail to `to` (servers without SMTP keep mail in the outbox table). */
async function outboxLink(app: TestApp, to: string, prefix: string) {
  await app.flushMail();
  const rows = await app.server.deps.db.query.outboxMessages.findMany();
  const pattern = new RegExp(`${prefix}([a-z2-7]+)`);
  return rows
    .filter((r) => r.to === to)
    .map((r) => r.text.match(pattern)?.[1])
    .filter(Boolean)
    .at(-1);
}
