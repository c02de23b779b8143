import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, RestClient, startTestApp, type TestApp } from './helpers';

let app: TestApp;
let victim: RestClient;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  victim = new RestClient(app.url);
  expect((await victim.post('/userLogins/signup', newAccount())).status).toBe(200);
});
afterAll(() => app.close());

function formPost(path: string, headers: Record<string, string>) {
  const form = new FormData();
  form.set('0', JSON.stringify({ email: 'x@example.com', message: 'forged' }));
  return fetch(`${app.url}${path}`, { method: 'POST', body: form, headers: { cookie: victim.cookie, ...headers } });
}

describe('cross-site and non-JSON mutations', () => {
  it('refuses a cross-site multipart form post to a tRPC mutation', async () => {
    const res = await formPost('/api/trpc/userLogins.signOut', {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: MSG.crossSite, code: 'FORBIDDEN' });
    expect((await victim.get('/users/me')).status).toBe(200);
  });

  it('refuses a multipart post even without browser headers (not JSON)', async () => {
    const res = await formPost('/api/trpc/userLogins.signOut', {});
    expect(res.status).toBe(415);
    expect((await victim.get('/users/me')).status).toBe(200);
  });

  it('refuses a cross-site JSON post to a REST bridge', async () => {
    const res = await victim.call('POST', '/api/base/userLogins/signout', {}, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await victim.get('/users/me')).status).toBe(200);
  });

  it('accepts a same-origin JSON mutation', async () => {
    const res = await victim.call(
      'POST',
      '/api/base/userLogins/heartbeat',
      {},
      {
        origin: app.url,
        'sec-fetch-site': 'same-origin',
      },
    );
    expect(res.status).toBe(200);
  });
});

describe('request bodies', () => {
  it('answers malformed JSON with 400 on both transports', async () => {
    const rest = await victim.call('POST', '/api/base/userLogins/signin', '{"email":');
    expect(rest).toMatchObject({ status: 400, body: { message: MSG.malformedJson } });
    const trpc = await victim.call('POST', '/api/trpc/userLogins.signIn', '{"email":');
    expect(trpc.status).toBe(400);
  });

  it('answers an oversized body with 413', async () => {
    const big = { email: 'a@example.com', message: 'x'.repeat(200_000) };
    const res = await victim.call('POST', '/api/base/supportRequest', big);
    expect(res).toMatchObject({ status: 413, body: { message: MSG.bodyTooLarge } });
  });

  it('answers wrong types with 400 and the zod message, never a stack', async () => {
    const res = await victim.call('POST', '/api/base/supportRequest', { email: 'a@example.com', message: 12 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.supportMessageRequired);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts/);
  });
});

describe('the rest of /api', () => {
  it('reports health with the database engine', async () => {
    const res = await victim.call('GET', '/api/health');
    // Proves which engine this run really uses: CI runs the suite on both.
    const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
    expect(res).toMatchObject({ status: 200, body: { ok: true, database: engine } });
  });

  it('answers unknown API paths with 404 { message }', async () => {
    expect(await victim.call('GET', '/api/base/nothing-here')).toMatchObject({
      status: 404,
      body: { message: 'Not found' },
    });
    expect((await victim.call('GET', '/api/elsewhere')).status).toBe(404);
  });

  it('serves the OpenAPI document of the REST bridges', async () => {
    const res = await victim.call('GET', '/api/base/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/userLogins/signin', '/users/me', '/getConfig', '/userLogins/verifyEmail/{token}']),
    );
  });

  it('serves public configuration', async () => {
    const res = await new RestClient(app.url, '127.0.0.1').get('/getConfig');
    expect(res.status).toBe(200);
    // Logos are an organization's: an anonymous caller gets none (organization-logos.test.ts).
    expect(res.body.logos).toEqual({});
    expect(res.body.mailbox).toBe(true);
  });

  it('sends security headers', async () => {
    const res = await victim.call('GET', '/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    // Rich text shows images by https address; scripts stay same-origin only.
    expect(res.headers.get('content-security-policy')).toContain("img-src 'self' data: blob: https:");
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('reads the embedded outbox only while no SMTP server is configured, from this machine', async () => {
    const res = await new RestClient(app.url, '127.0.0.1').call('GET', '/api/trpc/outbox.list');
    expect(res.status).toBe(200);
    expect(res.body.result.data[0].subject).toMatch(/Verify your email/);
  });
});

describe('tRPC transport limits', () => {
  it('answers an oversized tRPC body with 413', async () => {
    const big = JSON.stringify({ email: 'a@example.com', message: 'x'.repeat(200_000) });
    const res = await victim.call('POST', '/api/trpc/support.request', big);
    expect(res.status).toBe(413);
  });
});

describe('tRPC batches', () => {
  it('are capped at 10 calls', async () => {
    const input = JSON.stringify(
      Object.fromEntries(Array.from({ length: 11 }, (_, i) => [i, { username: `n${i}abc` }])),
    );
    const paths = Array(11).fill('userLogins.checkUsername').join(',');
    const res = await victim.call('POST', `/api/trpc/${paths}?batch=1`, input);
    expect(res.status).toBe(400);
    const ten = await victim.call(
      'POST',
      `/api/trpc/${Array(10).fill('userLogins.checkUsername').join(',')}?batch=1`,
      input,
    );
    expect(ten.status).toBe(200);
  });
});

describe('429 over tRPC', () => {
  it('carries Retry-After', async () => {
    const c = new RestClient(app.url, '10.251.0.1');
    let last = await c.call('POST', '/api/trpc/support.request', { email: 'a@example.com', message: 'hi' });
    for (let i = 0; i < 10; i++) {
      last = await c.call('POST', '/api/trpc/support.request', { email: 'a@example.com', message: 'hi' });
    }
    expect(last.status).toBe(429);
    expect(last.body.error.message).toBe(MSG.tooManyRequests);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the embedded outbox on a server others can reach', () => {
  it('is not readable, and the apps are told so', async () => {
    const exposed = await startTestApp({ smtp: false, env: { HOST: '0.0.0.0' } });
    try {
      const c = new RestClient(exposed.url);
      expect((await c.get('/getConfig')).body.mailbox).toBe(false);
      expect((await c.call('GET', '/api/trpc/outbox.list')).status).toBe(404);
    } finally {
      await exposed.close();
    }
  });
});

describe('connections', () => {
  /** Sends one request on `socket` and resolves with the response head. */
  function ask(socket: ReturnType<typeof connect>, path: string): Promise<string> {
    return new Promise((resolve, reject) => {
      let head = '';
      const onData = (chunk: Buffer) => {
        head += chunk.toString('latin1');
        if (!head.includes('\r\n\r\n')) return;
        socket.off('data', onData);
        resolve(head.slice(0, head.indexOf('\r\n\r\n')));
      };
      socket.on('data', onData);
      socket.once('error', reject);
      socket.once('close', () => reject(new Error('connection closed')));
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${new URL(app.url).host}\r\nConnection: keep-alive\r\n\r\n`);
    });
  }

  it("keeps an idle connection open past Node's 5 s and says for how long (a reused connection is not reset)", async () => {
    const { hostname, port } = new URL(app.url);
    const socket = connect(Number(port), hostname);
    try {
      await new Promise((resolve) => socket.once('connect', resolve));
      const first = await ask(socket, '/api/base/users/me');
      expect(first).toMatch(/^HTTP\/1\.1 401/);
      expect(first.toLowerCase()).toContain('keep-alive: timeout=65');
      await sleep(6_000);
      expect(socket.destroyed).toBe(false);
      expect(await ask(socket, '/api/base/users/me')).toMatch(/^HTTP\/1\.1 401/);
    } finally {
      socket.destroy();
    }
  });
});
