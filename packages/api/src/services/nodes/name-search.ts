import { type Db, rowsOf, type SQL, sql } from '@tieline/db';
import type { TMatchingNodes } from '@tieline/validation';

/**
 * How many of a list's names (in name order) a search of 3+ characters reads before it sorts its matches
 * instead: the page of a broad search ("son" in "Person 01234") lies within the first few hundred.
 */
export const SEARCH_WALK_ROWS = 1000;

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
 *   "Person 40000"..."Person 49999", which a walk would reach after 40,000 names). The count, up to the
 *   cap, through the trigram index or the table, whichever the planner expects to be cheaper.
 * - 1-2 characters (no trigram): up to `cap` matches in the list's stored order; fewer means all of
 *   them, sorted; else the name index is walked until the page.
 */
export async function searchListNames(db: Db, search: NameSearch): Promise<TMatchingNodes> {
  const { listId, name, cap, limit, offset } = search;
  const folded = sql`tieline_fold(${name})`;
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
      select 0 as n, id, name from nodes where list_id = ${listId} and strpos(search_name, ${folded}) > 0
      order by search_name, id limit ${limit} offset ${offset}`);
    return answer(cap, page);
  }
  // The first names in name order; `n` counts the matches among them.
  const walk = await run(sql`
    select (count(*) over ())::int as n, id, name from (select id, name, search_name from nodes
      where list_id = ${listId} order by search_name, id limit ${SEARCH_WALK_ROWS}) k
    where strpos(search_name, ${folded}) > 0 order by search_name, id limit ${offset + limit}`);
  const n = Number(walk[0]?.n ?? 0);
  const like = sql`'%' || replace(replace(replace(${folded}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
  // Planned as a whole (a CTE), so a narrow pattern takes the trigram index and a broad one the table,
  // and read only as far as the cap.
  const count = async () => {
    const [row] = await run(sql`
      with t as materialized (select 1 from nodes where list_id = ${listId} and search_name like ${like})
      select count(*)::int as n from (select 1 from t limit ${cap}) c`);
    return Number(row?.n ?? 0);
  };
  // The page within the walk: the first matches in name order (the count too when all the walk matched).
  if (walk.length === offset + limit && limit > 0) return answer(n >= cap ? cap : await count(), walk.slice(offset));
  // Else every match, sorted (the subquery with OFFSET 0 is planned for all its rows, not for the first
  // few of the name index's walk).
  const page = await run(sql`
    select 0 as n, id, name from (select id, name, search_name from nodes
      where list_id = ${listId} and search_name like ${like} offset 0) t
    order by search_name, id limit ${limit} offset ${offset}`);
  // A first page that is not full holds every match.
  return answer(offset === 0 && page.length < limit ? page.length : await count(), page);
}

/**
 * The pattern's length as tieline_fold leaves it, nearly (accents dropped; unaccent also spells out a
 * few letters, as ß -> ss): it only picks the faster plan, both give the same answer.
 */
function foldedLength(name: string): number {
  return [...name.normalize('NFKD').replace(/\p{M}/gu, '')].length;
}
