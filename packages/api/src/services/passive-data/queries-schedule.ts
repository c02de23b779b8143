import { type Db, eq, passiveQueryRuns, rowsOf, sql } from '@tieline/db';
import { PASSIVE_MSG } from '@tieline/validation';
import { type PassiveAccount, peopleAccountOf, requireQuery } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { queryAccount } from '../../jobs/accounts';

// Runs of a query: one at a time per query (a partial unique index on the runs that are queued or
// running makes a second one conflict, whichever server or click asks), on demand or daily.

const HOUR = 3_600_000;

/**
 * When a daily query runs next: an hour after the account's refresh hour (UTC), so the day's syncs
 * have usually landed. Later days keep that time (queueDueQueries moves it a day at a time).
 */
export function nextDailyRun(account: Pick<PassiveAccount, 'refreshHour'>, now = new Date()): Date {
  const at = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), (account.refreshHour + 1) % 24),
  );
  while (at.getTime() <= now.getTime()) at.setTime(at.getTime() + 24 * HOUR);
  return at;
}

/** Queues a run of the query unless one is queued or running; answers its id, or null when busy. */
export async function queueQueryRun(deps: Pick<Deps, 'db' | 'enqueue'>, queryId: string): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(
    await deps.db.execute(sql`
      insert into passive_query_runs (query_id) values (${queryId}::uuid)
      on conflict (query_id) where status in ('queued', 'running') do nothing
      returning id`),
  );
  if (!row) return null;
  await deps.enqueue('passive-query-run', { runId: row.id }, { account: queryAccount(queryId) });
  return row.id;
}

/** POST queries/{id}/run: any member of the account who sees people may run its queries. 409 while one runs. */
export async function runQuery(deps: Deps, caller: SignedInCaller, input: { id: string }) {
  const account = await peopleAccountOf(deps.db, deps.secrets, caller.actor);
  const query = await requireQuery(deps.db, account, input.id);
  const runId = await queueQueryRun(deps, query.id);
  if (!runId) throw new AppError('CONFLICT', PASSIVE_MSG.runBusy);
  return { runId };
}

/**
 * Claims the daily queries that are due (one UPDATE moves each one's next run on by whole days, so two
 * servers ticking at once claim each query once) and queues their runs; a query still running from
 * before is skipped this time. Answers the runs queued.
 */
export async function queueDueQueries(deps: Pick<Deps, 'db' | 'enqueue'>): Promise<number> {
  const due = rowsOf<{ id: string }>(
    await deps.db.execute(sql`
      update passive_queries q
      set next_run_at = q.next_run_at
        + (floor(extract(epoch from now() - q.next_run_at) / 86400) + 1) * interval '1 day'
      where q.next_run_at <= now()
      returning q.id`),
  );
  let queued = 0;
  for (const { id } of due) if (await queueQueryRun(deps, id)) queued++;
  return queued;
}

/** The run's status as the job moves it; `finish` writes the outcome. */
export const runStatus = {
  /** Marks a queued (or resumed) run running; false when it has finished or gone. */
  async start(db: Db, runId: string): Promise<boolean> {
    const rows = await db
      .update(passiveQueryRuns)
      .set({ status: 'running', progress: 0 })
      .where(sql`${passiveQueryRuns.id} = ${runId} and ${passiveQueryRuns.status} in ('queued', 'running')`)
      .returning({ id: passiveQueryRuns.id });
    return rows.length > 0;
  },
  progress: (db: Db, runId: string, progress: number) =>
    db.update(passiveQueryRuns).set({ progress }).where(eq(passiveQueryRuns.id, runId)),
  failed: (db: Db, runId: string, error: string) =>
    db
      .update(passiveQueryRuns)
      .set({ status: 'failed', error, finishedAt: sql`now()` })
      .where(eq(passiveQueryRuns.id, runId)),
};
