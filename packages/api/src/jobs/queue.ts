import { and, type Db, eq, jobs, rowsOf, sql } from '@tieline/db';
import { JOB_MSG } from '@tieline/validation';
import { WorkerDiedError } from '../workers/script-worker';
import type { JobAttempt, JobEnd } from './attempt';
import { heartbeat, LEASE, type LeaseTimes } from './lease';
import { type EnqueueOptions, JOB_LANES, type JobLane, laneOf } from './payloads';

// The job table as a queue in lanes. A claim takes one due job of one lane under a lease (lease.ts) in
// one UPDATE with FOR UPDATE SKIP LOCKED, preferring the accounts with the fewest jobs running in the
// lane; it runs under a transaction-scoped advisory lock per lane, so two servers claiming at once see
// each other's claims and cannot both hand one account a slot. A job that ends by a death (its worker
// thread's: WorkerDiedError; its server's: the lease ran out) is retried after a backoff, and fails for
// good on a second death at the same step: a crash that repeats is never retried into a restart loop.

export type JobRow = typeof jobs.$inferSelect;

/** What the queue runs for one kind: a bare function, or one with a hook for its final failure. */
export type JobRunner = (payload: unknown, job: JobRow, attempt: JobAttempt) => Promise<void>;
export interface JobHandler {
  run: JobRunner;
  /** Called once the job has failed for good (after the row says so). */
  giveUp?: (payload: unknown, end: JobEnd) => Promise<unknown>;
  /** What users call this work in a death's message ("the import"). */
  title?: string;
}
export type JobHandlers = Record<string, JobRunner | JobHandler>;

export type { EnqueueOptions } from './payloads';

export async function enqueue(db: Db, kind: string, payload: unknown, opts: EnqueueOptions = {}) {
  const [row] = await db
    .insert(jobs)
    .values({
      kind,
      payload,
      maxAttempts: opts.maxAttempts ?? 8,
      lane: opts.lane ?? laneOf(kind),
      accountKey: opts.account ?? '',
      ...(opts.runAt ? { runAt: opts.runAt } : {}),
    })
    .returning({ id: jobs.id });
  return row!.id;
}

/** The advisory lock a lane's claims take (two-key form: apart from the migration lock's one key). */
const LOCK_CLASS = 0x6a6f6273;
const laneLock = (lane: JobLane) => JOB_LANES.indexOf(lane);

/**
 * Claims the lane's next due job: the oldest of the accounts with the fewest jobs running in the lane
 * (across every server). Unless `busyOk`, only an account with none running may have it: a server keeps
 * its last free slot for an account that is waiting, so one account's work never takes every slot.
 */
export async function claim(
  db: Db,
  lane: JobLane,
  opts: { busyOk?: boolean; lease?: LeaseTimes } = {},
): Promise<JobRow | null> {
  const times = opts.lease ?? LEASE;
  return db.transaction(async (tx) => {
    // A statement sees claims committed before it started: serializing the lane's claims makes the
    // running counts below true for every server.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, ${laneLock(lane)})`);
    const rows = await tx.execute(sql`
      with busy as (
        select account_key, count(*) as running from ${jobs}
        where state = 'running' and lane = ${lane} and locked_until >= now() group by account_key)
      update ${jobs} j set state = 'running', attempts = j.attempts + 1, step = null,
        locked_until = now() + ${`${times.leaseMs} milliseconds`}::interval
      where j.id = (
        select c.id from ${jobs} c left join busy b on b.account_key = c.account_key
        where c.state = 'queued' and c.lane = ${lane} and c.run_at <= now()
          ${opts.busyOk === false ? sql`and b.running is null` : sql``}
        order by coalesce(b.running, 0), c.run_at, c.seq
        limit 1 for update of c skip locked)
      returning j.id`);
    const [claimed] = rowsOf<{ id: string }>(rows);
    if (!claimed) return null;
    return (await tx.query.jobs.findFirst({ where: (j, { eq }) => eq(j.id, String(claimed.id)) })) ?? null;
  });
}

/** Exponential backoff: 5 s, 10 s, 20 s ... capped at one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** Only the holder of the lease may finish a job; a worker whose lease ran out finds no row to change. */
const held = (job: JobRow) => and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.attempts, job.attempts));

/** Extends the lease of a job still running under this claim. */
async function renew(db: Db, job: JobRow, times: LeaseTimes) {
  await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${`${times.leaseMs} milliseconds`}::interval` })
    .where(held(job));
}

export async function complete(db: Db, job: JobRow) {
  await db.update(jobs).set({ state: 'done', finishedAt: new Date(), lockedUntil: null }).where(held(job));
}

/** Settles an ordinary failure: another try after a backoff, or failed after the last. */
export async function fail(db: Db, job: JobRow, error: unknown): Promise<JobEnd | null> {
  const lastError = error instanceof Error ? error.message : String(error);
  const final = job.attempts >= job.maxAttempts;
  const settled = await db
    .update(jobs)
    .set({
      state: final ? 'failed' : 'queued',
      lastError,
      lockedUntil: null,
      runAt: new Date(Date.now() + backoffMs(job.attempts)),
      finishedAt: final ? new Date() : null,
    })
    .where(held(job))
    .returning({ id: jobs.id });
  return final && settled.length > 0 ? { died: false, message: lastError } : null;
}

/** A death: whose (the server's, or the work's as the definition names it), how, and where. */
interface Death {
  cause: NonNullable<JobRow['deathCause']>;
  who: string;
  words: string;
  step: string | null;
}

/** What a death does to a job: a second death at one step, or one on the last try, ends it. */
function afterDeath(job: JobRow, death: Death) {
  const again = job.deaths > 0 && job.deathStep === death.step;
  const final = again || job.attempts >= job.maxAttempts;
  const say = again
    ? job.deathCause === death.cause
      ? JOB_MSG.diedTwice
      : JOB_MSG.diedAgain
    : final
      ? JOB_MSG.diedLastTry
      : JOB_MSG.diedRetrying;
  const message = say(death.who, death.words, death.step);
  return {
    final,
    message,
    set: {
      state: final ? ('failed' as const) : ('queued' as const),
      deaths: job.deaths + 1,
      deathStep: death.step,
      deathCause: death.cause,
      lastError: message,
      lockedUntil: null,
      runAt: new Date(Date.now() + backoffMs(job.attempts)),
      finishedAt: final ? new Date() : null,
    },
  };
}

/** Settles a death of the job's worker process, reported by the holder of its lease. */
async function died(db: Db, job: JobRow, death: Death): Promise<JobEnd | null> {
  const { final, message, set } = afterDeath(job, death);
  const settled = await db.update(jobs).set(set).where(held(job)).returning({ id: jobs.id });
  return final && settled.length > 0 ? { died: true, message } : null;
}

/**
 * Running jobs whose lease ran out: their server died (or stalled past the lease) mid-run. Each is a
 * death at the step it had recorded; those that end here are answered so their hooks can run.
 */
export async function reapDead(db: Db): Promise<{ job: JobRow; end: JobEnd }[]> {
  return db.transaction(async (tx) => {
    const dead = await tx
      .select()
      .from(jobs)
      .where(sql`${jobs.state} = 'running' and ${jobs.lockedUntil} < now()`)
      .for('update', { skipLocked: true });
    const ended: { job: JobRow; end: JobEnd }[] = [];
    for (const job of dead) {
      const death: Death = { cause: 'server', who: JOB_MSG.server, words: JOB_MSG.serverWords, step: job.step };
      const { final, message, set } = afterDeath(job, death);
      await tx.update(jobs).set(set).where(eq(jobs.id, job.id));
      if (final) ended.push({ job, end: { died: true, message } });
    }
    return ended;
  });
}

/** A WorkerDiedError the handler threw, or wrapped (as `cause`) in an error of its own. */
function workerDeathOf(error: unknown): WorkerDiedError | null {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof WorkerDiedError) return e;
  }
  return null;
}

/** The step is written by the holder of the lease only: a worker that lost it is told to stop. */
export class LeaseLostError extends Error {
  constructor() {
    super('The job was taken over by another worker after its lease ran out');
    this.name = 'LeaseLostError';
  }
}

const handlerOf = (handlers: JobHandlers, kind: string): JobHandler | undefined => {
  const h = handlers[kind];
  return typeof h === 'function' ? { run: h } : h;
};

/** Runs a job's final-failure hook; its own failure is reported, never thrown into the claim loop. */
export async function giveUp(
  handlers: JobHandlers,
  job: JobRow,
  end: JobEnd,
  onError: (e: unknown) => void = () => {},
): Promise<void> {
  try {
    await handlerOf(handlers, job.kind)?.giveUp?.(job.payload, end);
  } catch (error) {
    onError(error);
  }
}

/** Runs one claimed job under a renewed lease and settles it: done, retried, or failed for good. */
export async function runJob(
  db: Db,
  job: JobRow,
  handlers: JobHandlers,
  opts: { lease?: LeaseTimes; onError?: (e: unknown) => void } = {},
): Promise<void> {
  const times = opts.lease ?? LEASE;
  const handler = handlerOf(handlers, job.kind);
  let at: string | null = null;
  const attempt: JobAttempt = {
    attempt: job.attempts,
    maxAttempts: job.maxAttempts,
    step: async (label) => {
      const step = label.slice(0, 300);
      const kept = await db.update(jobs).set({ step }).where(held(job)).returning({ id: jobs.id });
      if (kept.length === 0) throw new LeaseLostError();
      at = step;
    },
  };
  const beat = heartbeat(() => renew(db, job, times), times);
  let end: JobEnd | null = null;
  try {
    if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
    await handler.run(job.payload, job, attempt);
    await complete(db, job);
  } catch (error) {
    const death = workerDeathOf(error);
    end = death
      ? await died(db, job, { cause: death.reason, who: handler?.title ?? JOB_MSG.job, words: death.words, step: at })
      : await fail(db, job, error);
  } finally {
    await beat.stop();
  }
  if (end) await giveUp(handlers, job, end, opts.onError);
}

/**
 * Runs due jobs one after another until none is due (in `lanes`, every lane by default); answers how
 * many ran. For tests and scripts; servers run lanes side by side (worker.ts).
 */
export async function runDue(
  db: Db,
  handlers: JobHandlers,
  opts: { lease?: LeaseTimes; lanes?: readonly JobLane[]; onError?: (e: unknown) => void } = {},
): Promise<number> {
  for (const { job, end } of await reapDead(db)) await giveUp(handlers, job, end, opts.onError);
  let ran = 0;
  for (const lane of opts.lanes ?? JOB_LANES) {
    for (let job = await claim(db, lane, opts); job; job = await claim(db, lane, opts)) {
      await runJob(db, job, handlers, opts);
      ran++;
    }
  }
  return ran;
}
