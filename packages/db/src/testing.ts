import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import postgres from 'postgres';
import { createDb, type Db, type DbHandle, defaultMigrationsFolder, PGLITE_EXTENSIONS } from './client';
import * as schema from './schema/index';

/**
 * A fresh migrated database for one test file: in-memory PGlite by default, or a new database on the
 * server named by DATABASE_URL (dropped again on close).
 */
/** A test database; `url` is set on PostgreSQL, for child processes that connect to it too. */
export type TestDbHandle = DbHandle & { url?: string };

export async function createTestDb(url = process.env.DATABASE_URL): Promise<TestDbHandle> {
  return url ? createServerTestDb(url) : createPgliteTestDb();
}

async function createServerTestDb(url: string): Promise<TestDbHandle> {
  const name = `tieline_t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  // A test database is dropped at the end: no commit needs to wait for its WAL to reach the disk.
  await admin.unsafe(`alter database ${name} set synchronous_commit = off`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await createDb({ url: target.toString(), maxConnections: 4 });
  return {
    ...handle,
    url: target.toString(),
    close: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/** Creating a PGlite cluster takes seconds; loading a migrated snapshot takes a fraction of that. */
async function createPgliteTestDb(): Promise<DbHandle> {
  const snapshot = await migratedSnapshot();
  const client = await PGlite.create({ loadDataDir: snapshot, extensions: PGLITE_EXTENSIONS });
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

let cached: Promise<Blob> | undefined;
function migratedSnapshot(): Promise<Blob> {
  cached ??= (async () => {
    const hash = createHash('sha256');
    for (const f of readdirSync(defaultMigrationsFolder, { recursive: true }).map(String).sort()) {
      if (f.endsWith('.sql') || f.endsWith('.json'))
        hash.update(f).update(readFileSync(join(defaultMigrationsFolder, f)));
    }
    const file = join(tmpdir(), `tieline-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const handle = await createDb();
    const pglite = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await pglite.dumpDataDir('none');
    await handle.close();
    const tmp = `${file}.${process.pid}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
    return dump;
  })();
  return cached;
}
