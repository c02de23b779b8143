import { copyInto, copyValue, type Db, rowsOf, sql, type Tx } from '@tieline/db';
import { PASSIVE_MSG, type TInteractionType } from '@tieline/validation';
import { SyncError } from '../sync-error';
import type { StoreContext } from './context';
import { ensurePartitions, holdPartitions, madeAgainIfGone, noteRowsWritten } from './partitions';

/** One message (or email, or event) and the interactions it gives, by source ids of people. */
export interface SourceMessage {
  /** Channel, DM, mailbox or calendar: where it happened (an id, never a name or subject). */
  conversation: string;
  /** The source's own id of the message (Slack ts, internetMessageId, iCalUId): replaced together. */
  messageKey: string;
  at: Date;
  /** Recipients of the message (a group DM's other members, an email's to + cc + bcc). */
  recipients: number;
  interactions: { type: TInteractionType; from: string; to: string; weight?: number }[];
}

/** The columns a batch is COPYed into (the ingest bench's baseline copies the same). */
export const INTERACTION_COLUMNS = [
  'account_id',
  'connection_id',
  'at',
  'type',
  'from_id',
  'to_id',
  'conversation',
  'message_key',
  'recipients',
  'weight',
] as const;

/**
 * Stores a batch of messages in one transaction, replacing whatever an earlier (killed or repeated)
 * import stored for the same messages: the same export imported twice, or a sync resumed half way,
 * counts each message once. Interactions naming people the connection does not know (unknown ids,
 * excluded addresses, bots) and self-interactions are dropped. Messages dated outside the context's
 * window (StoreContext.window) are skipped, every connector alike, and their interactions added to the
 * connection's skipped count in the same transaction (the card says how many). Returns the
 * interactions stored.
 */
export async function replaceMessages(
  db: Db,
  ctx: StoreContext,
  people: Map<string, number>,
  messages: SourceMessage[],
): Promise<number> {
  if (messages.length === 0) return 0;
  const from = ctx.window.from.getTime();
  const to = ctx.window.to.getTime();
  const kept: SourceMessage[] = [];
  let skipped = 0;
  for (const m of messages) {
    const t = m.at.getTime();
    if (t >= from && t <= to) kept.push(m);
    else skipped += m.interactions.filter((i) => stores(people, i)).length;
  }
  let stored = 0;
  const lines: string[] = [];
  const stamps: Date[] = [];
  for (const m of kept) {
    const at = copyValue(m.at.toISOString());
    const conversation = copyValue(m.conversation);
    const key = copyValue(m.messageKey);
    for (const i of m.interactions) {
      if (!stores(people, i)) continue;
      lines.push(
        `${ctx.accountId}\t${ctx.connectionId}\t${at}\t${i.type}\t${people.get(i.from)}\t${people.get(i.to)}\t${conversation}\t${key}\t${m.recipients}\t${i.weight ?? 1}\n`,
      );
      stamps.push(m.at);
      stored++;
    }
  }
  const months = kept.map((m) => m.at);
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const m of kept) {
    first = Math.min(first, m.at.getTime());
    last = Math.max(last, m.at.getTime());
  }
  const write = async () => {
    if (kept.length > 0) await ensurePartitions(db, months);
    await db.transaction(async (tx) => {
      await lockConnection(tx, ctx.connectionId);
      if (skipped > 0)
        await tx.execute(
          sql`update passive_connections c set skipped_count = c.skipped_count + ${skipped} where c.id = ${ctx.connectionId}::uuid`,
        );
      if (kept.length === 0) return;
      await holdPartitions(tx, months);
      const range = [new Date(first).toISOString(), new Date(last).toISOString()] as const;
      await deleteMessages(tx, ctx.connectionId, kept, ...range);
      if (lines.length > 0) await copyInto(tx, 'passive_interactions', INTERACTION_COLUMNS, lines);
    });
  };
  // A month emptied and dropped by another server between ensurePartitions and the lock: make it again.
  await madeAgainIfGone(db, write);
  await noteRowsWritten(db, stamps);
  return stored;
}

/**
 * Every write of a sync runs in a transaction that first takes this lock. A Disconnect locks the row
 * before deleting (deleteConnectionData): a write either lands before it, and is deleted with the
 * rest, or finds the connection gone and stops the sync (SyncError), writing nothing again.
 */
export async function lockConnection(tx: Tx, connectionId: string): Promise<void> {
  const alive = rowsOf(
    await tx.execute(sql`select 1 from passive_connections c where c.id = ${connectionId}::uuid for share`),
  );
  if (alive.length === 0) throw new SyncError(PASSIVE_MSG.connectionNotFound);
}

/** Whether an interaction is kept: both people known to the connection, and not the same person. */
function stores(people: Map<string, number>, i: { from: string; to: string }): boolean {
  const from = people.get(i.from);
  const to = people.get(i.to);
  return from !== undefined && to !== undefined && from !== to;
}

async function deleteMessages(tx: Tx, connectionId: string, messages: SourceMessage[], first: string, last: string) {
  const byConversation = new Map<string, string[]>();
  for (const m of messages) {
    const keys = byConversation.get(m.conversation) ?? [];
    keys.push(m.messageKey);
    byConversation.set(m.conversation, keys);
  }
  // One statement per conversation, its keys as one array: an index scan of (connection, conversation,
  // message_key) whatever the statistics (a join with json_to_recordset was planned as a scan of the
  // connection's whole partition). The window bounds let PostgreSQL skip every other month's partition.
  for (const [conversation, keys] of byConversation) {
    await tx.execute(sql`
      delete from passive_interactions i
      where i.connection_id = ${connectionId}::uuid and i.at between ${first}::timestamptz and ${last}::timestamptz
        and i.conversation = ${conversation} and i.message_key = any(array(select k.v from json_array_elements_text(${JSON.stringify(keys)}::json) as k(v)))`);
  }
}

/** Interactions stored for a connection (the count its status shows). */
export async function countInteractions(db: Db | Tx, connectionId: string): Promise<number> {
  const [row] = rowsOf<{ n: string }>(
    await db.execute(
      sql`select count(*) as n from passive_interactions i where i.connection_id = ${connectionId}::uuid`,
    ),
  );
  return Number(row?.n ?? 0);
}

/**
 * Deletes everything a connection brought (Disconnect): its interactions, ids and people only it knew.
 * Answers the upload its row named (a zip waiting for, or being read by, its import), for the caller to
 * delete once this has committed.
 */
export async function deleteConnectionData(db: Db, connectionId: string): Promise<{ uploadKey: string | null }> {
  return await db.transaction(async (tx) => {
    // First the row, so a sync's batch under way commits before its rows are deleted (replaceMessages).
    await tx.execute(sql`select 1 from passive_connections c where c.id = ${connectionId}::uuid for update`);
    await tx.execute(sql`delete from passive_interactions i where i.connection_id = ${connectionId}::uuid`);
    await tx.execute(sql`
      delete from passive_people p using passive_identities i
      where i.connection_id = ${connectionId}::uuid and p.id = i.person_id
        and not exists (select 1 from passive_identities o where o.person_id = p.id and o.connection_id <> ${connectionId}::uuid)`);
    const [row] = rowsOf<{ upload_key: string | null }>(
      await tx.execute(
        sql`delete from passive_connections c where c.id = ${connectionId}::uuid returning c.upload_key`,
      ),
    );
    return { uploadKey: row?.upload_key ?? null };
  });
}
