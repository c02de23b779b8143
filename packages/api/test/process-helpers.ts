import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, type Db, organizations, userLogins, users } from '@tieline/db';
import { createTestDb } from '@tieline/db/testing';
import { MODULES, type TModules } from '@tieline/validation';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createSession, SESSION_COOKIE } from '../src/auth/session';

// The real entry point as operators run it, one child process per server (see useServerProcesses).

export const apiDir = fileURLToPath(new URL('..', import.meta.url));
export const lockModule = new URL('../../db/src/data-dir-lock.ts', import.meta.url).href;
let root = '';
let template = '';
const children: ChildProcess[] = [];

/** This test file's own directory (made by useServerProcesses, removed after the file). */
export const rootDir = () => root;

/**
 * Called at the top of each test file that starts servers: a directory of the file's own with a migrated
 * data directory to copy, each child killed after its test (passed or not), and the directory removed at
 * the end. (Hooks, so that each file gets its own when files share one process.)
 */
export function useServerProcesses() {
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'tieline-process-'));
    template = join(root, 'template');
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
}

let dirs = 0;
/** A fresh name under the test root (the racers' directories). */
export const uniqueDir = (prefix: string) => join(root, `${prefix}${dirs++}`);
export function dataDir(): string {
  const dir = join(root, `data${dirs++}`);
  cpSync(template, dir, { recursive: true });
  return dir;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
}

export interface Proc {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal) once all output is in. */
  exit: Promise<number | null>;
  closed: () => boolean;
}

/** Runs Node on `args` (TypeScript through tsx's loader; `bundled` for a bundle, without it). */
export function run(args: string[], env: NodeJS.ProcessEnv = process.env, bundled = false): Proc {
  const loader = bundled ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...loader, ...args], { cwd: apiDir, env, stdio: 'pipe' });
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

export function startServer(dir: string, port: number, extra: NodeJS.ProcessEnv = {}): Proc {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    SEED_DEMO: 'no',
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
  };
  delete env.SMTP_URL;
  Object.assign(env, extra);
  // The server as operators run it, bundled (test/bundle-workers.ts), else from source.
  const bundle = process.env.TIELINE_WORKER_DIR ? join(process.env.TIELINE_WORKER_DIR, 'server.js') : null;
  return bundle && existsSync(bundle) ? run([bundle], env, true) : run(['src/main.ts'], env);
}

/** Resolves when `text` appears in the output; fails with the output if the process exits first. */
export async function waitFor(proc: Proc, text: string | RegExp, ms = 60_000): Promise<void> {
  const started = Date.now();
  while (!proc.output().match(text)) {
    if (proc.closed()) throw new Error(`exited ${proc.child.exitCode} before "${text}":\n${proc.output()}`);
    if (Date.now() - started > ms) throw new Error(`no "${text}" after ${ms} ms:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function exitCode(proc: Proc, ms = 30_000): Promise<number | null> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`still running after ${ms} ms:\n${proc.output()}`)), ms).unref(),
  );
  return Promise.race([proc.exit, timeout]);
}

export const health = async (port: number) => (await fetch(`http://127.0.0.1:${port}/api/health`)).status;
export const running = 'Tieline is running';

/** The database child servers use: a fresh PostgreSQL database (DATABASE_URL), or a PGlite data directory. */
export interface ProcessTarget {
  dir: string;
  env: Record<string, string>;
  /** Runs `fn` on the database while no child holds it (PGlite is one process at a time). */
  use: <T>(fn: (db: Db) => Promise<T>) => Promise<T>;
  drop: () => Promise<void>;
}

export async function processTarget(serverUrl = process.env.DATABASE_URL): Promise<ProcessTarget> {
  const dir = dataDir();
  if (!serverUrl) {
    return {
      dir,
      env: {},
      use: async (fn) => {
        const handle = await createDb({ dataDir: join(dir, 'pglite') });
        try {
          return await fn(handle.db);
        } finally {
          await handle.close();
        }
      },
      drop: async () => {},
    };
  }
  const handle = await createTestDb(serverUrl);
  return { dir, env: { DATABASE_URL: handle.url! }, use: (fn) => fn(handle.db), drop: () => handle.close() };
}

const allModules = Object.fromEntries(MODULES.map((m) => [m, { enabled: true }])) as TModules;

/** An organization Owner with every module and an open session, written straight to `db`; answers the cookie. */
export async function seedOwnerSession(db: Db, organization: string): Promise<string> {
  const [login] = await db
    .insert(userLogins)
    .values({ email: 'owner@example.com', username: 'owner', name: 'Owner', passwordHash: 'seeded', verified: true })
    .returning();
  const [org] = await db.insert(organizations).values({ name: organization, modules: allModules }).returning();
  const [user] = await db
    .insert(users)
    .values({ userLoginId: login!.id, organizationId: org!.id, permission: 'Owner', modules: allModules })
    .returning();
  const { token } = await createSession(db, login!.id, user!.id);
  return `${SESSION_COOKIE}=${token}`;
}

/** Every file below `dir` (a data directory scanned for what must not be stored). */
export async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}
