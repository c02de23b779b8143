import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jobs } from '@tieline/db';
import { MSG } from '@tieline/validation';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toTRPCError } from '../src/errors';
import { newAccount, RestClient, rawRequest, startTestApp, type TestApp } from './helpers';

// Client faults answer 4xx with { message } and stay out of the log; races name what collided (issue 5).

let app: TestApp;
let root: string;
const logged: unknown[][] = [];
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'tieline-input-'));
  for (const name of ['admin', 'respondent']) {
    mkdirSync(join(root, name, 'assets'), { recursive: true });
    writeFileSync(join(root, name, 'index.html'), `<!doctype html><title>${name}</title>`);
  }
  // The server logs unexpected failures with console.error; watch what reaches the log.
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
  app = await startTestApp({
    env: { LOG_LEVEL: 'error' },
    staticDirs: { admin: join(root, 'admin'), respondent: join(root, 'respondent') },
  });
});
afterAll(async () => {
  await app.close();
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('client faults are 4xx with a message, never a logged 500', () => {
  it('refuses a NUL byte in a sign-up name on both transports', async () => {
    const c = new RestClient(app.url);
    const rest = await c.post('/userLogins/signup', { ...newAccount(), name: 'Ada\u0000Lovelace' });
    expect(rest).toMatchObject({ status: 400, body: { message: MSG.badCharacters } });
    const trpc = await c.call('POST', '/api/trpc/userLogins.signUp', { ...newAccount(), name: 'x\u0000' });
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.message).toBe(MSG.badCharacters);
  });

  it('refuses NUL and lone surrogates in a support message, even inside JSON escapes', async () => {
    const c = new RestClient(app.url);
    for (const message of ['help\u0000', 'help \uD83D', 'help \uDE00 me']) {
      const res = await c.post('/supportRequest', { email: 'a@example.com', message });
      expect(res).toMatchObject({ status: 400, body: { message: MSG.badCharacters } });
    }
    const raw = await c.call('POST', '/api/base/supportRequest', '{"email":"a@example.com","message":"\\ud800"}');
    expect(raw).toMatchObject({ status: 400, body: { message: MSG.badCharacters } });
    expect(await app.server.deps.db.select().from(jobs)).toEqual([]);
  });

  it('refuses a body nested 45,000 deep on both transports', async () => {
    const c = new RestClient(app.url);
    const rest = await c.call(
      'POST',
      '/api/base/supportRequest',
      `{"email":"a@example.com","message":${nested(45_000)}}`,
    );
    expect(rest).toMatchObject({ status: 400, body: { message: MSG.tooDeep } });
    const trpc = await c.call('POST', '/api/trpc/support.request', nested(45_000));
    expect(trpc.status).toBe(400);
  });

  it('answers a malformed %-escape in any path with 400 (404 where no route takes parameters)', async () => {
    for (const path of ['/%E0%A4%A', '/assets/%E0%A4%A', '/responses/%E0%A4%A', '/api/base/users/%E0%A4%A']) {
      const res = await rawRequest(app.url, { path });
      expect([path, res.status < 500 && res.status >= 400]).toEqual([path, true]);
      expect(res.body).toMatchObject({ message: expect.any(String) });
    }
    expect((await rawRequest(app.url, { path: '/%E0%A4%A' })).status).toBe(400);
  });

  it('answers TRACE and other unused methods with 405', async () => {
    for (const method of ['TRACE', 'PROPFIND']) {
      const res = await rawRequest(app.url, { method, path: '/api/health' });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toContain('GET');
    }
  });

  it('logged nothing for all of the above', () => {
    expect(logged).toEqual([]);
  });
});

describe('new passwords (NIST SP 800-63B)', () => {
  it.each([
    ['password', MSG.passwordTooCommon],
    ['12345678', MSG.passwordTooCommon],
    ['qrstuvwx', MSG.passwordSequence],
    ['        ', MSG.passwordOnlySpaces],
  ])('refuses %j at sign-up with a message that says why', async (password, message) => {
    const res = await new RestClient(app.url).post('/userLogins/signup', { ...newAccount(), password });
    expect(res).toMatchObject({ status: 400, body: { message } });
  });
});

describe('races and timing', () => {
  it('names the field that collided when two sign-ups race for one username', async () => {
    const a = newAccount();
    const b = { ...newAccount(), username: a.username };
    const [ra, rb] = await Promise.all([
      new RestClient(app.url).post('/userLogins/signup', a),
      new RestClient(app.url).post('/userLogins/signup', b),
    ]);
    const statuses = [ra.status, rb.status].sort();
    expect(statuses).toEqual([200, 409]);
    expect([ra, rb].find((r) => r.status === 409)?.body.message).toBe(MSG.usernameTaken);
  });

  it('maps any unanticipated duplicate to 409, not 500', () => {
    const cause = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'some_key' });
    const error = toTRPCError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause }));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(MSG.duplicate);
  });

  it('forgotPassword does the same work for known and unknown addresses: one queued job, no lookup', async () => {
    const known = newAccount();
    await new RestClient(app.url).post('/userLogins/signup', known);
    await app.flushMail();
    await app.server.deps.db.delete(jobs);
    for (const email of [known.email, 'nobody-at-all@example.com']) {
      const res = await new RestClient(app.url).post('/userLogins/forgotPassword', { email });
      expect(res.status).toBe(200);
    }
    // Each request only queued a job (the worker may already have run it).
    const queued = (await app.server.deps.db.select().from(jobs).orderBy(jobs.createdAt)).filter(
      (j) => j.kind === 'password-reset',
    );
    expect(queued.map((j) => [j.kind, j.payload])).toEqual([
      ['password-reset', { email: known.email }],
      ['password-reset', { email: 'nobody-at-all@example.com' }],
    ]);
    // The job then mails the known address only.
    const before = app.inbox.length;
    await app.flushMail();
    expect(app.inbox.slice(before).map((m) => m.to)).toEqual([[known.email]]);
  });
});
