import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = process.env.E2E_PORT ?? '4173';

/**
 * Starts the built server (pnpm build first) on a fresh embedded database with the demo data, and
 * hands the demo survey link to the tests. Returns the teardown.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tieline-e2e-'));
  const server: ChildProcess = spawn(process.execPath, ['../packages/api/dist/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const link = output.match(/Demo survey link: (\S+)/);
      const testLink = output.match(/Demo test link: (\S+)/);
      if (link && testLink) {
        clearTimeout(timer);
        process.env.E2E_DEMO_LINK = link[1];
        process.env.E2E_DEMO_TEST_LINK = testLink[1];
        resolve();
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.once('exit', (code) => reject(new Error(`Server exited with ${code}:\n${output}`)));
  });
  await ready;
  process.env.E2E_BASE_URL = `http://127.0.0.1:${PORT}`;
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
