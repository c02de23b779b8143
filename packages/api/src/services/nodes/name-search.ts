import { type Db, rowsOf, type SQL, sql } from '@tieline/db';
import type { TMatchingNodes } from '@tieline/validation';
import { perDb } from '../../per-db';

/**
 * How many of a list's names (in name order) a search of 3+ characters reads before it sorts its matches
 * instead. The page of a broad search ("son" in "Person 01234") lies within the first few hundred. On
 * PostgreSQL the walk reads the name index alone (about a tenth of a heap read per name), so it may go
 * further before sorting is cheaper; in PGlite (WebAssembly) each name costs about what a match does.
 */
export const SEARCH_WALK_ROWS = { postgres: 5000, pglite: 1000 } as const;

/** Which engine `db` runs on, asked once per database handle. */
const engineOf = perDb(
  (db): Promise<keyof typeof SEARCH_WALK_ROWS> =>
    db
      .execute(sql`select version() like '%PGlite%' as pglite`)
      .then((r) => (rowsOf<{ pglite: boolean }>(r)[0]?.pglite ? 'pglite' : 'postgres')),
);

export interface NameSearch {
  listId: string;
  /** Trimmed; matched case and accents ignored (tieline_fold). */
  name: string;
  /** The count stops here ("this many or more"). */
  cap: number;
  limit: number;
  offset: number;
}

type Row = { n: number; id: string | null; name: string | null };

/**
 * A page of a list's names containing `name`, sorted as search folds them, and their count up to `cap`.
 * Each step is one small statement whose plan suits every pattern of its kind, chosen here from what
 * the last one found (a statement that had to suit every pattern at once read the whole list for some):
 *
 * - 3+ characters: walk the name index for SEARCH_WALK_ROWS names. A broad pattern finds its page there
 *   (and its count, when every name matched). Otherwise the matches are found through the trigram index
 *   and sorted: a narrow pattern, or a broad one whose names begin late in name order ("n 4" in
 *   "Person 40000"..."Person 49999", which a walk would reach after 40,000 names), with their count up
 *   to the cap in the same read.
 * - 1-2 characters (no trigram): up to `cap` matches in the list's stored order; fewer means all of
 *   them, sorted; else the name index is walked until the page.
 */
export async function searchListNames(db: Db, search: NameSearch): Promise<TMatchingNodes> {
  const { listId, name, cap, limit, offset } = search;
  // Computed once per statement (a sub-select): a prepared statement's generic plan would otherwise fold
  // the name again for every row it reads (unaccent's dictionary each time: 90 ms for 8,000 rows).
  const folded = sql`(select tieline_fold(${name}))`;
  const run = async (query: SQL) => rowsOf<Row>(await db.execute(query));
  const answer = (n: number, rows: Row[]) => ({
    count: Math.min(n, cap),
    nodes: rows.flatMap((r) => (r.id === null ? [] : [{ _id: String(r.id), name: r.name ?? '' }])),
  });
  if (foldedLength(name) < 3) {
    const found = await run(sql`
      select 0 as n, id, name from (select id, name, search_name from nodes
        where list_id = ${listId} and strpos(search_name, ${folded}) > 0 limit ${cap}) m
      order by search_name, id`);
    if (found.length < cap) return answer(found.length, found.slice(offset, offset + limit));
    const page = await run(sql`
      select 0 as n, w.id, nodes.name from (select id, search_name from nodes
        where list_id = ${listId} and strpos(search_name, ${folded}) > 0
        order by search_name, id limit ${limit} offset ${offset}) w
      join nodes on nodes.id = w.id order by w.search_name, w.id`);
    return answer(cap, page);
  }
  // The first names in name order (the name index alone, where the table's pages are all visible: the
  // statistics job vacuums them) until `cap` of them match; `n` counts those, the page is taken from them.
  const walk = await run(sql`
    select h.n, h.id, nodes.name from (
      select (count(*) over ())::int as n, row_number() over (order by search_name, id) as r, id, search_name
      from (select id, search_name from (select id, search_name from nodes
        where list_id = ${listId} order by search_name, id limit ${SEARCH_WALK_ROWS[await engineOf(db)]}) k
        where strpos(search_name, ${folded}) > 0 limit ${cap}) hits) h
    join nodes on nodes.id = h.id
    where h.r > ${offset} and h.r <= ${offset + limit}
    order by h.search_name, h.id`);
  const walked = Number(walk[0]?.n ?? 0);
  const like = sql`(select '%' || replace(replace(replace(tieline_fold(${name}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')`;
  // Every match through the trigram index, read once (a CTE is read as far as its readers go), and their
  // count up to the cap.
  const matching = sql`with m as materialized (select id, name, search_name from nodes
    where list_id = ${listId} and search_name like ${like})`;
  const counted = sql`(select count(*)::int from (select 1 from m limit ${cap}) c)`;
  // The page within the walk: the first matches in name order (and the count, when the walk reached the cap).
  if (walk.length === limit && limit > 0) {
    const n = walked >= cap ? cap : Number((await run(sql`${matching} select ${counted} as n`))[0]?.n ?? 0);
    return answer(n, walk);
  }
  // Else all the matches, sorted: few for a narrow pattern; for a broad one whose names come late in
  // name order, as many as it has (a walk would read every name before them).
  const sorted = await run(sql`${matching}
    select ${counted} as n, p.id, p.name from (select 1) one left join lateral (
      select id, name, search_name from m order by search_name, id limit ${limit} offset ${offset}) p on true
    order by p.search_name, p.id`);
  return answer(Number(sorted[0]?.n ?? 0), sorted);
}

/**
 * The pattern's length as tieline_fold leaves it, nearly (accents dropped; unaccent also spells out a
 * few letters, as ß -> ss): it only picks the faster plan, both give the same answer.
 */
function foldedLength(name: string): number {
  return [...name.normalize('NFKD').replace(/\p{M}/gu, '')].length;
}
