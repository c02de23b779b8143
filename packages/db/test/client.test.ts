import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, rowsOf, sql, userLogins, users } from '../src/index';
import { createTestDb } from '../src/testing';

let h: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(() => h.close());

describe('createDb', () => {
  it('applies migrations and round-trips rows', async () => {
    const [login] = await h.db
      .insert(userLogins)
      .values({ email: 'a@example.com', username: 'a', name: 'A', passwordHash: 'x' })
      .returning();
    expect(login?.verified).toBe(false);
    await h.db.insert(users).values({ userLoginId: login!.id, modules: { networks: { enabled: true } } });
    const rows = await h.db.select().from(users).where(eq(users.userLoginId, login!.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a second individual user for the same login', async () => {
    const [login] = await h.db
      .insert(userLogins)
      .values({ email: 'b@example.com', username: 'b', name: 'B', passwordHash: 'x' })
      .returning();
    await h.db.insert(users).values({ userLoginId: login!.id, modules: {} });
    await expect(h.db.insert(users).values({ userLoginId: login!.id, modules: {} })).rejects.toThrow();
  });

  it('refuses duplicate emails', async () => {
    await expect(
      h.db.insert(userLogins).values({ email: 'a@example.com', username: 'other', name: 'A', passwordHash: 'x' }),
    ).rejects.toThrow();
  });
});

describe('network documents', () => {
  it('are compressed with lz4 where the server has it (PostgreSQL), with pglz on the embedded database', async () => {
    const [{ has }] = rowsOf<{ has: boolean }>(
      await h.db.execute(
        sql`select 'lz4' = any(enumvals::text[]) as has from pg_settings where name = 'default_toast_compression'`,
      ),
    ) as [{ has: boolean }];
    const [{ compression }] = rowsOf<{ compression: string }>(
      await h.db.execute(sql`select attcompression::text as compression from pg_attribute
        where attrelid = 'network_versions'::regclass and attname = 'data'`),
    ) as [{ compression: string }];
    // 'l': lz4; '' (none set): the server's default, pglz.
    expect(compression).toBe(has ? 'l' : '');
    expect(has).toBe(process.env.DATABASE_URL !== undefined);
  });
});
