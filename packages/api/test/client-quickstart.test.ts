/**
 * The README's script example (packages/client/examples/quickstart.ts) run as a user runs it: a child
 * process with tsx, against the real server, authenticated by an API key the demo user made.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, networks, surveys, users } from '@tieline/db';
import { MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../src/auth/session';
import { seedDemo } from '../src/seed/demo';
import { RestClient, startTestApp, type TestApp } from './helpers';

const clientDir = fileURLToPath(new URL('../../client/', import.meta.url));
const run = promisify(execFile);

let app: TestApp;
let owner: RestClient;
let ownerId: string;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  const { db } = app.server.deps;
  await seedDemo({ ...app.server.deps, mailer: app.server.mailer });
  const [survey] = await db.select().from(surveys).where(eq(surveys.name, 'Team collaboration survey (demo)'));
  const [user] = await db.select().from(users).where(eq(users.id, survey!.ownerId));
  ownerId = user!.id;
  const { token } = await createSession(db, user!.userLoginId, user!.id);
  owner = new RestClient(app.url);
  owner.cookie = `${SESSION_COOKIE}=${token}`;
});
afterAll(() => app.close());

/** The example, in a fresh directory (it writes responses.xlsx there); never throws. */
async function quickstart(apiKey: string) {
  const cwd = mkdtempSync(join(tmpdir(), 'tieline-quickstart-'));
  const result = await run(join(clientDir, 'node_modules/.bin/tsx'), [join(clientDir, 'examples/quickstart.ts')], {
    cwd,
    env: { ...process.env, TIELINE_URL: app.url, TIELINE_API_KEY: apiKey },
    timeout: 60_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code?: number; stdout: string; stderr: string }) => ({
      code: e.code ?? -1,
      stdout: e.stdout,
      stderr: e.stderr,
    }),
  );
  return { ...result, cwd };
}

describe('the quickstart script', () => {
  it('lists surveys, downloads the demo responses and uploads a network with a key', async () => {
    const { key } = (await owner.post('/apiKeys', { name: 'Quickstart' })).body;
    const { code, stdout, stderr, cwd } = await quickstart(key);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain('Signed in as Demo User');
    expect(stdout).toMatch(/Survey: Team collaboration survey \(demo\) \(Collecting, \d+ responses\)/);
    expect(stdout).toMatch(/Saved \d+ bytes of responses to responses\.xlsx/);
    expect(stdout).toContain('Uploaded network "From a script": 3 people, 2 ties');
    // An xlsx is a zip: PK\x03\x04.
    expect(readFileSync(join(cwd, 'responses.xlsx')).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 3, 4]));
    const uploaded = await app.server.deps.db.select().from(networks).where(eq(networks.name, 'From a script'));
    expect(uploaded.map((n) => n.ownerId)).toEqual([ownerId]);
  }, 90_000);

  it('stops with the server’s message once the key is revoked', async () => {
    const { _id, key } = (await owner.post('/apiKeys', { name: 'Soon revoked' })).body;
    await owner.call('DELETE', `/api/base/apiKeys/${_id}`);
    const { code, stdout, stderr, cwd } = await quickstart(key);
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr.trim()).toBe(`Refused: ${MSG.notSignedIn}`);
    expect(existsSync(join(cwd, 'responses.xlsx'))).toBe(false);
  }, 90_000);
});
