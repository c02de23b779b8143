import { type Db, rowsOf, sql, sqlStateOf, type Tx } from '@tieline/db';
import { perDb } from '../../per-db';

// passive_interactions is partitioned by calendar month (UTC) on `at`. A month's partition is made the
// first time an interaction of that month arrives; two servers making the same one at once is fine
// (the loser sees it exists). Partitions are shared by every account, so none is made beyond next month
// (writers skip times outside their window first: StoreContext.window). Retention drops whole partitions
// once every account's window has passed them, deletes an account's older rows from the partitions still
// kept (see purgeExpired), and, with Disconnect, drops the partitions no row uses (dropEmptyPartitions).

const monthStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
const nextMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
export const partitionName = (d: Date) =>
  `passive_interactions_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * Partitions this process knows exist, per database (a cache: creating is idempotent anyway). Another
 * server may drop one since (dropEmptyPartitions): writers find out under their lock (holdPartitions) and
 * make it again (madeAgainIfGone).
 */
const made = perDb(() => new Set<string>());

/** A write that needs a month beyond next month: refused rather than making a partition for everyone. */
export class PartitionRefusedError extends Error {
  constructor(readonly month: string) {
    super(`No partition is made beyond next month (${month})`);
    this.name = 'PartitionRefusedError';
  }
}

/** Makes the monthly partitions covering `dates` that do not exist yet (never one beyond next month). */
export async function ensurePartitions(db: Db, dates: Iterable<Date>, now = new Date()): Promise<void> {
  const months = new Map<string, Date>();
  const latest = nextMonth(now);
  for (const d of dates) {
    const start = monthStart(d);
    if (start > latest) throw new PartitionRefusedError(partitionName(start));
    months.set(partitionName(start), start);
  }
  for (const [name, start] of months) {
    if (made(db).has(name)) continue;
    const from = start.toISOString();
    const to = nextMonth(start).toISOString();
    try {
      await db.execute(
        sql.raw(
          `create table if not exists ${name} partition of passive_interactions for values from ('${from}') to ('${to}')`,
        ),
      );
    } catch (error) {
      // Another server made it between our check and create: what we wanted.
      if (!(await partitionExists(db, name))) throw error;
    }
    made(db).add(name);
  }
}

/**
 * Runs a writer's `write` (which makes the partitions of its months with ensurePartitions, then holds them
 * in its transaction with holdPartitions) and, when another server dropped one of them in between, once
 * more after forgetting what this process thought it had made.
 */
export async function madeAgainIfGone<T>(db: Db, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof PartitionGoneError)) throw error;
    made(db).clear();
    return await write();
  }
}

/** Rows this process wrote per partition, and when it next refreshes that partition's statistics, per database. */
const writtenIn = perDb(() => new Map<string, { rows: number; analyzeAt: number }>());

/**
 * Notes rows written into the months of `dates` (one per row). A month's partition filled by a sync has
 * no planner statistics yet (PGlite never gathers them; PostgreSQL's autovacuum only after a while), and
 * without them replaceMessages' delete of earlier copies scans the connection's whole conversation
 * instead of using the message index: measured 549 ms instead of 9.5 ms for a page of 300 emails among
 * 150,000 rows, growing with the rows stored. So a partition is analyzed once this process wrote 10,000
 * rows into it, then at each tenfold.
 */
export async function noteRowsWritten(db: Db, dates: Iterable<Date>): Promise<void> {
  const counts = new Map<string, number>();
  for (const d of dates) counts.set(partitionName(d), (counts.get(partitionName(d)) ?? 0) + 1);
  const written = writtenIn(db);
  for (const [name, rows] of counts) {
    const state = written.get(name) ?? { rows: 0, analyzeAt: 10_000 };
    state.rows += rows;
    written.set(name, state);
    if (state.rows < state.analyzeAt) continue;
    state.analyzeAt *= 10;
    await db.execute(sql.raw(`analyze ${name}`));
  }
}

/** A month's partition was dropped (empty) after ensurePartitions made it: the write makes it again. */
export class PartitionGoneError extends Error {
  constructor(readonly partition: string) {
    super(`Partition ${partition} was dropped`);
    this.name = 'PartitionGoneError';
  }
}

/**
 * Inside a writer's transaction, before it writes into the months of `dates`: takes the lock that
 * dropEmptyPartitions waits for (the one every insert takes anyway), then checks each month's partition
 * still exists. From then on none of them can be dropped until the writer commits.
 */
export async function holdPartitions(tx: Tx, dates: Iterable<Date>): Promise<void> {
  await tx.execute(sql`lock table passive_interactions in row exclusive mode`);
  const names = [...new Set([...dates].map((d) => partitionName(d)))];
  for (const name of names) {
    if (!(await partitionExists(tx, name))) throw new PartitionGoneError(name);
  }
}

/**
 * Drops every partition no row uses (after a Disconnect, and with the daily purge): months one
 * account's data alone made do not stay behind for everyone. Emptiness is checked again under the
 * parent's exclusive lock, which waits for writers under way (holdPartitions), so a partition another
 * account still uses, or is writing into, is never dropped. The lock is given up after a second rather
 * than stalling every query behind a long one; the next call tries again. Returns the partitions dropped.
 */
export async function dropEmptyPartitions(db: Db): Promise<string[]> {
  const candidates: string[] = [];
  for (const p of await listPartitions(db)) if (await isEmpty(db, p.name)) candidates.push(p.name);
  if (candidates.length === 0) return [];
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '1s'`);
      await tx.execute(sql`lock table passive_interactions in access exclusive mode`);
      const dropped: string[] = [];
      for (const name of candidates) {
        if (!(await isEmpty(tx, name))) continue;
        await tx.execute(sql.raw(`drop table ${name}`));
        dropped.push(name);
      }
      for (const name of dropped) made(db).delete(name);
      return dropped;
    });
  } catch (error) {
    // lock_not_available: a long query held the table; the next call tries again.
    if (sqlStateOf(error) === '55P03') return [];
    throw error;
  }
}

async function isEmpty(db: Db | Tx, name: string): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql.raw(`select 1 from ${name} limit 1`)));
  return rows.length === 0;
}

async function partitionExists(db: Db | Tx, name: string): Promise<boolean> {
  const rows = rowsOf<{ n: number }>(await db.execute(sql`select 1 as n from pg_class c where c.relname = ${name}`));
  return rows.length > 0;
}

/** The partitions that exist, oldest first, with the first instant after each. */
export async function listPartitions(db: Db | Tx): Promise<{ name: string; end: Date }[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where p.relname = 'passive_interactions' order by c.relname`),
  );
  return rows.flatMap(({ name }) => {
    const m = /_y(\d{4})m(\d{2})$/.exec(name);
    return m ? [{ name, end: new Date(Date.UTC(Number(m[1]), Number(m[2]), 1)) }] : [];
  });
}

/**
 * Retention: drops every partition wholly older than the longest retention of any account, then
 * deletes each account's rows older than its own retention (only old partitions are scanned) and rows
 * dated after tomorrow (only written before times were checked), then drops the partitions left empty.
 * Returns the partitions dropped.
 */
export async function purgeExpired(db: Db, now = new Date()): Promise<string[]> {
  const [longest] = rowsOf<{ days: number | null }>(
    await db.execute(sql`select max(a.retention_days) as days from passive_accounts a`),
  );
  const days = Number(longest?.days ?? 180);
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const dropped: string[] = [];
  for (const p of await listPartitions(db)) {
    if (p.end > cutoff) continue;
    await db.execute(sql.raw(`drop table if exists ${p.name}`));
    made(db).delete(p.name);
    dropped.push(p.name);
  }
  await db.execute(sql`
    delete from passive_interactions i using passive_accounts a
    where i.account_id = a.id and i.at < ${now.toISOString()}::timestamptz - make_interval(days => a.retention_days)
      and i.at < ${now.toISOString()}::timestamptz - make_interval(days => (select min(b.retention_days) from passive_accounts b))`);
  await db.execute(
    sql`delete from passive_interactions i where i.at > ${now.toISOString()}::timestamptz + interval '1 day'`,
  );
  return [...dropped, ...(await dropEmptyPartitions(db))];
}
