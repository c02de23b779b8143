import { asc, eq, passiveConnections, rowsOf, sql } from '@tieline/db';
import { PASSIVE_SOURCES, type TConnection, type TPassiveSource } from '@tieline/validation';
import { passiveAccountOf, requireConnection } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { connectionView } from './connection-view';

// What every member of the module sees of the account's connections: their status, counts and the
// overview's weekly chart. Managing them (sync, Disconnect) is connections-manage.ts.

export async function listConnections(deps: Deps, caller: SignedInCaller): Promise<TConnection[]> {
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const rows = await deps.db
    .select()
    .from(passiveConnections)
    .where(eq(passiveConnections.accountId, account.id))
    .orderBy(asc(passiveConnections.createdAt), asc(passiveConnections.id));
  return rows.map(connectionView);
}

export async function getConnection(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<TConnection> {
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  return connectionView(await requireConnection(deps.db, account, input.id));
}

/** Weeks the overview chart shows: this ISO week and the 25 before it. */
export const CHART_WEEKS = 26;

/**
 * Interactions per ISO week (2026-W09) per source over the chart's weeks: one GROUP BY in the
 * database, keyed by account and bounded in time so only the window's partitions are scanned.
 */
export async function interactionsPerWeek(
  deps: Deps,
  caller: SignedInCaller,
  now = new Date(),
): Promise<{ week: string; source: TPassiveSource; count: number }[]> {
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = rowsOf<{ week: string; source: string; count: string }>(
    await deps.db.execute(sql`
      select to_char(date_trunc('week', i.at at time zone 'UTC'), 'IYYY-"W"IW') as week, c.source, count(*) as count
      from passive_interactions i join passive_connections c on c.id = i.connection_id
      where i.account_id = ${account.id}::uuid
        and i.at >= (date_trunc('week', ${at} at time zone 'UTC') - interval '${sql.raw(String(CHART_WEEKS - 1))} weeks') at time zone 'UTC'
        and i.at <= ${at}
      group by 1, 2 order by 1, 2`),
  );
  return rows
    .filter((r): r is typeof r & { source: TPassiveSource } =>
      (PASSIVE_SOURCES as readonly string[]).includes(r.source),
    )
    .map((r) => ({ week: r.week, source: r.source, count: Number(r.count) }));
}
