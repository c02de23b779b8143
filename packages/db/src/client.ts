import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction(async (tx) => ...)` callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

export interface CreateDbOptions {
  /** postgres:// URL; when absent the embedded PGlite engine is used. */
  url?: string | undefined;
  /** PGlite data directory; in memory when absent. */
  dataDir?: string | undefined;
  /** Where the SQL migrations live (the bundled server ships a copy next to itself). */
  migrationsFolder?: string | undefined;
  /** postgres.js pool size. */
  maxConnections?: number;
}

export const defaultMigrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '..', 'drizzle');

/** One factory for both engines. Applies migrations before returning. */
export async function createDb(opts: CreateDbOptions = {}): Promise<DbHandle> {
  const migrationsFolder = opts.migrationsFolder ?? defaultMigrationsFolder;
  if (opts.url) {
    const client = preparedWithParameters(
      postgres(opts.url, {
        max: opts.maxConnections ?? 10,
        onnotice: () => {},
      }),
    );
    const db = drizzlePostgres(client, { schema, casing: 'snake_case' });
    await underMigrationLock(opts.url, () => migratePostgres(db, { migrationsFolder }));
    return { db: db as unknown as Db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
  }
  if (!opts.dataDir) return openPglite(undefined, migrationsFolder);
  // Before PGlite touches the directory: a second process on it would silently lose writes.
  const lock = lockDataDir(opts.dataDir);
  try {
    mkdirSync(opts.dataDir, { recursive: true });
    const handle = await openPglite(opts.dataDir, migrationsFolder);
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * drizzle sends every query but its `.prepare()`d ones with `prepare: false`, and postgres.js runs such
 * a query with parameters in two round trips each time (describe its parameter types, then execute).
 * Named (prepared), a statement is described once per connection and then runs in one round trip, and
 * PostgreSQL may keep its plan (a statement whose best plan depends on its values, such as the name
 * search, must be written to have one plan that suits them all).
 * Queries without parameters (migrations, DDL) stay unnamed. postgres.js recycles connections
 * (max_lifetime), which bounds the statements each one keeps.
 */
function preparedWithParameters<T extends postgres.Sql | postgres.TransactionSql>(sql: T): T {
  return new Proxy(sql, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === 'unsafe') {
        return (query: string, args?: unknown[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, args as never, args?.length ? { ...options, prepare: true } : options);
      }
      if (key === 'begin' || key === 'savepoint') {
        return (...a: unknown[]) => {
          const fn = a.pop() as (tx: postgres.TransactionSql) => unknown;
          return (value as (...b: unknown[]) => unknown)(...a, (tx: postgres.TransactionSql) =>
            fn(preparedWithParameters(tx)),
          );
        };
      }
      return value;
    },
  });
}

/** Any fixed number; all Tieline servers on one database take the same advisory lock. */
export const MIGRATION_LOCK = 7_262_154_930;

/**
 * Several servers may start at once on one PostgreSQL database (that is how Tieline scales): without a
 * lock they would run the same migration side by side and all but one fail. A session advisory lock on
 * a connection of its own lets one migrate while the others wait, then find nothing left to do.
 */
async function underMigrationLock(url: string, migrate: () => Promise<void>) {
  const locker = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await locker`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate();
  } finally {
    await locker.end({ timeout: 5 });
  }
}

/** The contrib extensions the migrations create (search: btree_gin, pg_trgm, unaccent); loaded by every PGlite open. */
export const PGLITE_EXTENSIONS = { btree_gin, pg_trgm, unaccent };

/**
 * PGlite's own start parameters, and WAL segments deleted rather than recycled once a checkpoint no longer
 * needs them: a recycled segment is only renamed, so it kept the old bytes (names and addresses a
 * pseudonymization had just rewritten) until overwritten. See compactRewritten in the api's passive data.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'wal_recycle=off'];

async function openPglite(dataDir: string | undefined, migrationsFolder: string): Promise<DbHandle> {
  let client: PGlite | undefined;
  try {
    client = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS });
    const db = drizzlePglite(client, { schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder });
    const opened = client;
    return { db: db as unknown as Db, kind: 'pglite', close: () => opened.close() };
  } catch (error) {
    await client?.close().catch(() => {});
    // A failed migration is a readable SQL error; failing to open, or the engine aborting, is not.
    if (dataDir && (!client || isEngineAbort(error))) throw new PgliteOpenError(dataDir, error);
    throw error;
  }
}

/** PGlite reports most trouble with its files as a bare WASM `Aborted()`; say what to check instead. */
export class PgliteOpenError extends Error {
  constructor(dataDir: string, cause: unknown) {
    const reason = isEngineAbort(cause) ? 'the database engine aborted' : String((cause as Error)?.message ?? cause);
    super(
      `Could not open the embedded database in ${resolve(dataDir)} (${reason}). Check that no other program ` +
        'uses this directory, that this user may read and write it, that the disk is not full, and that it is ' +
        'not corrupt (restore a backup, or move it aside to start with an empty database).',
      { cause },
    );
    this.name = 'PgliteOpenError';
  }
}

/** Emscripten's abort(): a WebAssembly.RuntimeError whose message starts with `Aborted(`. */
function isEngineAbort(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('Aborted(');
}
