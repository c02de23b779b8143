import { type Db, rowsOf, sql, type Tx } from '@tieline/db';

// passive_interactions is partitioned by calendar month (UTC) on `at`. A month's partition is made the
// first time an interaction of that month arrives; two servers making the same one at once is fine
// (the loser sees it exists). Retention drops whole partitions once every account's window has passed
// them, and deletes an account's older rows from the partitions still kept (see purgeExpired).

const monthStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
const nextMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
export const partitionName = (d: Date) =>
  `passive_interactions_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/** Partitions known to exist in this process (a cache: creating is idempotent anyway). */
const made = new Set<string>();

/** Makes the monthly partitions covering `dates` that do not exist yet. */
export async function ensurePartitions(db: Db | Tx, dates: Iterable<Date>): Promise<void> {
  const months = new Map<string, Date>();
  for (const d of dates) {
    const start = monthStart(d);
    months.set(partitionName(start), start);
  }
  for (const [name, start] of months) {
    if (made.has(name)) continue;
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
    made.add(name);
  }
}

/** Rows this process wrote per partition, and when it next refreshes that partition's statistics. */
const written = new Map<string, { rows: number; analyzeAt: number }>();

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
  for (const [name, rows] of counts) {
    const state = written.get(name) ?? { rows: 0, analyzeAt: 10_000 };
    state.rows += rows;
    written.set(name, state);
    if (state.rows < state.analyzeAt) continue;
    state.analyzeAt *= 10;
    await db.execute(sql.raw(`analyze ${name}`));
  }
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
 * deletes each account's rows older than its own retention (only old partitions are scanned).
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
    made.delete(p.name);
    dropped.push(p.name);
  }
  await db.execute(sql`
    delete from passive_interactions i using passive_accounts a
    where i.account_id = a.id and i.at < ${now.toISOString()}::timestamptz - make_interval(days => a.retention_days)
      and i.at < ${now.toISOString()}::timestamptz - make_interval(days => (select min(b.retention_days) from passive_accounts b))`);
  return dropped;
}
