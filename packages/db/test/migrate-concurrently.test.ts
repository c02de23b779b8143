import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { createDb } from '../src/client';
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
    try {
      const handles = await Promise.all([1, 2, 3].map(() => createDb({ url: target.toString(), maxConnections: 2 })));
      await Promise.all(handles.map((h) => h.close()));
    } finally {
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
