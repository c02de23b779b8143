import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, rowsOf, sql } from '../src/index';
import { createTestDb } from '../src/testing';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

describe('tieline_fold (search names)', () => {
  it('folds case and accents, and the trigram index can answer substring search', async () => {
    const rows = rowsOf<{ f: string }>(await handle.db.execute(sql`select tieline_fold('Ádá LÖVELACE Ñoño') as f`));
    expect(rows[0]!.f).toBe('ada lovelace nono');
    // Substring search as the product runs it (matching-nodes.ts: `like '%…%'` over the folded name),
    // answered by a gin_trgm_ops index. Not pg_trgm's `%` similarity operator: on PGlite 0.5.16 its
    // similarity_op returns no row and leaves the instance hung (the product never uses it).
    await handle.db.transaction(async (tx) => {
      await tx.execute(
        sql`create temp table people (name text, f text generated always as (tieline_fold(name)) stored) on commit drop`,
      );
      await tx.execute(sql`create index people_trgm on people using gin (f gin_trgm_ops)`);
      await tx.execute(
        sql`insert into people (name) values ('Ada Lovelace'), ('Grace Hopper'), ('Ádá Lövelace-Byron')`,
      );
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = sql`select name from people where f like '%velac%' order by name`;
      const plan = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${query}`));
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('Bitmap Index Scan on people_trgm');
      const found = rowsOf<{ name: string }>(await tx.execute(query));
      expect(found.map((r) => r.name)).toEqual(['Ada Lovelace', 'Ádá Lövelace-Byron']);
    });
  });
});
