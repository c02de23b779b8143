import { randomUUID } from 'node:crypto';
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';

/**
 * One process at a time per embedded data directory. PGlite keeps its own copy of the database in
 * memory and writes it back, so two processes on one directory each see only their own writes and one
 * silently loses the other's on restart. PostgreSQL guards its directory with postmaster.pid; PGlite
 * does not, so we keep `<dir>.lock` beside it (not inside: initdb wants an empty directory).
 *
 * The file appears atomically with its contents (written aside, then hard-linked into place, which
 * fails if it exists), so nobody ever reads a half-written owner. A lock whose process is gone
 * (kill -9, crash, power loss) is taken over at once.
 */

export interface LockOwner {
  pid: number;
  host: string;
  /** Unique per acquisition: tells a lock apart from a later one by the same pid. */
  id: string;
  since: string;
}

export interface DataDirLock {
  /** The lock file. */
  path: string;
  owner: LockOwner;
  /** Removes the lock file if it is still ours. Safe to call twice. */
  release: () => void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly lockPath: string,
    readonly owner: LockOwner,
  ) {
    const where = owner.host === hostname() ? `pid ${owner.pid}` : `pid ${owner.pid} on ${owner.host}`;
    super(
      `The data directory ${dir} is in use by another Tieline process (${where}, since ${owner.since}). ` +
        'Stop that process first, or set DATA_DIR to another directory. ' +
        `If pid ${owner.pid} is not Tieline (the number was reused), delete ${lockPath}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** A takeover holds its guard for microseconds; one this old belongs to a process that died in it. */
const ABANDONED_GUARD_MS = 5_000;

/** Lock ids held by this process: a recorded pid equal to ours is stale unless we hold that id. */
const held = new Set<string>();

export function lockFileFor(dir: string): string {
  return `${resolve(dir)}.lock`;
}

/** Takes the lock on `dir` or throws DataDirLockedError naming the owner. Synchronous: runs at start. */
export function lockDataDir(dir: string): DataDirLock {
  const path = lockFileFor(dir);
  mkdirSync(dirname(path), { recursive: true });
  const owner: LockOwner = { pid: process.pid, host: hostname(), id: randomUUID(), since: new Date().toISOString() };
  // Each pass wins, refuses, or sees the file change under it; only a wait on another taker sleeps.
  for (const deadline = Date.now() + 2 * ABANDONED_GUARD_MS; Date.now() < deadline; ) {
    if (tryCreate(path, owner)) return hold(path, owner);
    const current = readOwner(path);
    if (!current) continue; // released or taken over since our attempt: try again
    if (isAlive(current)) throw new DataDirLockedError(resolve(dir), path, current);
    removeStale(path, current);
  }
  throw new Error(`Could not lock ${resolve(dir)}: ${path} keeps changing. Is another process starting on it?`);
}

function hold(path: string, owner: LockOwner): DataDirLock {
  held.add(owner.id);
  // process.exit() paths (start-up failures) skip our close(); leave no lock behind for them either.
  const release = () => {
    if (!held.delete(owner.id)) return;
    process.off('exit', release);
    try {
      if (readOwner(path)?.id === owner.id) unlinkSync(path);
    } catch {
      // Already gone or unreadable: nothing of ours to remove.
    }
  };
  process.on('exit', release);
  return { path, owner, release };
}

/** Creates the lock file with its full contents in one step; false when it already exists. */
function tryCreate(path: string, owner: LockOwner): boolean {
  const draft = `${path}.${owner.id}`;
  writeFileSync(draft, JSON.stringify(owner));
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if (code(error) === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

/** The recorded owner, or undefined when there is no lock file. */
function readOwner(path: string): LockOwner | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (code(error) === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const owner = JSON.parse(text) as LockOwner;
    if (Number.isInteger(owner.pid) && typeof owner.id === 'string') return owner;
  } catch {}
  throw new Error(`The lock file ${path} is not one Tieline wrote. If no Tieline server uses it, delete it.`);
}

function isAlive(owner: LockOwner): boolean {
  // In a container the server is often pid 1 on every start, so our own pid on the file means a previous
  // run unless this process holds that very lock.
  if (owner.pid === process.pid) return held.has(owner.id);
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return code(error) === 'EPERM'; // exists, belongs to another user
  }
}

/**
 * Removes a stale lock, letting only one of several concurrent takers do so. Deleting after a plain
 * read would let a slow taker delete the lock a faster one had just created, and both would win. So
 * takers of one stale lock first create a guard named after its id (exclusive create): the winner
 * checks the file still holds that id and removes it; the others retry from the start. Nobody but
 * the guard holder can remove that file (its owner is dead), so the check cannot go out of date.
 */
function removeStale(path: string, stale: LockOwner) {
  const guard = `${path}.${stale.id}.takeover`;
  let fd: number;
  try {
    fd = openSync(guard, 'wx');
  } catch (error) {
    if (code(error) !== 'EEXIST') throw error;
    if (ageMs(guard) > ABANDONED_GUARD_MS) rmSync(guard, { force: true });
    else sleep(5);
    return;
  }
  closeSync(fd);
  try {
    if (readOwner(path)?.id === stale.id) unlinkSync(path);
  } finally {
    rmSync(guard, { force: true });
  }
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}
