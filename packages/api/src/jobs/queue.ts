import { type Db, eq, jobs, sql } from '@tieline/db';

export type JobRow = typeof jobs.$inferSelect;
export type JobHandler = (payload: unknown, job: JobRow) => Promise<void>;

/** How long a claimed job is ours; past it another worker may take it (crash recovery). */
export const LEASE_MS = 5 * 60_000;

export async function enqueue(db: Db, kind: string, payload: unknown, opts: { maxAttempts?: number } = {}) {
  const [row] = await db
    .insert(jobs)
    .values({ kind, payload, maxAttempts: opts.maxAttempts ?? 8 })
    .returning({ id: jobs.id });
  return row!.id;
}

/** Claims up to `limit` due jobs, including running ones whose lease ran out. */
export async function claim(db: Db, limit = 5): Promise<JobRow[]> {
  const rows = await db.execute(sql`
    update ${jobs} set state = 'running', attempts = attempts + 1,
      locked_until = now() + ${`${LEASE_MS} milliseconds`}::interval
    where id in (
      select id from ${jobs}
      where (state = 'queued' and run_at <= now()) or (state = 'running' and locked_until < now())
      order by run_at limit ${limit} for update skip locked)
    returning id`);
  const ids = (Array.isArray(rows) ? rows : (rows as { rows: { id: string }[] }).rows).map((r) => String(r.id));
  if (ids.length === 0) return [];
  return db.query.jobs.findMany({
    where: (j, { inArray }) => inArray(j.id, ids),
    orderBy: (j, { asc }) => [asc(j.runAt), asc(j.createdAt)],
  });
}

/** Exponential backoff: 5 s, 10 s, 20 s ... capped at one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export async function complete(db: Db, id: string) {
  await db.update(jobs).set({ state: 'done', finishedAt: new Date(), lockedUntil: null }).where(eq(jobs.id, id));
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
    .where(eq(jobs.id, job.id));
}

/** Runs one batch; returns how many jobs it handled. */
export async function runDue(db: Db, handlers: Record<string, JobHandler>, limit = 5): Promise<number> {
  const batch = await claim(db, limit);
  for (const job of batch) {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job.payload, job);
      await complete(db, job.id);
    } catch (error) {
      await fail(db, job, error);
    }
  }
  return batch.length;
}
