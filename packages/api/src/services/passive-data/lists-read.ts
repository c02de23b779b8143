import { asc, type Db, eq, passiveLists, rowsOf, sql, type Tx } from '@tieline/db';
import type { TPassiveList, TPassiveListDetail } from '@tieline/validation';
import { type ListRow, peopleAccountOf, requireList } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { personShown } from './pseudonym-view';

// Lists as every member of the module sees them. A list picked or uploaded holds person keys
// (passive_list_members); a Slack channel or user group list holds none: its members are read live
// from the conversation the connection keeps, so they follow the channel as it changes.

const SYNCED = ['slackChannel', 'slackUserGroup'] as const;
const isSynced = (kind: ListRow['kind']) => (SYNCED as readonly string[]).includes(kind);

/**
 * How many members each list has (a synced list's from its conversation). Every column is named with
 * its table: drizzle writes a selected column unqualified, and inside the subquery an unqualified
 * `connection_id` is the conversation's own (so it counted every account's conversations of that id).
 */
const memberCount = sql<number>`case when passive_lists.kind in ('slackChannel', 'slackUserGroup') then
    coalesce((select jsonb_array_length(c.members) from passive_conversations c
      where c.connection_id = passive_lists.connection_id and c.external_id = passive_lists.source_id), 0)
  else (select count(*) from passive_list_members m
    where m.list_id = passive_lists.id and m.generation = passive_lists.generation) end`.mapWith(Number);

export const listView = (row: ListRow, members: number): TPassiveList => ({
  _id: row.id,
  name: row.name,
  kind: row.kind,
  connectionId: row.connectionId,
  sourceId: row.sourceId,
  members,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listViewOf(db: Db | Tx, id: string): Promise<TPassiveList> {
  const [row] = await db
    .select({ list: passiveLists, members: memberCount })
    .from(passiveLists)
    .where(eq(passiveLists.id, id));
  return listView(row!.list, row!.members);
}

export async function listLists(deps: Deps, caller: SignedInCaller): Promise<TPassiveList[]> {
  const account = await peopleAccountOf(deps.db, deps.secrets, caller.actor);
  const rows = await deps.db
    .select({ list: passiveLists, members: memberCount })
    .from(passiveLists)
    .where(eq(passiveLists.accountId, account.id))
    .orderBy(asc(passiveLists.name), asc(passiveLists.id));
  return rows.map((r) => listView(r.list, r.members));
}

type MemberRow = {
  person_id: string | null;
  name: string | null;
  email: string | null;
  key: string | null;
  deactivated: boolean | null;
};

/** A list with its members: the people found, then the addresses no source has given yet. */
export async function getList(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<TPassiveListDetail> {
  const account = await peopleAccountOf(deps.db, deps.secrets, caller.actor);
  const list = await requireList(deps.db, account, input.id);
  const rows = rowsOf<MemberRow>(
    isSynced(list.kind)
      ? await deps.db.execute(sql`
          select p.id as person_id, p.name, p.email, p.key, p.deactivated from passive_conversations c
          cross join lateral jsonb_array_elements_text(c.members) as m(id)
          join passive_people p on p.id = m.id::bigint and p.account_id = ${account.id}::uuid
          where c.connection_id = ${list.connectionId}::uuid and c.external_id = ${list.sourceId}
          order by lower(p.name), p.id`)
      : await deps.db.execute(sql`
          select p.id as person_id, p.name, p.email, m.key, p.deactivated from passive_list_members m
          left join passive_people p on p.account_id = ${account.id}::uuid and p.key = m.key
          where m.list_id = ${list.id}::uuid and m.generation = ${list.generation}
          order by p.id is null, lower(p.name), m.key`),
  );
  const shown = personShown(account, deps.secrets);
  const people = rows.map((r) => {
    if (r.person_id === null) {
      // An address not found yet is its key, unless pseudonymized (then only its HMAC is kept).
      const email = r.key && !r.key.startsWith('h:') && !account.pseudonymize ? r.key : null;
      return { personId: null, name: null, email, found: false, deactivated: false };
    }
    const { name, email } = shown({ key: r.key ?? '', name: r.name ?? '', email: r.email });
    return { personId: String(r.person_id), name, email, found: true, deactivated: r.deactivated === true };
  });
  return { ...listView(list, people.length), people };
}
