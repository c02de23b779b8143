import { and, type Db, eq, jobs, rowsOf, sql } from '@tieline/db';
import { heartbeat, LEASE, type LeaseTimes } from './lease';

export type JobRow = typeof jobs.$inferSelect;
export type JobHandler = (payload: unknown, job: JobRow) => Promise<void>;

export interface EnqueueOptions {
  maxAttempts?: number;
  /** Not before this time (a continuation waiting for a backoff). */
  runAt?: Date;
}

export async function enqueue(db: Db, kind: string, payload: unknown, opts: EnqueueOptions = {}) {
  const [row] = await db
    .insert(jobs)
    .values({ kind, payload, maxAttempts: opts.maxAttempts ?? 8, ...(opts.runAt ? { runAt: opts.runAt } : {}) })
    .returning({ id: jobs.id });
  return row!.id;
}

/** Claims up to `limit` due jobs, including running ones whose lease ran out (their worker died). */
export async function claim(db: Db, limit = 5, times: LeaseTimes = LEASE): Promise<JobRow[]> {
  const rows = await db.execute(sql`
    update ${jobs} set state = 'running', attempts = attempts + 1,
      locked_until = now() + ${`${times.leaseMs} milliseconds`}::interval
    where id in (
      select id from ${jobs}
      where (state = 'queued' and run_at <= now()) or (state = 'running' and locked_until < now() and attempts < max_attempts)
      order by run_at, seq limit ${limit} for update skip locked)
    returning id`);
  const ids = rowsOf<{ id: string }>(rows).map((r) => String(r.id));
  if (ids.length === 0) return [];
  return db.query.jobs.findMany({
    where: (j, { inArray }) => inArray(j.id, ids),
    orderBy: (j, { asc }) => [asc(j.runAt), asc(j.seq)],
  });
}

/** Exponential backoff: 5 s, 10 s, 20 s ... capped at one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** Only the holder of the lease may finish a job; a worker whose lease ran out finds no row to change. */
const held = (job: JobRow) => and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.attempts, job.attempts));

/** Extends the lease of the jobs of a batch still running under this claim (finished ones drop out). */
async function renew(db: Db, batch: JobRow[], times: LeaseTimes) {
  const claims = JSON.stringify(batch.map((j) => ({ id: j.id, attempts: j.attempts })));
  await db.execute(sql`
    update ${jobs} j set locked_until = now() + ${`${times.leaseMs} milliseconds`}::interval
    from json_to_recordset(${claims}::json) as c(id uuid, attempts int)
    where j.id = c.id and j.state = 'running' and j.attempts = c.attempts`);
}

export async function complete(db: Db, job: JobRow) {
  await db.update(jobs).set({ state: 'done', finishedAt: new Date(), lockedUntil: null }).where(held(job));
}

/** Running jobs whose lease ran out on their last attempt (their worker died): give up on them. */
export async function failAbandoned(db: Db) {
  await db
    .update(jobs)
    .set({ state: 'failed', lastError: 'Abandoned: the worker stopped while running it', finishedAt: new Date() })
    .where(sql`state = 'running' and locked_until < now() and attempts >= max_attempts`);
}

export async function fail(db: Db, job: JobRow, error: unknown) {
  const lastError = error instanceof Error ? error.message : String(error);
  const final = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set({
      state: final ? 'failed' : 'queued',
      lastError,
      lockedUntil: null,
      runAt: new Date(Date.now() + backoffMs(job.attempts)),
      finishedAt: final ? new Date() : null,
    })
    .where(held(job));
}

/**
 * Runs one batch; returns how many jobs it handled. The whole batch's leases are renewed while it runs,
 * the jobs waiting their turn included, so none is taken over from a live worker.
 */
export async function runDue(
  db: Db,
  handlers: Record<string, JobHandler>,
  opts: { limit?: number; lease?: LeaseTimes } = {},
): Promise<number> {
  const times = opts.lease ?? LEASE;
  await failAbandoned(db);
  const batch = await claim(db, opts.limit ?? 5, times);
  if (batch.length === 0) return 0;
  const beat = heartbeat(() => renew(db, batch, times), times);
  try {
    for (const job of batch) {
      const handler = handlers[job.kind];
      try {
        if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
        await handler(job.payload, job);
        await complete(db, job);
      } catch (error) {
        await fail(db, job, error);
      }
    }
  } finally {
    await beat.stop();
  }
  return batch.length;
}
