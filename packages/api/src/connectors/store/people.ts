import { type Db, rowsOf, sql, type Tx } from '@tieline/db';
import type { StoreContext } from './context';
import { lockConnection } from './interactions';

/** A person as a source describes them (its own id; profile fields only, never content). */
export interface SourcePerson {
  externalId: string;
  email: string | null;
  name: string;
  title: string | null;
  /** Profile fields (department, location, custom fields): copied to networks when a query asks. */
  attributes: Record<string, string>;
  deactivated: boolean;
  /** From outside the organization (a Slack Connect user, a guest, an outside mail domain). */
  external: boolean;
}

const BATCH = 2_000;

/**
 * Stores people (merged by key across sources: the same email from Slack and Microsoft is one person)
 * and the connection's ids of them. Returns source id -> person id; excluded people are left out, so
 * their interactions are dropped by the caller.
 */
export async function upsertPeople(
  db: Db | Tx,
  ctx: StoreContext,
  people: SourcePerson[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const kept = people.filter((p) => !(p.email && ctx.excluded(p.email)));
  for (let i = 0; i < kept.length; i += BATCH) {
    const rows = kept.slice(i, i + BATCH).map((p) => {
      const key = p.email ? ctx.keyOf(p.email) : ctx.keyOf(`${ctx.source}:${p.externalId}@${ctx.connectionId}`);
      const pseudonymized = ctx.pseudonymOf !== null;
      return {
        external_id: p.externalId,
        key,
        name: pseudonymized ? ctx.pseudonymOf!(key) : p.name,
        email: pseudonymized || !p.email ? null : p.email.toLowerCase(),
        title: p.title,
        attributes: p.attributes,
        deactivated: p.deactivated,
        external: p.external,
      };
    });
    // One person per key within the batch (two source ids with one email): the last description wins.
    const byKey = new Map(rows.map((r) => [r.key, r]));
    // People are the account's, so a sync whose connection was disconnected meanwhile would make them
    // again: the connection is locked first (lockConnection), and a batch lands whole or not at all.
    const identities = await db.transaction(async (tx) => {
      await lockConnection(tx, ctx.connectionId);
      return await storeBatch(tx, ctx, rows, [...byKey.values()]);
    });
    for (const r of identities) ids.set(r.external_id, r.person_id);
  }
  return ids;
}

type PersonInsert = {
  external_id: string;
  key: string;
  name: string;
  email: string | null;
  title: string | null;
  attributes: Record<string, string>;
  deactivated: boolean;
  external: boolean;
};

/** One batch: the people (one per key) and the connection's ids of them. */
async function storeBatch(tx: Tx, ctx: StoreContext, rows: PersonInsert[], people: PersonInsert[]) {
  const stored = rowsOf<{ id: string; key: string }>(
    await tx.execute(sql`
        insert into passive_people (account_id, key, name, email, title, attributes, deactivated, external, sources)
        select ${ctx.accountId}::uuid, r.key, r.name, r.email, r.title, r.attributes, r.deactivated, r.external,
          jsonb_build_array(${ctx.source}::text)
        from json_to_recordset(${JSON.stringify(people)}::json)
          as r(key text, name text, email text, title text, attributes jsonb, deactivated boolean, external boolean)
        on conflict (account_id, key) do update set
          name = excluded.name, email = coalesce(excluded.email, passive_people.email),
          title = coalesce(excluded.title, passive_people.title),
          attributes = passive_people.attributes || excluded.attributes,
          deactivated = excluded.deactivated, external = excluded.external,
          sources = case when passive_people.sources ? ${ctx.source}::text then passive_people.sources
            else passive_people.sources || excluded.sources end
        returning id, key`),
  );
  const idOfKey = new Map(stored.map((r) => [r.key, Number(r.id)]));
  const identities = rows.map((r) => ({
    external_id: r.external_id,
    person_id: idOfKey.get(r.key)!,
    attributes: r.attributes,
  }));
  // Each identity keeps the fields this connection gave (connection-fields.ts renames only those).
  await tx.execute(sql`
      insert into passive_identities (connection_id, external_id, person_id, attributes)
      select ${ctx.connectionId}::uuid, r.external_id, r.person_id, r.attributes
      from json_to_recordset(${JSON.stringify(identities)}::json)
        as r(external_id text, person_id bigint, attributes jsonb)
      on conflict (connection_id, external_id) do update set
        person_id = excluded.person_id, attributes = excluded.attributes`);
  return identities;
}

/** The connection's source id -> person id map, as stored (a resumed sync starts from it). */
export async function identitiesOf(db: Db | Tx, connectionId: string): Promise<Map<string, number>> {
  const rows = rowsOf<{ external_id: string; person_id: string }>(
    await db.execute(
      sql`select i.external_id, i.person_id from passive_identities i where i.connection_id = ${connectionId}::uuid`,
    ),
  );
  return new Map(rows.map((r) => [r.external_id, Number(r.person_id)]));
}
