import { organizations, passiveConnections, rowsOf, sql } from '@tieline/db';
import { createTestDb, type TestDbHandle } from '@tieline/db/testing';
import { PASSIVE_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passiveAccountOf } from '../src/access/passive-data';
import type { Actor } from '../src/auth/actor';
import { secretBox } from '../src/auth/secrets';
import { contextOf } from '../src/connectors/store/context';
import { countInteractions, deleteConnectionData, replaceMessages } from '../src/connectors/store/interactions';
import { listPartitions, purgeExpired } from '../src/connectors/store/partitions';
import { type SourcePerson, upsertPeople } from '../src/connectors/store/people';

// The passive-data store on a real migrated database: monthly partitions made as data arrives,
// messages replaced rather than added when imported again, pseudonymized keys, retention, Disconnect.

let handle: TestDbHandle;
const secrets = secretBox(Buffer.alloc(32, 7));
const person = (externalId: string, email: string | null, name = externalId): SourcePerson => ({
  externalId,
  email,
  name,
  title: null,
  attributes: { department: 'Sales' },
  deactivated: false,
  external: false,
});

async function setup(pseudonymize = false) {
  const [org] = await handle.db.insert(organizations).values({ name: 'Acme', modules: {} }).returning();
  const actor = { organizationId: org!.id, userId: crypto.randomUUID(), permission: 'Owner' } as Actor;
  let account = await passiveAccountOf(handle.db, secrets, actor);
  if (pseudonymize) account = { ...account, pseudonymize: true };
  const [connection] = await handle.db
    .insert(passiveConnections)
    .values({ accountId: account.id, source: 'slack', method: 'export', name: 'Slack' })
    .returning();
  // As a sync early in 2024 would store them (the tests' messages are from then).
  const ctx = contextOf(account, secrets, connection!.id, 'slack', new Date('2024-02-01T00:00:00Z'));
  return { account, connection: connection!, ctx };
}

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle.close());

describe('passive-data store', () => {
  it('makes monthly partitions and replaces a message imported twice', async () => {
    const { ctx, connection } = await setup();
    const ids = await upsertPeople(handle.db, ctx, [
      person('U1', 'a@acme.com'),
      person('U2', 'b@acme.com'),
      person('U3', null),
    ]);
    expect(ids.size).toBe(3);
    const messages = [
      {
        conversation: 'C1',
        messageKey: '1700000000.000100',
        at: new Date('2023-11-14T22:13:20Z'),
        recipients: 1,
        interactions: [
          { type: 'mention' as const, from: 'U1', to: 'U2' },
          { type: 'reaction' as const, from: 'U1', to: 'U1' },
          { type: 'reply' as const, from: 'U1', to: 'UNKNOWN' },
        ],
      },
      {
        conversation: 'C1',
        messageKey: '1706000000.000100',
        at: new Date('2024-01-23T08:53:20Z'),
        recipients: 1,
        interactions: [{ type: 'reply' as const, from: 'U3', to: 'U1' }],
      },
    ];
    expect(await replaceMessages(handle.db, ctx, ids, messages)).toBe(2);
    expect(await replaceMessages(handle.db, ctx, ids, messages)).toBe(2);
    expect(await countInteractions(handle.db, connection.id)).toBe(2);
    const names = (await listPartitions(handle.db)).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['passive_interactions_y2023m11', 'passive_interactions_y2024m01']));
    expect(await purgeExpired(handle.db, new Date('2024-06-01T00:00:00Z'))).toEqual(['passive_interactions_y2023m11']);
    expect(await countInteractions(handle.db, connection.id)).toBe(1);
    await deleteConnectionData(handle.db, connection.id);
    expect(await countInteractions(handle.db, connection.id)).toBe(0);
    // A sync still running after Disconnect stores nothing more: its next batch stops it.
    await expect(replaceMessages(handle.db, ctx, ids, messages)).rejects.toThrow(PASSIVE_MSG.connectionNotFound);
    expect(await countInteractions(handle.db, connection.id)).toBe(0);
    const people = rowsOf(
      await handle.db.execute(sql`select id from passive_people where account_id = ${ctx.accountId}::uuid`),
    );
    expect(people).toHaveLength(0);
  });

  it('keeps no email or name when pseudonymized, and the same key for the same address', async () => {
    const { ctx } = await setup(true);
    const first = await upsertPeople(handle.db, ctx, [person('U1', 'Ann@Acme.com', 'Ann Smith')]);
    const again = await upsertPeople(handle.db, ctx, [person('U9', 'ann@acme.com', 'Ann Smith')]);
    expect(again.get('U9')).toBe(first.get('U1'));
    const [row] = rowsOf<{ name: string; email: string | null; key: string }>(
      await handle.db.execute(
        sql`select name, email, key from passive_people where account_id = ${ctx.accountId}::uuid`,
      ),
    );
    expect(row!.email).toBeNull();
    expect(row!.name).toMatch(/^Person [A-Z2-9]{8}$/);
    expect(row!.key).not.toContain('ann');
  });
});
