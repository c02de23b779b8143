import { copyInto, copyValue, type Db, sql } from '@tieline/db';
import type { TInteractionType } from '@tieline/validation';
import type { StoreContext } from './context';
import { INTERACTION_COLUMNS, lockConnection } from './interactions';
import { ensurePartitions, holdPartitions, madeAgainIfGone } from './partitions';

// Relations (Microsoft People's "top X", the directory's reporting line) describe how things stand
// now, not something that happened: each sync replaces the whole set of a conversation ('directory',
// 'people') at once, stamped with the sync's time, so a query always sees the latest set and a
// relation that ended is gone. Same table as interactions, so retention, disconnect and pseudonymized
// people work the same way.

export interface SourceRelation {
  type: TInteractionType;
  /** Source ids of people (unknown or excluded ones are dropped, as for interactions). */
  from: string;
  to: string;
  weight: number;
}

/** Replaces the connection's relations of `conversation` by `relations`. Returns how many were stored. */
export async function replaceRelations(
  db: Db,
  ctx: StoreContext,
  people: Map<string, number>,
  conversation: string,
  relations: SourceRelation[],
  at = new Date(),
): Promise<number> {
  const when = copyValue(at.toISOString());
  const where = copyValue(conversation);
  const lines: string[] = [];
  for (const r of relations) {
    const from = people.get(r.from);
    const to = people.get(r.to);
    if (from === undefined || to === undefined || from === to) continue;
    // One message key per person: what they relate to, as of this sync.
    lines.push(
      `${ctx.accountId}\t${ctx.connectionId}\t${when}\t${r.type}\t${from}\t${to}\t${where}\t${copyValue(r.from)}\t1\t${r.weight}\n`,
    );
  }
  // As the other writers: a month dropped by another server since this process made it is made again.
  await madeAgainIfGone(db, async () => {
    await ensurePartitions(db, [at]);
    await db.transaction(async (tx) => {
      // As replaceMessages: a Disconnect under way either deletes these too or stops this sync.
      await lockConnection(tx, ctx.connectionId);
      await holdPartitions(tx, [at]);
      await tx.execute(sql`
        delete from passive_interactions i
        where i.connection_id = ${ctx.connectionId}::uuid and i.conversation = ${conversation}`);
      if (lines.length > 0) await copyInto(tx, 'passive_interactions', INTERACTION_COLUMNS, lines);
    });
  });
  return lines.length;
}
