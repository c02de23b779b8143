import { rowsOf, type SQL, sql } from '@tieline/db';
import { hit } from '../auth/rate-limit';
import type { Deps } from '../deps';
import { queueDueQueries } from '../services/passive-data/queries-schedule';
import { reapplySettings } from '../services/passive-data/settings-people';
import { purgeExpired } from './store/partitions';
import { queueSync } from './store/status';

// The passive-data schedule, ticked every minute by each server (main.ts; tests call it themselves):
// daily syncs, the daily retention purge, and settings re-applied to what syncs running at the time
// of a settings change stored (services/passive-data/settings-people.ts reapplySettings).
// Everything here is claimed in the database, so with several servers each due thing happens once:
// a due connection by moving its next_sync_at in the same UPDATE that returns it, the daily purge by a
// one-per-day window in rate_limits (a limit of one hit a day is exactly "once a day, by whoever comes
// first").

const DAY_MS = 86_400_000;
/** The rate_limits row whose window says the purge ran today. */
export const PURGE_KEY = 'passive:purge';

/**
 * The next instant strictly after now at `hour` o'clock UTC (the account's refresh hour): a SQL
 * expression, so a claim computes it in the same statement.
 */
export const nextRefreshAt = (hour: SQL, now: SQL = sql`now()`) =>
  sql`((date_trunc('day', (${now} - make_interval(hours => ${hour})) at time zone 'UTC')
    + interval '1 day' + make_interval(hours => ${hour})) at time zone 'UTC')`;

export interface TickResult {
  /** Connections whose daily sync was queued by this tick. */
  queued: string[];
  /** The partitions dropped when this tick ran the daily purge; null when another tick had run it today. */
  purged: string[] | null;
}

export async function tickPassiveSchedule(
  deps: Pick<Deps, 'db' | 'enqueue' | 'secrets'>,
  now = new Date(),
): Promise<TickResult> {
  const { db } = deps;
  const at = sql`${now.toISOString()}::timestamptz`;
  // API connections not scheduled yet (just connected) get their first daily time, without a sync now.
  await db.execute(sql`
    update passive_connections c set next_sync_at = ${nextRefreshAt(sql`a.refresh_hour`, at)}
    from passive_accounts a
    where a.id = c.account_id and c.method = 'api' and c.next_sync_at is null`);
  // Claim: the UPDATE moves each due connection to its next day and returns it, once across servers
  // (a second server's UPDATE waits for the row and then finds it no longer due).
  const due = rowsOf<{ id: string }>(
    await db.execute(sql`
      update passive_connections c set next_sync_at = ${nextRefreshAt(sql`a.refresh_hour`, at)}
      from passive_accounts a
      where a.id = c.account_id and c.method = 'api' and c.next_sync_at <= ${at}
      returning c.id`),
  );
  const queued: string[] = [];
  // A connection still syncing (on demand, or yesterday's still running) is left to finish.
  for (const { id } of due) if (await queueSync(deps, id)) queued.push(id);

  // Daily queries due (one hour after the refresh hour, so the morning's syncs are in).
  await queueDueQueries(deps);

  const daily = (await hit(db, PURGE_KEY, { max: 1, windowMs: DAY_MS })).count === 1;
  await reapplySettings(db, deps.secrets, { exclusions: daily });
  const purged = daily ? await purgeExpired(db, now) : null;
  return { queued, purged };
}
