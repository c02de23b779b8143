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
    const rows = rowsOf<{ f: string; plan: string }>(
      await handle.db.execute(sql`select tieline_fold('Ádá LÖVELACE Ñoño') as f`),
    );
    expect(rows[0]!.f).toBe('ada lovelace nono');
    const similar = rowsOf<{ s: boolean }>(await handle.db.execute(sql`select 'lovelace' % 'lovelase' as s`));
    expect(similar[0]!.s).toBe(true);
  });
});
