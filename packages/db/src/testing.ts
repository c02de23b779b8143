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
  // A copy of a database migrated once (per set of migrations) instead of 40-odd migrations per file.
  await admin.unsafe(`create database ${name} template ${await migratedTemplate(url)}`);
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

/** Names what the migrations make: a new or changed migration gives a new snapshot and template. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const f of readdirSync(defaultMigrationsFolder, { recursive: true }).map(String).sort()) {
    if (f.endsWith('.sql') || f.endsWith('.json'))
      hash.update(f).update(readFileSync(join(defaultMigrationsFolder, f)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Any fixed number: the one test process that makes a template holds it, the others wait for it. */
const TEMPLATE_LOCK = 7_262_154_931;

/**
 * The migrated template database on the server, made once by whichever test file comes first: migrated
 * under another name and renamed when done, so a template that exists is complete (a process killed
 * half-way leaves only a `_making` database, dropped by the next). Templates of older migrations are
 * dropped when a new one is made (unless a run still copies them).
 */
let template: Promise<string> | undefined;
function migratedTemplate(url: string): Promise<string> {
  template ??= (async () => {
    const name = `tieline_tpl_${migrationsHash()}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await admin`select pg_advisory_lock(${TEMPLATE_LOCK})`;
      const [found] = await admin`select 1 from pg_database where datname = ${name}`;
      if (!found) {
        const making = `${name}_making`;
        await admin.unsafe(`drop database if exists ${making} with (force)`);
        await admin.unsafe(`create database ${making}`);
        const target = new URL(url);
        target.pathname = `/${making}`;
        await (await createDb({ url: target.toString(), maxConnections: 1 })).close();
        await admin.unsafe(`alter database ${making} rename to ${name}`);
        const old = await admin<{ datname: string }[]>`
          select datname from pg_database where datname like 'tieline\_tpl\_%' and datname <> ${name}`;
        for (const { datname } of old) await admin.unsafe(`drop database if exists ${datname}`).catch(() => {});
      }
      return name;
    } finally {
      await admin`select pg_advisory_unlock(${TEMPLATE_LOCK})`.catch(() => {});
      await admin.end({ timeout: 5 });
    }
  })();
  return template;
}

let cached: Promise<Blob> | undefined;
function migratedSnapshot(): Promise<Blob> {
  cached ??= (async () => {
    const file = join(tmpdir(), `tieline-pglite-${migrationsHash()}.tar`);
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
