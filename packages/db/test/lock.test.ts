import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createDb, PgliteOpenError } from '../src/client';
import { DataDirLockedError, type LockOwner, lockDataDir, lockFileFor } from '../src/data-dir-lock';

const root = mkdtempSync(join(tmpdir(), 'tieline-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
  }
});

let n = 0;
const newDir = () => join(root, `d${n++}`, 'pglite');

/** A live process that is not us, to own a lock. */
async function otherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((r) => child.once('spawn', r));
  return child;
}

function writeLock(dir: string, pid: number): LockOwner {
  const owner = { pid, host: hostname(), id: randomUUID(), since: new Date().toISOString() };
  mkdirSync(join(dir, '..'), { recursive: true });
  writeFileSync(lockFileFor(dir), JSON.stringify(owner));
  return owner;
}

describe('lockDataDir', () => {
  it('creates a lock file naming this process and removes it on release', () => {
    const dir = newDir();
    const lock = lockDataDir(dir);
    expect(lock.path).toBe(`${dir}.lock`);
    expect(JSON.parse(readFileSync(lock.path, 'utf8'))).toMatchObject({ pid: process.pid, id: lock.owner.id });
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    lock.release();
    // Nothing but the lock file was ever left beside the directory (drafts and guards are cleaned up).
    expect(readdirSync(join(dir, '..'))).toEqual([]);
  });

  it('refuses a second lock while this process holds the first', () => {
    const dir = newDir();
    const lock = lockDataDir(dir);
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(`${dir} is in use by another Tieline process (pid ${process.pid}`);
    } finally {
      lock.release();
    }
    lockDataDir(dir).release();
  });

  it('refuses a lock held by another live process, naming the directory and its pid', async () => {
    const dir = newDir();
    const other = await otherProcess();
    writeLock(dir, other.pid!);
    expect(() => lockDataDir(dir)).toThrow(
      `The data directory ${dir} is in use by another Tieline process (pid ${other.pid},`,
    );
    expect(existsSync(lockFileFor(dir))).toBe(true);
  });

  it('takes over the lock of a process killed with kill -9, at once', async () => {
    const dir = newDir();
    const other = await otherProcess();
    writeLock(dir, other.pid!);
    other.kill('SIGKILL');
    await new Promise((r) => other.once('exit', r));
    const started = performance.now();
    const lock = lockDataDir(dir);
    expect(performance.now() - started).toBeLessThan(500);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock with our own pid that this process does not hold (a container restarted as pid 1)', () => {
    const dir = newDir();
    writeLock(dir, process.pid);
    const lock = lockDataDir(dir);
    expect(lock.owner.pid).toBe(process.pid);
    lock.release();
  });

  it('clears the guard of a taker that died mid-takeover once it is old', async () => {
    const dir = newDir();
    const other = await otherProcess();
    const stale = writeLock(dir, other.pid!);
    other.kill('SIGKILL');
    await new Promise((r) => other.once('exit', r));
    const guard = `${lockFileFor(dir)}.${stale.id}.takeover`;
    writeFileSync(guard, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(guard, old, old);
    lockDataDir(dir).release();
    expect(existsSync(guard)).toBe(false);
  });

  it('refuses a lock file it did not write rather than guess', () => {
    const dir = newDir();
    lockDataDir(dir).release();
    writeFileSync(lockFileFor(dir), 'hello');
    expect(() => lockDataDir(dir)).toThrow(/is not one Tieline wrote/);
  });
});

describe('createDb on a data directory', () => {
  it('holds the lock while open and releases it on close', async () => {
    const dir = newDir();
    const h = await createDb({ dataDir: dir });
    try {
      await expect(createDb({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    } finally {
      await h.close();
    }
    expect(existsSync(lockFileFor(dir))).toBe(false);

    // A corrupt directory: PGlite's bare "Aborted()" becomes a message naming the directory.
    writeFileSync(join(dir, 'global', 'pg_control'), 'garbage');
    const error = await createDb({ dataDir: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PgliteOpenError);
    expect((error as Error).message).toMatch(`Could not open the embedded database in ${dir}`);
    expect((error as Error).message).toMatch(/other program.*read and write.*disk.*corrupt/);
    expect(existsSync(lockFileFor(dir))).toBe(false);
  });
});
