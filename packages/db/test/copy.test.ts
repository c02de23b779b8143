import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyInto, copyValue, rowsOf, sql, type Tx } from '../src/index';
import { createTestDb, type TestDbHandle } from '../src/testing';

let h: TestDbHandle;
beforeAll(async () => {
  h = await createTestDb();
  await h.db.execute(sql`create table copy_parent (id int primary key)`);
  await h.db.execute(sql`insert into copy_parent values (1)`);
  await h.db.execute(sql`
    create table copy_child (
      id int primary key, parent int not null references copy_parent (id), note text, data jsonb)`);
});
afterAll(() => h.close());

const line = (id: number, parent: number, note: string | null, data: unknown) =>
  `${id}\t${parent}\t${copyValue(note)}\t${copyValue(JSON.stringify(data))}\n`;
const copyChildren = (tx: Tx, chunks: Iterable<string>) =>
  copyInto(tx, 'copy_child', ['id', 'parent', 'note', 'data'], chunks);
const children = async () =>
  rowsOf<{ id: number; note: string | null; data: unknown }>(
    await h.db.execute(sql`select id, note, data from copy_child order by id`),
  );

describe('copyInto', () => {
  it('stores every row of every chunk, with the characters COPY escapes and nulls intact', async () => {
    const notes = ['tab\there', 'line\nbreak', 'cr\rhere', 'back\\slash \\N', '\\', 'Zoë 😀 東京', '', null];
    const many = Array.from({ length: 2500 }, (_, i) => line(100 + i, 1, `row ${i}`, { i }));
    await h.db.transaction(async (tx) => {
      await copyChildren(tx, [notes.map((n, i) => line(i, 1, n, { n, quote: '"\\' })).join(''), ...many]);
    });
    const rows = await children();
    expect(rows).toHaveLength(notes.length + many.length);
    expect(rows.slice(0, notes.length).map((r) => r.note)).toEqual(notes);
    expect(rows[0]!.data).toEqual({ n: 'tab\there', quote: '"\\' });
    expect(rows.at(-1)).toEqual({ id: 2599, note: 'row 2499', data: { i: 2499 } });
  });

  it('streams more than the socket buffers (waits for the server to take each chunk)', async () => {
    const big = 'x'.repeat(4000);
    const chunks = Array.from({ length: 400 }, (_, i) => line(10_000 + i, 1, big, null));
    await h.db.transaction(async (tx) => {
      await copyChildren(tx, chunks);
      const [count] = rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from copy_child where id >= 10000`),
      );
      expect(count!.n).toBe(400);
      await tx.execute(sql`delete from copy_child where id >= 10000`);
    });
  });

  it('fails with the database error, without hanging, when a row breaks a constraint checked at the end', async () => {
    const before = await children();
    // The foreign key is checked after the last row: postgres.js reports that to no one by itself.
    await expect(
      h.db.transaction((tx) => copyChildren(tx, [line(50_000, 1, 'fine', null), line(50_001, 2, 'orphan', null)])),
    ).rejects.toThrow(/foreign key/);
    expect(await children()).toEqual(before);
  });

  it('fails when the server refuses a row while data still streams, and rolls back with the transaction', async () => {
    const before = await children();
    const bad = `not-a-number\t1\t\\N\t\\N\n`;
    const chunks = [bad, ...Array.from({ length: 300 }, (_, i) => line(60_000 + i, 1, 'y'.repeat(2000), null))];
    await expect(h.db.transaction((tx) => copyChildren(tx, chunks))).rejects.toThrow(/integer|invalid/i);
    expect(await children()).toEqual(before);
  });

  it('leaves the transaction usable after a successful copy', async () => {
    await h.db.transaction(async (tx) => {
      await copyChildren(tx, [line(70_000, 1, 'then', null)]);
      await tx.execute(sql`update copy_child set note = 'after' where id = 70000`);
    });
    expect((await children()).find((r) => r.id === 70_000)?.note).toBe('after');
  });
});
