import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '@tieline/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// The real entry point as operators run it, one child process per server. Each child is killed after
// its test, passed or not.

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const lockModule = new URL('../../db/src/data-dir-lock.ts', import.meta.url).href;
const root = mkdtempSync(join(tmpdir(), 'tieline-process-'));
const template = join(root, 'template');
const children: ChildProcess[] = [];

beforeAll(async () => {
  // Creating a PGlite cluster takes seconds; each test copies this migrated one instead.
  const handle = await createDb({ dataDir: join(template, 'pglite') });
  await handle.close();
});
afterEach(async () => {
  await Promise.all(
    children.splice(0).map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }),
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

let dirs = 0;
function dataDir(): string {
  const dir = join(root, `data${dirs++}`);
  cpSync(template, dir, { recursive: true });
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
}

interface Proc {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal) once all output is in. */
  exit: Promise<number | null>;
  closed: () => boolean;
}

function run(args: string[], env: NodeJS.ProcessEnv = process.env): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: apiDir, env, stdio: 'pipe' });
  children.push(child);
  let output = '';
  child.stdout.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    output += c.toString();
  });
  let closed = false;
  const exit = new Promise<number | null>((r) =>
    child.once('close', (code) => {
      closed = true;
      r(code);
    }),
  );
  return { child, output: () => output, exit, closed: () => closed };
}

function startServer(dir: string, port: number, extra: NodeJS.ProcessEnv = {}): Proc {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    SEED_DEMO: 'no',
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
    ...extra,
  };
  delete env.SMTP_URL;
  return run(['src/main.ts'], env);
}

/** Resolves when `text` appears in the output; fails with the output if the process exits first. */
async function waitFor(proc: Proc, text: string | RegExp, ms = 60_000): Promise<void> {
  const started = Date.now();
  while (!proc.output().match(text)) {
    if (proc.closed()) throw new Error(`exited ${proc.child.exitCode} before "${text}":\n${proc.output()}`);
    if (Date.now() - started > ms) throw new Error(`no "${text}" after ${ms} ms:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function exitCode(proc: Proc, ms = 30_000): Promise<number | null> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`still running after ${ms} ms:\n${proc.output()}`)), ms).unref(),
  );
  return Promise.race([proc.exit, timeout]);
}

const health = async (port: number) => (await fetch(`http://127.0.0.1:${port}/api/health`)).status;
const running = 'Tieline is running';

describe('the server process', { timeout: 120_000 }, () => {
  it('refuses a second server on the same data directory, naming it and the first pid; the first keeps serving', async () => {
    const dir = dataDir();
    const [p1, p2] = [await freePort(), await freePort()];
    const first = startServer(dir, p1);
    await waitFor(first, running);

    const second = startServer(dir, p2);
    expect(await exitCode(second)).not.toBe(0);
    expect(second.output()).toContain(`The data directory ${join(dir, 'pglite')} is in use`);
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    expect(second.output()).not.toContain(running);
    expect(await health(p1)).toBe(200);

    // A normal shutdown releases the lock.
    first.child.kill('SIGTERM');
    expect(await exitCode(first)).toBe(0);
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(false);
  });

  it('starts on the data directory of a server killed with kill -9', async () => {
    const dir = dataDir();
    const port = await freePort();
    const first = startServer(dir, port);
    await waitFor(first, running);
    first.child.kill('SIGKILL');
    await first.exit;
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(true);

    const next = startServer(dir, port);
    await waitFor(next, running);
    expect(await health(port)).toBe(200);
    expect(JSON.parse(readFileSync(join(dir, 'pglite.lock'), 'utf8')).pid).toBe(next.child.pid);
  });

  it('behind a reverse proxy (public PUBLIC_URL, loopback HOST) seeds no demo, keeps the outbox closed, and says so', async () => {
    const port = await freePort();
    const server = startServer(dataDir(), port, { SEED_DEMO: 'auto', PUBLIC_URL: 'https://tieline.example.com' });
    // The outbox warning follows the running line on stderr: wait for it rather than race the pipe.
    await waitFor(server, 'stays closed');
    expect(server.output()).toContain(running);
    expect(server.output()).toContain('Demo data not seeded: this server is not a local install');
    expect(server.output()).toContain('/mailbox stays closed because this is not a local install');
    expect(server.output()).not.toContain('Demo login');
  });

  it('exits non-zero on a port in use, says so, never claims to run, and closes its database', async () => {
    const [dirA, dirB] = [dataDir(), dataDir()];
    const port = await freePort();
    const first = startServer(dirA, port);
    await waitFor(first, running);

    const second = startServer(dirB, port);
    expect(await exitCode(second)).not.toBe(0);
    expect(second.output()).toContain(`Port ${port} is already in use (127.0.0.1:${port})`);
    expect(second.output()).not.toContain(running);
    expect(existsSync(join(dirB, 'pglite.lock'))).toBe(false);
    expect(await health(port)).toBe(200);
  });

  it.each([
    ['a free directory', false],
    ['a stale lock', true],
  ])('lets exactly one of several processes racing for %s win', async (_, stale) => {
    const dir = join(root, `race${dirs++}`, 'pglite');
    const go = join(root, `go${dirs++}`);
    if (stale) {
      const dead = run(['-e', '']);
      await dead.exit;
      const owner = { pid: dead.child.pid, host: 'x', id: 'stale', since: new Date().toISOString() };
      mkdirSync(join(dir, '..'), { recursive: true });
      writeFileSync(`${dir}.lock`, JSON.stringify(owner));
    }
    // Each racer loads the lock module, then spins until the go file appears, so they try together.
    const racer = `
      import { existsSync } from 'node:fs';
      const { lockDataDir } = await import(${JSON.stringify(lockModule)});
      console.log('ready');
      while (!existsSync(${JSON.stringify(go)})) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
      try {
        lockDataDir(${JSON.stringify(dir)});
        console.log('won');
        process.stdin.resume();
      } catch (error) {
        console.log('lost: ' + error.message);
      }`;
    const racers = Array.from({ length: 6 }, () => run(['--input-type=module', '-e', racer]));
    await Promise.all(racers.map((r) => waitFor(r, 'ready')));
    writeFileSync(go, '');
    await Promise.all(racers.map((r) => waitFor(r, /won|lost: /)));

    const winners = racers.filter((r) => r.output().includes('won'));
    expect(winners.map((w) => w.output())).toHaveLength(1);
    const winner = winners[0]!.child.pid;
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(winner);
    for (const loser of racers.filter((r) => !r.output().includes('won'))) {
      expect(loser.output()).toContain(`is in use by another Tieline process (pid ${winner},`);
    }
  });
});
