import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runServer } from './tests/own-server';

const PORT = process.env.E2E_PORT ?? '4173';
const BASE = `http://127.0.0.1:${PORT}`;

/** The suite's operator: a super admin who grants respondent credits (tests/helpers.ts grantCredits). */
const OPERATOR = {
  name: 'E2E Operator',
  username: 'e2eoperator',
  email: 'operator@e2e.example.com',
  password: 'operator horse battery',
};

/** Up once both demo links are printed (the tests need them). */
const start = (env: NodeJS.ProcessEnv) =>
  runServer(env, (output) => /Demo survey link: \S+/.test(output) && /Demo test link: \S+/.test(output));

const post = (path: string, body: unknown) =>
  fetch(`${BASE}/api/base${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify(body),
  });

/**
 * Starts the built server (pnpm build first) on a fresh embedded database with the demo data, and
 * hands the demo survey link to the tests. The operator is made as the README says an operator makes
 * the first super admin: sign up, then the command, which on the embedded database needs the server
 * stopped; so the server starts twice. Returns the teardown.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tieline-e2e-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT,
    HOST: '127.0.0.1',
    PUBLIC_URL: BASE,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    SEED_DEMO: 'yes',
    // The webhook spec's receiver listens on loopback.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // The whole suite signs up from this one address.
    SIGNUPS_PER_ADDRESS_PER_HOUR: '500',
    // One route with a tutorial video, so logos.spec.ts sees Watch Tutorial come and go.
    TUTORIAL_VIDEOS: JSON.stringify({ '/organization/settings/logos': 'https://videos.example.com/logos' }),
  };
  const first = await start(env);
  const signedUp = await post('/userLogins/signup', OPERATOR);
  await first.stop();
  if (!signedUp.ok) throw new Error(`The operator could not sign up: ${await signedUp.text()}`);
  await promisify(execFile)(process.execPath, ['../packages/api/dist/make-super-admin.js', OPERATOR.email], { env });

  const server = await start(env);
  const signedIn = await post('/userLogins/signin', { email: OPERATOR.email, password: OPERATOR.password });
  const cookie = signedIn.headers.getSetCookie()[0]?.split(';')[0];
  if (!signedIn.ok || !cookie) throw new Error(`The operator could not sign in: ${await signedIn.text()}`);
  process.env.E2E_OPERATOR_COOKIE = cookie;
  process.env.E2E_DEMO_LINK = server.output().match(/Demo survey link: (\S+)/)![1];
  process.env.E2E_DEMO_TEST_LINK = server.output().match(/Demo test link: (\S+)/)![1];
  process.env.E2E_BASE_URL = BASE;
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
