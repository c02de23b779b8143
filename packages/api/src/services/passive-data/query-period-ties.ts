import { type Db, rowsOf, type SQL, sql } from '@tieline/db';
import { RECIPIENT_LIMITED_TYPES, SYMMETRIC_TYPES, type TInteractionType } from '@tieline/validation';
import {
  type PeriodCut,
  peopleCondition,
  type QueryTie,
  relationTies,
  splitTypes,
  type TieFilter,
  textArray,
  withCtes,
} from './query-network';

// A series run's ties (snapshotInterval week or month): ONE statement over the whole window, grouping
// its interactions by (period, pair) with a count and a weight column per type, the minimum applying
// to each period's pair (HAVING), so the database reads the window once whatever the number of periods.
// The rules are the network query's (query-network.ts interactionCtes), kept in one group per pair
// rather than per (type, pair) and a second pass: a series has many more groups (every pair in every
// week), and one pass holds them in half the time. Each row then gives a tie per type it counted.

/** A series run's kept ties: the interactions' per period, and the relations (in every period: no period). */
export async function seriesTies(db: Db, f: TieFilter, cut: PeriodCut): Promise<QueryTie[]> {
  if (f.connectionIds.length === 0) return [];
  const { interactions, relations } = splitTypes(f);
  return [
    ...(interactions.length > 0 ? await periodInteractionTies(db, f, interactions, cut) : []),
    ...(relations.length > 0 ? await relationTies(db, f, relations) : []),
  ];
}

/** The kept ties of the interaction types per period. */
async function periodInteractionTies(
  db: Db,
  f: TieFilter,
  types: TInteractionType[],
  cut: PeriodCut,
): Promise<QueryTie[]> {
  const { query } = f;
  const people = peopleCondition(f);
  const limited = types.filter((t) => RECIPIENT_LIMITED_TYPES.includes(t));
  const symmetric = types.filter((t) => SYMMETRIC_TYPES.includes(t));
  const directed = query.direction === 'directed';
  // Undirected: each row on its unordered pair. Directed: as stored, and a mutual type's row (a meeting,
  // stored once per pair) the other way too.
  const twice = directed && symmetric.length > 0;
  const [a, b] = !directed
    ? [sql`least(i.from_id, i.to_id)`, sql`greatest(i.from_id, i.to_id)`]
    : twice
      ? [sql`e.a`, sql`e.b`]
      : [sql`i.from_id`, sql`i.to_id`];
  // A tie's weight is its count, or for meetings under meetingWeight 'hours' the hours stored as each
  // meeting's weight (a column of its own); the minimum per pair always counts interactions.
  const hours = query.meetingWeight === 'hours' && types.includes('meeting');
  const columns: SQL[] = types.map((t, k) => sql`count(*) filter (where i.type = ${t})::int as ${sql.raw(`n${k}`)}`);
  if (hours) columns.push(sql`coalesce(sum(i.weight) filter (where i.type = 'meeting'), 0)::float8 as hours`);
  const shown = [...types.map((_, k) => sql.raw(`t.n${k}`)), ...(hours ? [sql.raw('t.hours')] : [])];
  const counted = sql`counted as (
      select date_trunc(${sql.raw(`'${cut.interval}'`)}, i.at at time zone 'UTC') as period, ${a} as a, ${b} as b,
        ${sql.join(columns, sql`, `)}
      from passive_interactions i
      ${twice ? sql`cross join lateral (values (i.from_id, i.to_id, true), (i.to_id, i.from_id, i.type = any(${textArray(symmetric)}))) as e(a, b, kept)` : sql``}
      where i.account_id = ${f.account.id}::uuid
        and i.connection_id = any(${textArray(f.connectionIds)}::uuid[])
        and i.type = any(${textArray(types)})
        and i.at >= ${cut.from.toISOString()}::timestamptz
        and i.at < ${cut.to.toISOString()}::timestamptz
        ${limited.length > 0 ? sql`and (i.recipients <= ${query.maxRecipients} or not i.type = any(${textArray(limited)}))` : sql``}
        ${twice ? sql`and e.kept` : sql``}
      group by 1, 2, 3
      having count(*) >= ${query.minInteractions}
    )`;
  const rows = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      ${withCtes([...people.ctes, counted])}
      select (t.period::date - date '1970-01-01') as day, t.a::float8 as a, t.b::float8 as b, ${sql.join(shown, sql`, `)}
      from counted t where ${people.where}`),
  );
  const ties: QueryTie[] = [];
  const periods = new Map<number, string>();
  for (const r of rows) {
    const day = Number(r.day);
    let period = periods.get(day);
    if (period === undefined) {
      period = new Date(day * 86_400_000).toISOString().slice(0, 10);
      periods.set(day, period);
    }
    const [pa, pb] = [Number(r.a), Number(r.b)];
    types.forEach((type, k) => {
      const n = Number(r[`n${k}`]);
      if (n > 0) ties.push({ type, a: pa, b: pb, weight: hours && type === 'meeting' ? Number(r.hours) : n, period });
    });
  }
  return ties;
}
