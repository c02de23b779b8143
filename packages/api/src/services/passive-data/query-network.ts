import { and, type Db, eq, inArray, isNotNull, passiveConnections, rowsOf, type SQL, sql } from '@tieline/db';
import {
  RECIPIENT_LIMITED_TYPES,
  RELATION_TYPES,
  SYMMETRIC_TYPES,
  type TInteractionType,
  type TQueryInput,
} from '@tieline/validation';
import type { PassiveAccount } from '../../access/passive-data';
import type { SecretBox } from '../../auth/secrets';
import { contextOf, type StoreContext } from '../../connectors/store/context';

// A query's network, worked out in the database: one aggregate statement groups the window's
// interactions by (type, from, to) and drops what the query leaves out (people, pairs below the
// minimum), so only the kept ties reach JavaScript; then the people of those ties become the nodes
// (query-document.ts). A series run (snapshotInterval week or month) reads its window in one statement
// too, the period a key of every group (query-period-ties.ts). The definitions users read are in
// docs/passive-data.md.

const DAY = 86_400_000;

export interface QueryTie {
  type: TInteractionType;
  a: number;
  b: number;
  weight: number;
  /** A series run's period (its first day, YYYY-MM-DD); absent for relations, which hold in every period. */
  period?: string;
}

/** A series run's cut: the window [from, to) at UTC day boundaries, grouped by ISO week or month too. */
export interface PeriodCut {
  interval: 'week' | 'month';
  from: Date;
  to: Date;
}

/** The window's bounds: [from, to) instants, never before the account's retention. */
export function windowOf(query: TQueryInput, account: Pick<PassiveAccount, 'retentionDays'>, now: Date) {
  const kept = new Date(now.getTime() - account.retentionDays * DAY);
  let from = kept;
  let to: Date | null = null;
  if (query.lastDays !== undefined) from = new Date(now.getTime() - query.lastDays * DAY);
  if (query.from !== undefined) from = new Date(`${query.from}T00:00:00Z`);
  // `to` is inclusive: up to the start of the next day.
  if (query.to !== undefined) to = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY);
  return { from: from < kept ? kept : from, to };
}

export const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => JSON.stringify(v)).join(',')}}`}::text[]`;

/** People of the account in the given lists: by key (email lists), or as members of a Slack channel or group. */
const membersOf = (accountId: string, listIds: readonly string[]) => sql`
  select p.id from passive_list_members m
    join passive_lists l on l.id = m.list_id and m.generation = l.generation
    join passive_people p on p.account_id = l.account_id and p.key = m.key
    where l.account_id = ${accountId}::uuid and l.id = any(${textArray(listIds)}::uuid[])
  union
  select (e.v)::bigint from passive_lists l
    join passive_conversations c on c.connection_id = l.connection_id and c.external_id = l.source_id
    cross join lateral jsonb_array_elements_text(c.members) as e(v)
    where l.account_id = ${accountId}::uuid and l.id = any(${textArray(listIds)}::uuid[])
      and l.kind in ('slackChannel', 'slackUserGroup')`;

export interface TieFilter {
  account: PassiveAccount;
  ctx: Pick<StoreContext, 'keyOf'>;
  connectionIds: string[];
  /** Connections the query chose that cannot be read (disconnected since): a run refuses to go on. */
  missing: number;
  query: TQueryInput;
  now: Date;
}

export interface PeopleFilter {
  ctes: SQL[];
  where: SQL;
}

/**
 * What a run of `query` reads at `now`: the connections it chose (connectionIds), or when it chose
 * none every connection of the account of its sources. Query runs and group reports both start here,
 * so they read the same interactions.
 */
export async function tieFilterOf(
  db: Db,
  secrets: SecretBox,
  account: PassiveAccount,
  query: TQueryInput,
  now: Date,
): Promise<TieFilter> {
  const chosen = query.connectionIds;
  const connections = await db
    .select({ id: passiveConnections.id })
    .from(passiveConnections)
    .where(
      and(
        eq(passiveConnections.accountId, account.id),
        inArray(passiveConnections.source, query.sources),
        // A connection that never completed an import or sync is not offered: its data is not all there.
        isNotNull(passiveConnections.lastSync),
        chosen.length > 0 ? inArray(passiveConnections.id, chosen) : undefined,
      ),
    );
  const ctx = contextOf(account, secrets, '', query.sources[0]!);
  const connectionIds = connections.map((c) => c.id);
  const missing = chosen.length > 0 ? chosen.length - connectionIds.length : 0;
  return { account, ctx, connectionIds, missing, query, now };
}

/** Person filters of the query, as a condition on the pair columns `a` and `b` of `t`. */
export function peopleCondition(f: TieFilter): PeopleFilter {
  const { account, query } = f;
  const dropped: SQL[] = [];
  if (!query.includeExternal) dropped.push(sql`p.external`);
  if (account.excludedAddresses.length > 0)
    dropped.push(sql`p.key = any(${textArray(account.excludedAddresses.map(f.ctx.keyOf))})`);
  if (account.excludedDomains.length > 0)
    dropped.push(sql`split_part(p.email, '@', 2) = any(${textArray(account.excludedDomains)})`);
  if (query.excludeListIds.length > 0) dropped.push(sql`p.id in (${membersOf(account.id, query.excludeListIds)})`);
  const ctes: SQL[] = [];
  const where: SQL[] = [sql`true`];
  if (dropped.length > 0) {
    ctes.push(sql`dropped as materialized (
      select p.id from passive_people p where p.account_id = ${account.id}::uuid and (${sql.join(dropped, sql` or `)}))`);
    where.push(sql`t.a not in (select d.id from dropped d) and t.b not in (select d.id from dropped d)`);
  }
  if (query.includeListIds.length > 0) {
    ctes.push(sql`included as materialized (${membersOf(account.id, query.includeListIds)})`);
    where.push(sql`t.a in (select n.id from included n) and t.b in (select n.id from included n)`);
  }
  return { ctes, where: sql.join(where, sql` and `) };
}

/** `with` and the CTEs, in order. */
export const withCtes = (ctes: readonly SQL[]) => sql`with ${sql.join([...ctes], sql`, `)}`;

/**
 * The CTEs of the kept interactions (relations apart), after `people`'s: `ties` (type, a, b, n, w) and
 * `strong` (a, b, n), one row per kept pair with its interactions summed over the types.
 * Directed: a tie per ordered pair; undirected: per unordered pair, both directions summed. Mutual
 * types (meetings, stored once per pair) give both directions of a directed network. Pairs whose
 * total over the chosen types is below the minimum are dropped from every layer.
 */
function interactionCtes(f: TieFilter, types: TInteractionType[], people: PeopleFilter): SQL[] {
  const { query } = f;
  const { from, to } = windowOf(query, f.account, f.now);
  const limited = types.filter((t) => RECIPIENT_LIMITED_TYPES.includes(t));
  const symmetric = types.filter((t) => SYMMETRIC_TYPES.includes(t));
  const directed = query.direction === 'directed';
  // A tie's weight is its count, or for meetings under meetingWeight 'hours' the hours stored as each
  // meeting's weight; the minimum per pair always counts interactions.
  const weight =
    query.meetingWeight === 'hours' && types.includes('meeting')
      ? sql`case when i.type = 'meeting' then sum(i.weight) else count(*) end`
      : sql`count(*)`;
  // Folding to unordered pairs (undirected, or a mutual type) happens on grouped rows, never per row.
  let ties: SQL;
  if (!directed) {
    ties = sql`select p.type, least(p.a, p.b) as a, greatest(p.a, p.b) as b, sum(p.n) as n, sum(p.w) as w from paired p group by 1, 2, 3`;
  } else if (symmetric.length === 0) {
    ties = sql`select p.type, p.a, p.b, p.n, p.w from paired p`;
  } else {
    const mutual = sql`p.type = any(${textArray(symmetric)})`;
    ties = sql`select m.type, m.a, m.b, sum(m.n) as n, sum(m.w) as w from (
        select p.type, p.a, p.b, p.n, p.w from paired p where not ${mutual}
        union all select p.type, least(p.a, p.b), greatest(p.a, p.b), p.n, p.w from paired p where ${mutual}
        union all select p.type, greatest(p.a, p.b), least(p.a, p.b), p.n, p.w from paired p where ${mutual}
      ) m group by 1, 2, 3`;
  }
  return [
    sql`counted as (
        select i.type, i.from_id as a, i.to_id as b, count(*) as n, ${weight} as w
        from passive_interactions i
        where i.account_id = ${f.account.id}::uuid
          and i.connection_id = any(${textArray(f.connectionIds)}::uuid[])
          and i.type = any(${textArray(types)})
          and i.at >= ${from.toISOString()}::timestamptz
          ${to ? sql`and i.at < ${to.toISOString()}::timestamptz` : sql``}
          ${limited.length > 0 ? sql`and (i.recipients <= ${query.maxRecipients} or not i.type = any(${textArray(limited)}))` : sql``}
        group by 1, 2, 3
      )`,
    sql`paired as (select * from counted t where ${people.where})`,
    sql`ties as (${ties})`,
    sql`strong as (select k.a, k.b, sum(k.n) as n from ties k group by k.a, k.b having sum(k.n) >= ${query.minInteractions})`,
  ];
}

/**
 * The CTEs of the relations (Microsoft People, Reports to), after `people`'s: `related` (type, a, b,
 * w, n), all kept, w the stored weight summed, n the relations counted; undirected folds both ways.
 */
function relationCtes(f: TieFilter, types: TInteractionType[], people: PeopleFilter): SQL[] {
  const directed = f.query.direction === 'directed';
  const since = windowOf({ ...f.query, from: undefined, to: undefined, lastDays: undefined }, f.account, f.now).from;
  return [
    sql`relation_rows as (
        select i.type, ${directed ? sql`i.from_id` : sql`least(i.from_id, i.to_id)`} as a,
          ${directed ? sql`i.to_id` : sql`greatest(i.from_id, i.to_id)`} as b, sum(i.weight) as w, count(*) as n
        from passive_interactions i
        where i.account_id = ${f.account.id}::uuid
          and i.connection_id = any(${textArray(f.connectionIds)}::uuid[])
          and i.type = any(${textArray(types)})
          and i.at >= ${since.toISOString()}::timestamptz
        group by 1, 2, 3
      )`,
    sql`related as (select t.* from relation_rows t where ${people.where})`,
  ];
}

export const splitTypes = (f: TieFilter) => {
  const types = f.query.types as TInteractionType[];
  return {
    interactions: types.filter((t) => !RELATION_TYPES.includes(t)),
    relations: types.filter((t) => RELATION_TYPES.includes(t)),
  };
};

/** The kept ties of the interaction types (relations apart): one statement, GROUP BY in the database. */
async function interactionTies(db: Db, f: TieFilter, types: TInteractionType[]): Promise<QueryTie[]> {
  const people = peopleCondition(f);
  const rows = rowsOf<{ type: TInteractionType; a: number; b: number; w: number }>(
    await db.execute(sql`
      ${withCtes([...people.ctes, ...interactionCtes(f, types, people)])}
      select t.type, t.a::float8 as a, t.b::float8 as b, t.w::float8 as w
      from ties t join strong s on s.a = t.a and s.b = t.b`),
  );
  return rows.map((r) => ({ type: r.type, a: Number(r.a), b: Number(r.b), weight: Number(r.w) }));
}

/** Relations (Microsoft People, Reports to): all kept, weight as stored, undirected folds both ways. */
export async function relationTies(db: Db, f: TieFilter, types: TInteractionType[]): Promise<QueryTie[]> {
  const people = peopleCondition(f);
  const rows = rowsOf<{ type: TInteractionType; a: number; b: number; w: number }>(
    await db.execute(sql`
      ${withCtes([...people.ctes, ...relationCtes(f, types, people)])}
      select t.type, t.a::float8 as a, t.b::float8 as b, t.w::float8 as w from related t`),
  );
  return rows.map((r) => ({ type: r.type, a: Number(r.a), b: Number(r.b), weight: Number(r.w) }));
}

/**
 * The query's kept pairs as CTEs ending in `pairs` (a, b, n): one row per pair the network has a tie
 * for in any layer (ordered when directed, a < b when not), n its interactions summed over the types (a
 * relation counts once per stored row). For statements that aggregate the pairs further (group
 * reports), so they share every rule of the network's ties. Null when the query reads no connection.
 */
export function pairCtes(f: TieFilter): SQL[] | null {
  if (f.connectionIds.length === 0) return null;
  const { interactions, relations } = splitTypes(f);
  const people = peopleCondition(f);
  const parts: SQL[] = [];
  const ctes = [...people.ctes];
  if (interactions.length > 0) {
    ctes.push(...interactionCtes(f, interactions, people));
    parts.push(sql`select a, b, n from strong`);
  }
  if (relations.length > 0) {
    ctes.push(...relationCtes(f, relations, people));
    parts.push(sql`select a, b, n from related`);
  }
  ctes.push(sql`pairs as (select a, b, sum(n) as n from (${sql.join(parts, sql` union all `)}) u group by a, b)`);
  return ctes;
}

export async function queryTies(db: Db, f: TieFilter): Promise<QueryTie[]> {
  if (f.connectionIds.length === 0) return [];
  const { interactions, relations } = splitTypes(f);
  return [
    ...(interactions.length > 0 ? await interactionTies(db, f, interactions) : []),
    ...(relations.length > 0 ? await relationTies(db, f, relations) : []),
  ];
}
