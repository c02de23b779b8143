import {
  and,
  type Db,
  desc,
  eq,
  gte,
  inArray,
  lt,
  lte,
  passiveReports,
  rowsOf,
  type SQL,
  sql,
  type Tx,
} from '@tieline/db';
import {
  PASSIVE_MSG,
  REPORT_UNKNOWN_GROUP,
  type TPassiveReport,
  type TPassiveReportInput,
  type TQueryInput,
} from '@tieline/validation';
import { type PassiveAccount, passiveAccountOf, type QueryRow, requireQuery } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { differencingRefused, minimumGroupSizeOf, planGroups, type RawCell, reportOf } from './minimum-group';
import { definitionOf } from './queries-crud';
import { pairCtes, tieFilterOf, windowOf, withCtes } from './query-network';

// Group reports (docs/passive-data.md "Group reports"): a query's kept ties, aggregated in the
// database by the groups of one attribute, then the minimum group rule (minimum-group.ts). Every member
// with the module may run one: no person is named and no group below the minimum is shown. Each report's
// people (ids) are kept per signature (resolved window, types, attribute) so that a report differing
// from an earlier one by a few people is refused.

/** People sets kept per account and signature (the newest); a repeat of a kept set refreshes it. */
export const REPORTS_KEPT_PER_SIGNATURE = 100;
const DAY = 86_400_000;

/** Profile fields the account's people hold, and `title`, sorted. */
export async function reportAttributes(deps: Deps, caller: SignedInCaller): Promise<string[]> {
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  return attributeKeys(deps.db, account);
}

async function attributeKeys(db: Db, account: PassiveAccount): Promise<string[]> {
  const rows = rowsOf<{ k: string }>(
    await db.execute(sql`
      select distinct k from passive_people p cross join lateral jsonb_object_keys(p.attributes) k
      where p.account_id = ${account.id}::uuid and jsonb_typeof(p.attributes) = 'object'`),
  );
  const keys = new Set(rows.map((r) => r.k));
  keys.delete('title');
  return ['title', ...[...keys].sort((x, y) => x.localeCompare(y))];
}

/** The attribute as the people hold it: the same name, else the only one equal but for case; else 400. */
async function resolveAttribute(db: Db, account: PassiveAccount, asked: string): Promise<string> {
  const keys = await attributeKeys(db, account);
  const found = keys.includes(asked) ? asked : keys.find((k) => k.toLowerCase() === asked.toLowerCase());
  if (found === undefined) throw new AppError('BAD_REQUEST', PASSIVE_MSG.unknownAttribute(asked));
  return found;
}

/** A person's value of the attribute, as queries copy it to nodes (`title`: the title, else the field). */
function personValue(attribute: string): SQL {
  const field = (key: string) => sql`nullif(btrim(p.attributes ->> ${key}), '')`;
  return attribute === 'title' ? sql`coalesce(nullif(btrim(p.title), ''), ${field('title')})` : field(attribute);
}

/**
 * One statement: the query's kept pairs (pairCtes, the network's own rules), each person in them with
 * their value, then ties and interactions summed per pair of values; the people come back too (ids
 * and values, for the group sizes and the differencing check), never their names.
 */
async function reportRows(db: Db, ctes: SQL[], account: PassiveAccount, attribute: string) {
  const rows = rowsOf<{
    kind: 'cell' | 'person';
    ga: string | null;
    gb: string | null;
    ties: number;
    n: number;
    id: number;
  }>(
    await db.execute(sql`
      ${withCtes([
        ...ctes,
        sql`members as (
          select p.id, ${personValue(attribute)} as g from passive_people p
          where p.account_id = ${account.id}::uuid and p.id in (select a from pairs union select b from pairs))`,
      ])}
      select 'cell' as kind, ma.g as ga, mb.g as gb, count(*)::float8 as ties, sum(x.n)::float8 as n, null::float8 as id
      from pairs x join members ma on ma.id = x.a join members mb on mb.id = x.b
      group by ma.g, mb.g
      union all
      select 'person', m.g, null, null, null, m.id::float8 from members m`),
  );
  const cells: RawCell[] = [];
  const sizes = new Map<string, number>();
  const people: number[] = [];
  for (const r of rows) {
    const ga = r.ga ?? REPORT_UNKNOWN_GROUP;
    if (r.kind === 'cell') {
      const gb = r.gb ?? REPORT_UNKNOWN_GROUP;
      cells.push({ from: ga, to: gb, ties: Number(r.ties), interactions: Number(r.n) });
    } else {
      sizes.set(ga, (sizes.get(ga) ?? 0) + 1);
      people.push(Number(r.id));
    }
  }
  return { cells, sizes, people: people.sort((x, y) => x - y) };
}

/**
 * What makes two reports comparable: the window resolved to the dates of this run (a `lastDays` window
 * run twice the same day is the same window; a dated one is the same whatever day it runs), the types
 * and the attribute. Lists, direction and minimums are left out on purpose: they are how a report's
 * people are made to differ.
 */
export function reportSignature(query: TQueryInput, account: PassiveAccount, attribute: string, now: Date): string {
  const { from, to } = windowOf(query, account, now);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const last = to ? new Date(to.getTime() - 1) : now;
  return JSON.stringify({ from: day(from), to: day(last), types: [...query.types].sort(), attribute });
}

/**
 * Refuses the report when an earlier one of the same signature had people differing by 1 to minimum - 1;
 * else keeps its people (a repeat of a kept set only refreshes it), the newest per signature. One at a
 * time per account and signature, so two reports racing are checked against each other.
 */
async function recordPeople(tx: Tx, account: PassiveAccount, signature: string, people: number[], minimum: number) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`passive-report:${account.id}:${signature}`}, 0))`,
  );
  const mine = and(eq(passiveReports.accountId, account.id), eq(passiveReports.signature, signature));
  // Only sets of a near size can differ by fewer than the minimum (or be the same).
  const near = await tx
    .select({ id: passiveReports.id, people: passiveReports.people })
    .from(passiveReports)
    .where(
      and(
        mine,
        gte(passiveReports.peopleCount, people.length - minimum + 1),
        lte(passiveReports.peopleCount, people.length + minimum - 1),
      ),
    );
  const sets = near.map((r) => r.people.map(Number).sort((x, y) => x - y));
  if (differencingRefused(sets, people, minimum))
    throw new AppError('BAD_REQUEST', PASSIVE_MSG.reportDifferencing(minimum));
  const same = near.find((_, i) => sets[i]!.length === people.length && sets[i]!.every((v, k) => v === people[k]));
  if (same) {
    await tx.update(passiveReports).set({ createdAt: new Date() }).where(eq(passiveReports.id, same.id));
  } else {
    await tx.insert(passiveReports).values({ accountId: account.id, signature, people, peopleCount: people.length });
  }
  const stale = await tx
    .select({ id: passiveReports.id })
    .from(passiveReports)
    .where(mine)
    .orderBy(desc(passiveReports.createdAt))
    .offset(REPORTS_KEPT_PER_SIGNATURE);
  if (stale.length > 0)
    await tx.delete(passiveReports).where(
      inArray(
        passiveReports.id,
        stale.map((s) => s.id),
      ),
    );
  // Past the retention the interactions themselves are gone: their reports can go too.
  await tx
    .delete(passiveReports)
    .where(
      and(
        eq(passiveReports.accountId, account.id),
        lt(passiveReports.createdAt, new Date(Date.now() - account.retentionDays * DAY)),
      ),
    );
}

/** The group report of a query of the caller's account (404 for another's), by `attribute`. */
export async function runReport(
  deps: Deps,
  caller: SignedInCaller,
  input: TPassiveReportInput,
  now = new Date(),
): Promise<{ report: TPassiveReport; query: QueryRow }> {
  const { db } = deps;
  const account = await passiveAccountOf(db, deps.secrets, caller.actor);
  const row = await requireQuery(db, account, input.queryId);
  const query = definitionOf(row);
  const attribute = await resolveAttribute(db, account, input.attribute);
  const minimum = minimumGroupSizeOf(account);
  const filter = await tieFilterOf(db, deps.secrets, account, query, now);
  if (filter.missing > 0) throw new AppError('BAD_REQUEST', PASSIVE_MSG.connectionsGone(filter.missing));
  const ctes = pairCtes(filter);
  const { cells, sizes, people } = ctes
    ? await reportRows(db, ctes, account, attribute)
    : { cells: [], sizes: new Map<string, number>(), people: [] };
  const report = reportOf(attribute, minimum, planGroups(sizes, minimum), cells, query.direction === 'directed');
  await db.transaction((tx) =>
    recordPeople(tx, account, reportSignature(query, account, attribute, now), people, minimum),
  );
  return { report, query: row };
}
