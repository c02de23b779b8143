import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/errors';
import { sql } from '../src/index';
import { createTestDb } from '../src/testing';

const url = process.env.DATABASE_URL;

// On PostgreSQL every statement with parameters runs prepared (one round trip once described), in and
// out of transactions; statements without parameters (migrations) stay unnamed. CI runs it with DATABASE_URL.
describe.runIf(url)('statements on PostgreSQL', () => {
  it('with parameters are prepared on their connection, also inside a transaction; without stay unnamed', async () => {
    const handle = await createTestDb();
    try {
      const { db } = handle;
      const prepared = async (run: typeof db | Parameters<Parameters<typeof db.transaction>[0]>[0]) =>
        rowsOf<{ statement: string }>(await run.execute(sql`select statement from pg_prepared_statements`)).map(
          (r) => r.statement,
        );
      await db.transaction(async (tx) => {
        await tx.execute(sql`select ${41}::int + 1 as inside`);
        expect(await prepared(tx)).toContainEqual(expect.stringContaining('as inside'));
      });
      await db.execute(sql`select 1 as plain`);
      const all = await Promise.all(Array.from({ length: 8 }, () => prepared(db)));
      expect(all.flat().some((s) => s.includes('as plain'))).toBe(false);
    } finally {
      await handle.close();
    }
  });
});
