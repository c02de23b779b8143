import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A Tieline of a spec's own, for journeys that need settings the shared e2e server does not have
// (an analytics key, payment keys): the built server on a fresh embedded database, no demo data.

const SERVER = join(import.meta.dirname, '..', '..', 'packages', 'api', 'dist', 'server.js');

/** A port free right now (helpers running side by side each hold their own). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

/** The environment of an own server on `port` keeping its data in `dataDir`, with `env` on top. */
export function ownServerEnv(dataDir: string, port: number, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    SEED_DEMO: 'no',
    ...env,
  };
}

/** Runs the built server in `env` until `ready` holds for its output (by default: it says it is running). */
export async function runServer(
  env: NodeJS.ProcessEnv,
  ready = (output: string) => output.includes('Tieline is running at'),
) {
  const server: ChildProcess = spawn(process.execPath, [SERVER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    // A first start migrates a new database and seeds the demo: ~6 s idle, but minutes on a loaded or
    // throttled 2-core host (a start, not a measure of speed).
    const timer = setTimeout(() => {
      server.kill('SIGKILL');
      reject(new Error(`Server did not start in 5 minutes:\n${output}`));
    }, 300_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.once('exit', (code) => reject(new Error(`Server exited with ${code}:\n${output}`)));
  });
  return {
    output: () => output,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    },
  };
}

/** Starts the built server with `env` on top of the defaults, on a fresh data directory it removes on close. */
export async function startTieline(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tieline-e2e-own-'));
  const server = await runServer(ownServerEnv(dataDir, port, env));
  return {
    url: `http://127.0.0.1:${port}`,
    output: server.output,
    close: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
