import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { createDb, MIGRATION_LOCK } from '../src/client';
import { uniqueViolation } from '../src/errors';

const url = process.env.DATABASE_URL;

// Several servers start at once on one PostgreSQL database; CI runs this file with DATABASE_URL set.
describe.runIf(url)('servers starting together on one new PostgreSQL database', () => {
  it('all start: one migrates, the others wait for it', async () => {
    const name = `tieline_m_${randomBytes(6).toString('hex')}`;
    const admin = postgres(url!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    const db = postgres(target.toString(), { max: 1, onnotice: () => {} });
    const holder = postgres(target.toString(), { max: 1, onnotice: () => {} });
    try {
      // While another holds the migration lock, no server migrates or starts: they wait for it.
      await holder`select pg_advisory_lock(${MIGRATION_LOCK})`;
      let started = 0;
      const starting = [1, 2, 3].map(() =>
        createDb({ url: target.toString(), maxConnections: 2 }).then((h) => {
          started += 1;
          return h;
        }),
      );
      await new Promise((r) => setTimeout(r, 300));
      const tables = await db`select count(*)::int as n from information_schema.tables where table_schema = 'public'`;
      expect({ started, tables: tables[0]!.n }).toEqual({ started: 0, tables: 0 });
      await holder`select pg_advisory_unlock(${MIGRATION_LOCK})`;
      const handles = await Promise.all(starting);
      await Promise.all(handles.map((h) => h.close()));
      // One of them migrated, once: one row per migration of the journal, none twice.
      const journal = JSON.parse(readFileSync(new URL('../drizzle/meta/_journal.json', import.meta.url), 'utf8'));
      const [applied] =
        await db`select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations`;
      expect(applied).toEqual({ n: journal.entries.length, distinct_n: journal.entries.length });
    } finally {
      await holder.end({ timeout: 5 });
      await db.end({ timeout: 5 });
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    }
  });
});

describe('uniqueViolation', () => {
  it('finds the constraint through wrappers, for both drivers, and nothing else', () => {
    const pg = Object.assign(new Error('dup'), { code: '23505', constraint_name: 'user_logins_email_key' });
    const lite = Object.assign(new Error('dup'), { code: '23505', constraint: 'user_logins_username_key' });
    expect(uniqueViolation(new Error('Failed query', { cause: pg }))).toBe('user_logins_email_key');
    expect(uniqueViolation(lite)).toBe('user_logins_username_key');
    expect(uniqueViolation(Object.assign(new Error('fk'), { code: '23503' }))).toBeNull();
    expect(uniqueViolation('text')).toBeNull();
  });
});
