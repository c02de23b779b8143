import { randomUUID } from 'node:crypto';
import { apiKeys, eq } from '@tieline/db';
import { API_KEY_LIMITS, API_KEY_MSG, MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RestClient, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

/** A REST client signed in as `user` by its session cookie. */
function asUser(user: SeededUser) {
  const client = new RestClient(app.url);
  client.cookie = user.cookie;
  return client;
}

async function newKey(user: SeededUser, body: Record<string, unknown> = {}) {
  const res = await asUser(user).post('/apiKeys', { name: 'Nightly export', ...body });
  expect(res.status).toBe(200);
  return res.body as { _id: string; key: string; prefix: string };
}

/** A call with `Authorization: Bearer <key>` and no cookie unless given. */
function bearer(key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return new RestClient(app.url).call(method, path, body, { authorization: `Bearer ${key}`, ...headers });
}

const notSignedIn = { message: MSG.notSignedIn };

describe('making, listing and revoking keys', () => {
  it('shows the key once, keeps only its hash, and lists name, prefix and times', async () => {
    const me = await seedUser(app);
    const made = await newKey(me);
    expect(made.key).toMatch(/^tl_[a-z2-7]{32}$/);
    expect(made.prefix).toBe(made.key.slice(0, 11));

    const [row] = await app.server.deps.db.select().from(apiKeys).where(eq(apiKeys.id, made._id));
    expect(Object.values(row!).map(String)).not.toContain(made.key);
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);

    const list = await asUser(me).get('/apiKeys');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        _id: made._id,
        name: 'Nightly export',
        prefix: made.prefix,
        createdAt: expect.any(String),
        lastUsedAt: null,
        expiresAt: null,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(made.key);

    expect((await asUser(me).call('DELETE', `/api/base/apiKeys/${made._id}`)).body).toEqual({ ok: true });
    expect((await asUser(me).get('/apiKeys')).body).toEqual([]);
  });

  it("answers 404 for another user's key, as for an unknown one, and leaves it working", async () => {
    const [me, other] = await Promise.all([seedUser(app), seedUser(app, 'owner')]);
    const theirs = await newKey(other);
    for (const id of [theirs._id, randomUUID()]) {
      const res = await asUser(me).call('DELETE', `/api/base/apiKeys/${id}`);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 404, message: API_KEY_MSG.notFound });
    }
    expect((await bearer(theirs.key, 'GET', '/api/base/users/me')).status).toBe(200);
    expect((await asUser(me).get('/apiKeys')).body).toEqual([]);
  });

  it('takes an expiry in the future only, and a name', async () => {
    const me = await seedUser(app);
    const past = await asUser(me).post('/apiKeys', {
      name: 'Old',
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect({ status: past.status, message: past.body.message }).toEqual({
      status: 400,
      message: API_KEY_MSG.expiryPast,
    });
    const blank = await asUser(me).post('/apiKeys', { name: '  ' });
    expect({ status: blank.status, message: blank.body.message }).toEqual({
      status: 400,
      message: API_KEY_MSG.nameRequired,
    });
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    await newKey(me, { expiresAt });
    expect((await asUser(me).get('/apiKeys')).body[0].expiresAt).toBe(expiresAt);
  });

  it(`allows ${API_KEY_LIMITS.keysPerUser} keys per user`, async () => {
    const me = await seedUser(app);
    await Promise.all(Array.from({ length: API_KEY_LIMITS.keysPerUser }, () => newKey(me)));
    const res = await asUser(me).post('/apiKeys', { name: 'One too many' });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: API_KEY_MSG.tooMany });
  });
});

describe('calls authenticated by a key', () => {
  it('act as the key’s user over REST and tRPC', async () => {
    const me = await seedUser(app, 'owner');
    const { key } = await newKey(me);
    const rest = await bearer(key, 'GET', '/api/base/users/me');
    expect(rest.status).toBe(200);
    expect(rest.body._id).toBe(me.userId);
    const trpc = await bearer(key, 'GET', '/api/trpc/users.me');
    expect(trpc.body.result.data._id).toBe(me.userId);
    const made = await bearer(key, 'POST', '/api/base/surveys', { name: 'By script' });
    expect(made.status).toBe(200);
    expect((await bearer(key, 'GET', '/api/base/surveys')).body.map((s: { name: string }) => s.name)).toEqual([
      'By script',
    ]);
  });

  it('are refused like anonymous calls once the key is revoked, expired or malformed', async () => {
    const me = await seedUser(app);
    const revoked = await newKey(me);
    await asUser(me).call('DELETE', `/api/base/apiKeys/${revoked._id}`);
    const expired = await newKey(me, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await app.server.deps.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expired._id));
    const live = await newKey(me);
    const malformed = [`${live.key}x`, live.key.toUpperCase(), 'tl_', '', 'not a key', live.prefix];
    for (const key of [revoked.key, expired.key, ...malformed]) {
      for (const path of ['/api/base/users/me', '/api/base/apiKeys']) {
        const res = await bearer(key, 'GET', path);
        expect({ status: res.status, message: res.body.message }, `${key} ${path}`).toEqual({
          status: 401,
          ...notSignedIn,
        });
      }
      const trpc = await bearer(key, 'POST', '/api/trpc/surveys.create', { name: 'No' });
      expect({ status: trpc.status, message: trpc.body.error.message }).toEqual({ status: 401, ...notSignedIn });
    }
  });

  it('are authenticated by the key alone: a session cookie sent along is never read', async () => {
    const [keyUser, cookieUser] = await Promise.all([seedUser(app), seedUser(app, 'owner')]);
    const { key } = await newKey(keyUser);
    const both = await bearer(key, 'GET', '/api/base/users/me', undefined, { cookie: cookieUser.cookie });
    expect(both.body._id).toBe(keyUser.userId);
    for (const junk of ['tl_notakey', `${key} ${key}`, '']) {
      const badKey = await bearer(junk, 'GET', '/api/base/users/me', undefined, { cookie: cookieUser.cookie });
      expect({ status: badKey.status, message: badKey.body.message }, junk).toEqual({ status: 401, ...notSignedIn });
    }
    // Other schemes (a proxy's Basic auth) leave the cookie path alone.
    const basic = await new RestClient(app.url).call('GET', '/api/base/users/me', undefined, {
      authorization: 'Basic dXNlcjpwYXNz',
      cookie: cookieUser.cookie,
    });
    expect(basic.body._id).toBe(cookieUser.userId);
  });

  it('are not subject to the same-origin and JSON guard that cookie calls are', async () => {
    const me = await seedUser(app);
    const { key } = await newKey(me);
    const crossSite = { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' };
    const viaKey = await bearer(key, 'POST', '/api/base/surveys', { name: 'Cross' }, crossSite);
    expect(viaKey.status).toBe(200);
    const trpc = await bearer(key, 'POST', '/api/trpc/surveys.create', { name: 'Cross' }, crossSite);
    expect(trpc.status).toBe(200);
    const viaCookie = await asUser(me).call('POST', '/api/base/surveys', { name: 'Cross' }, crossSite);
    expect({ status: viaCookie.status, message: viaCookie.body.message }).toEqual({
      status: 403,
      message: MSG.crossSite,
    });
    // A cross-site call naming a bad key gets nothing from the victim's cookie.
    const forged = await bearer(
      '',
      'POST',
      '/api/base/surveys',
      { name: 'Forged' },
      { ...crossSite, cookie: me.cookie },
    );
    expect({ status: forged.status, message: forged.body.message }).toEqual({ status: 401, ...notSignedIn });
  });

  it('cannot make keys or switch to the login’s other users', async () => {
    const me = await seedUser(app);
    const { key } = await newKey(me);
    const made = await bearer(key, 'POST', '/api/base/apiKeys', { name: 'Offspring' });
    expect({ status: made.status, message: made.body.message }).toEqual({
      status: 403,
      message: API_KEY_MSG.notWithKey,
    });
    const switched = await bearer(key, 'POST', '/api/base/userLogins/switchUser', { userId: me.userId });
    expect({ status: switched.status, message: switched.body.message }).toEqual({
      status: 403,
      message: API_KEY_MSG.notWithKey,
    });
  });

  it('write the last-used time at most once a minute', async () => {
    const me = await seedUser(app);
    const { _id, key } = await newKey(me);
    const lastUsed = async () =>
      (await app.server.deps.db.select().from(apiKeys).where(eq(apiKeys.id, _id)))[0]!.lastUsedAt;
    await bearer(key, 'GET', '/api/base/users/me');
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await bearer(key, 'GET', '/api/base/users/me');
    expect(await lastUsed()).toEqual(first);
    const earlier = new Date(Date.now() - API_KEY_LIMITS.lastUsedEveryMs - 1000);
    await app.server.deps.db.update(apiKeys).set({ lastUsedAt: earlier }).where(eq(apiKeys.id, _id));
    await bearer(key, 'GET', '/api/base/users/me');
    expect((await lastUsed())!.getTime()).toBeGreaterThan(earlier.getTime() + 1000);
    expect((await asUser(me).get('/apiKeys')).body[0].lastUsedAt).toBe((await lastUsed())!.toISOString());
  });
});

describe('logs', () => {
  it('never hold a key, even from a server that logs', async () => {
    const printed: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        printed.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(' '));
      }),
    );
    const loud = await startTestApp({ smtp: false, env: { LOG_LEVEL: 'info' } });
    try {
      const me = await seedUser(loud);
      const client = new RestClient(loud.url);
      client.cookie = me.cookie;
      const { _id, key } = (await client.post('/apiKeys', { name: 'Logged?' })).body;
      const call = (k: string, path: string, body?: unknown) =>
        new RestClient(loud.url).call(body ? 'POST' : 'GET', path, body, { authorization: `Bearer ${k}` });
      await call(key, '/api/base/users/me');
      await call(key, '/api/trpc/surveys.create', '{"name":');
      await call(key, '/api/base/surveys', '{"name":');
      await call(key, '/api/base/nowhere');
      await client.call('DELETE', `/api/base/apiKeys/${_id}`);
      await call(key, '/api/base/users/me');
      await call(`${key}!`, '/api/trpc/users.me');
      const secret = key.slice(11);
      expect(printed.filter((line) => line.includes(secret))).toEqual([]);
    } finally {
      await loud.close();
      for (const spy of spies) spy.mockRestore();
    }
  });
});
