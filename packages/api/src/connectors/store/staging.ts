import { copyInto, copyValue, type Db, rowsOf, sql } from '@tieline/db';
import { PASSIVE_MSG } from '@tieline/validation';
import { SyncError } from '../sync-error';
import type { StoreContext } from './context';
import { ensurePartitions, holdPartitions, madeAgainIfGone, noteRowsWritten } from './partitions';
import { type SourcePerson, upsertPeople } from './people';

// An export's import is all or nothing. Its people, conversations and interactions are written to the
// staging tables (db schema passive-staging.ts) as the worker reads them, in bounded batches, each in
// a short transaction of its own; once the whole export was read, one swap transaction moves them into
// the real tables. A failed or killed import leaves the connection's data exactly as it was (its
// staging rows are deleted at the failure, or at the next attempt's start).
//
// Why staging and one swap rather than one transaction for the whole import: an import runs for minutes
// to hours, and PGlite has a single connection, so one long transaction would hold every other
// account's writes (and reads) for as long; on PostgreSQL it would hold a snapshot and locks as long.
// The swap is one set-based statement per table, short next to reading the export. Why staging tables
// rather than rows tagged "pending" in passive_interactions: every reader of interactions (queries, the
// weekly chart, counts, retention) stays as it is and cannot forget the tag, and a failed import makes
// no partition.

/** A conversation as the import leaves it: members by source id, and its cursor (the last day read). */
export interface StagedConversation {
  id: string;
  name: string;
  kind: 'channel' | 'private' | 'im' | 'mpim';
  members: string[];
  archived: boolean;
  cursor: string | null;
}

/**
 * An interaction by source ids: [ms since 1970, type, from, to, conversation, message key, recipients].
 * Type '' (from and to '') names a message read again that gives no interaction now: the swap still
 * removes what an earlier import stored for it, and stores nothing.
 */
export type StagedInteraction = [number, string, string, string, string, string, number];

const STAGED_COLUMNS = [
  'connection_id',
  'at',
  'type',
  'from_external_id',
  'to_external_id',
  'conversation',
  'message_key',
  'recipients',
] as const;

/** People read back per statement at the swap (upsertPeople's own batch). */
const SWAP_PEOPLE = 2_000;

export async function clearStaging(db: Db, connectionId: string): Promise<void> {
  for (const table of ['passive_staged_interactions', 'passive_staged_conversations', 'passive_staged_people'])
    await db.execute(sql`delete from ${sql.identifier(table)} where connection_id = ${connectionId}::uuid`);
}

export async function stagePeople(db: Db, connectionId: string, people: SourcePerson[]): Promise<void> {
  // One row per id within a statement (ON CONFLICT cannot touch a row twice): the last description wins.
  const rows = [...new Map(people.map((p) => [p.externalId, { external_id: p.externalId, person: p }])).values()];
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into passive_staged_people (connection_id, external_id, person)
    select ${connectionId}::uuid, r.external_id, r.person
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(external_id text, person jsonb)
    on conflict (connection_id, external_id) do update set person = excluded.person`);
}

export async function stageConversations(db: Db, connectionId: string, batch: StagedConversation[]): Promise<void> {
  const rows = [...new Map(batch.map((c) => [c.id, { ...c, external_id: c.id }])).values()];
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into passive_staged_conversations (connection_id, external_id, name, kind, members, archived, cursor)
    select ${connectionId}::uuid, r.external_id, r.name, r.kind, r.members, r.archived, r.cursor
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as r(external_id text, name text, kind text, members jsonb, archived boolean, cursor text)
    on conflict (connection_id, external_id) do update set
      name = excluded.name, kind = excluded.kind, members = excluded.members, archived = excluded.archived,
      cursor = excluded.cursor`);
}

/**
 * Stages a batch; answers how many of its interactions fall outside `window` (now - retention .. now +
 * 1 day): those are not staged at all, only counted (the swap adds them to the import's skipped), so an
 * export of far-off dates costs no writes.
 */
export async function stageInteractions(
  db: Db,
  connectionId: string,
  batch: StagedInteraction[],
  window: StoreContext['window'],
): Promise<number> {
  const first = window.from.getTime();
  const last = window.to.getTime();
  const inside = (at: number) => at >= first && at <= last;
  const kept = batch.filter(([at]) => inside(at));
  const skipped = batch.filter(([at, type]) => !inside(at) && type !== '').length;
  if (kept.length === 0) return skipped;
  const lines = kept.map(
    ([at, type, from, to, conversation, key, recipients]) =>
      `${connectionId}\t${new Date(at).toISOString()}\t${copyValue(type)}\t${copyValue(from)}\t${copyValue(to)}\t${copyValue(conversation)}\t${copyValue(key)}\t${recipients}\n`,
  );
  await db.transaction((tx) => copyInto(tx, 'passive_staged_interactions', STAGED_COLUMNS, lines));
  return skipped;
}

/**
 * Moves the connection's staged import into the real tables in one transaction: people and their ids,
 * then (for conversations an earlier import stored) the earlier copies of every message read again, the
 * interactions (source ids become person ids; excluded and unknown people, and self-interactions, are
 * dropped), the conversations with their new cursors; then empties the staging. Answers how many of
 * the messages it stored were not stored before (a later export repeats the days from each cursor).
 */
export async function swapStaged(
  db: Db,
  ctx: StoreContext,
  /** Interactions stageInteractions left out (outside the window). */
  skippedAtStaging = 0,
): Promise<{ newMessages: number }> {
  const id = ctx.connectionId;
  // Times outside the context's window (now - retention .. now + 1 day) are skipped, as every other
  // connector's are (replaceMessages), and counted on the connection at the swap: no partition is made
  // for a month no kept row uses.
  const [outside] = rowsOf<{ n: string }>(
    await db.execute(sql`
      with gone as (
        delete from passive_staged_interactions s
        where s.connection_id = ${id}::uuid and (s.at < ${ctx.window.from.toISOString()}::timestamptz
          or s.at > ${ctx.window.to.toISOString()}::timestamptz)
        returning s.type)
      select count(*) filter (where g.type <> '') as n from gone g`),
  );
  const skipped = skippedAtStaging + Number(outside?.n ?? 0);
  const months = rowsOf<{ month: string; n: string }>(
    await db.execute(sql`
      select to_char(s.at at time zone 'UTC', 'YYYY-MM') as month, count(*) as n from passive_staged_interactions s
      where s.connection_id = ${id}::uuid and s.type <> '' group by 1`),
  );
  const monthDates = months.map((m) => ({ at: new Date(`${m.month}-01T00:00:00Z`), n: Number(m.n) }));
  const dates = monthDates.map((m) => m.at);
  // A month emptied and dropped by another server between ensurePartitions and the lock: make it again.
  const newMessages = await madeAgainIfGone(db, () => swapOnce(db, ctx, dates, skipped));
  await noteRowsWritten(db, repeated(monthDates));
  return { newMessages };
}

/** The swap's one transaction: the connection's staged rows replace their earlier copies, or nothing. */
async function swapOnce(db: Db, ctx: StoreContext, dates: Date[], skipped: number): Promise<number> {
  const id = ctx.connectionId;
  // Made before the transaction (a partition is shared by every account, and empty until the swap).
  await ensurePartitions(db, dates);
  return await db.transaction(async (tx) => {
    // A Disconnect locks the row before deleting (deleteConnectionData): the swap lands before it, and is
    // deleted with the rest, or finds the connection gone.
    const alive = rowsOf(
      await tx.execute(sql`select 1 from passive_connections c where c.id = ${id}::uuid for update`),
    );
    if (alive.length === 0) throw new SyncError(PASSIVE_MSG.connectionNotFound);
    await holdPartitions(tx, dates);
    if (skipped > 0) {
      await tx.execute(
        sql`update passive_connections c set skipped_count = c.skipped_count + ${skipped} where c.id = ${id}::uuid`,
      );
    }
    for (let after = ''; ; ) {
      const staged = rowsOf<{ external_id: string; person: SourcePerson }>(
        await tx.execute(sql`
          select external_id, person from passive_staged_people
          where connection_id = ${id}::uuid and external_id > ${after} order by external_id limit ${SWAP_PEOPLE}`),
      );
      if (staged.length === 0) break;
      await upsertPeople(
        tx,
        ctx,
        staged.map((r) => r.person),
      );
      after = staged.at(-1)!.external_id;
    }
    // Before the earlier copies go: the staged messages no earlier import stored (one anti-join).
    const [added] = rowsOf<{ n: string }>(
      await tx.execute(sql`
        select count(*) as n from (
          select distinct s.conversation, s.message_key from passive_staged_interactions s
          where s.connection_id = ${id}::uuid and s.type <> '') m
        where not exists (select 1 from passive_interactions i
          where i.account_id = ${ctx.accountId}::uuid and i.connection_id = ${id}::uuid
            and i.conversation = m.conversation and i.message_key = m.message_key)`),
    );
    const reread = rowsOf<{ conversation: string; first: string; last: string }>(
      await tx.execute(sql`
        select s.conversation, min(s.at)::text as first, max(s.at)::text as last from passive_staged_interactions s
        join passive_conversations c on c.connection_id = s.connection_id and c.external_id = s.conversation
        where s.connection_id = ${id}::uuid and c.cursor is not null group by s.conversation`),
    );
    // One statement per conversation with its keys as one array, bounded in time so that PostgreSQL
    // scans only those months' partitions (as replaceMessages deletes).
    for (const r of reread)
      await tx.execute(sql`
        delete from passive_interactions
        where connection_id = ${id}::uuid and at between ${r.first}::timestamptz and ${r.last}::timestamptz
          and conversation = ${r.conversation}
          and message_key = any(array(select message_key from passive_staged_interactions
            where connection_id = ${id}::uuid and conversation = ${r.conversation}))`);
    await tx.execute(sql`
      insert into passive_interactions
        (account_id, connection_id, at, type, from_id, to_id, conversation, message_key, recipients, weight)
      select ${ctx.accountId}::uuid, s.connection_id, s.at, s.type, f.person_id, t.person_id, s.conversation,
        s.message_key, s.recipients, s.weight
      from passive_staged_interactions s
      join passive_identities f on f.connection_id = s.connection_id and f.external_id = s.from_external_id
      join passive_identities t on t.connection_id = s.connection_id and t.external_id = s.to_external_id
      where s.connection_id = ${id}::uuid and s.type <> '' and f.person_id <> t.person_id`);
    await tx.execute(sql`
      insert into passive_conversations (connection_id, external_id, name, kind, members, archived, cursor)
      select s.connection_id, s.external_id, s.name, s.kind,
        coalesce((select jsonb_agg(p.person_id order by p.ord) from (
          select i.person_id, min(m.ord) as ord from jsonb_array_elements_text(s.members) with ordinality m(ext, ord)
          join passive_identities i on i.connection_id = s.connection_id and i.external_id = m.ext
          group by i.person_id) p), '[]'::jsonb),
        s.archived, s.cursor
      from passive_staged_conversations s where s.connection_id = ${id}::uuid
      on conflict (connection_id, external_id) do update set
        name = excluded.name, kind = excluded.kind, members = excluded.members, archived = excluded.archived,
        cursor = greatest(passive_conversations.cursor, excluded.cursor)`);
    for (const table of ['passive_staged_interactions', 'passive_staged_conversations', 'passive_staged_people'])
      await tx.execute(sql`delete from ${sql.identifier(table)} where connection_id = ${id}::uuid`);
    return Number(added?.n ?? 0);
  });
}

/** Each month's date once per row written into it (noteRowsWritten counts rows by their dates). */
function* repeated(months: { at: Date; n: number }[]): Generator<Date> {
  for (const m of months) for (let i = 0; i < m.n; i++) yield m.at;
}
