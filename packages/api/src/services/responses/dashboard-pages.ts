import { and, asc, desc, eq, responseStatusCounts, responses, rowsOf, type SQL, sql } from '@tieline/db';
import {
  DASHBOARD_LIMITS,
  RESPONSE_STATUSES,
  type TDashboardResponse,
  type TPagedResponses,
  type TResponseCounts,
  type TResponseStatus,
  type TResponsesTimeline,
  ZDashboardStatus,
} from '@tieline/validation';
import { requireSurvey } from '../../access/surveys';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';

// The owner's view of a survey's responses (spec §2 Responses dashboard, §7, §9). Every order below is
// exactly the key of one of migration 0006's indexes (0016 adds the columns for index-only scans),
// walked forwards or backwards, so a page is an index range scan whatever the survey's size:
//   name      (survey_id, lower(node_name), id)
//   status    (survey_id, status, lower(node_name), id)   also serves any sort within one status
//   submitted (survey_id, submitted, id)                  PostgreSQL's null order: unsubmitted last
//                                                         ascending, first descending
//   status + submitted (survey_id, status, submitted, id) one status by submitted time (0019)
// Ties always end on id, so pages never overlap or skip a row between two requests.

const row = {
  id: responses.id,
  randomUuid: responses.randomUuid,
  name: responses.nodeName,
  email: responses.nodeEmail,
  status: responses.status,
  started: responses.started,
  submitted: responses.submitted,
  addedByRespondent: responses.addedByRespondent,
};
interface Row {
  id: string;
  randomUuid: string;
  name: string;
  email: string | null;
  status: string;
  started: Date | null;
  submitted: Date | null;
  addedByRespondent: boolean;
}

const statusOf = (s: string) => ZDashboardStatus.catch('Not Sent').parse(s) as TResponseStatus;

export const toDashboardRow = (r: Row): TDashboardResponse => ({
  _id: r.id,
  randomUUID: r.randomUuid,
  name: r.name,
  email: r.email,
  status: statusOf(r.status),
  started: r.started?.toISOString() ?? null,
  submitted: r.submitted?.toISOString() ?? null,
  addedByRespondent: r.addedByRespondent,
});

export interface PagedInput {
  surveyId: string;
  sortBy: 'name' | 'submitted' | 'status';
  filterByStatus: '' | TResponseStatus;
  page: number;
  perPage: number;
  sortDirection: number;
}

/** Offsets below this are read forwards beside the count (a walk of this many index entries is cheap). */
const NEAR_START = 1000;

function orderOf(sortBy: PagedInput['sortBy'], direction: number): SQL[] {
  const dir = direction === -1 ? desc : asc;
  const name = sql`lower(${responses.nodeName})`;
  if (sortBy === 'submitted') return [dir(responses.submitted), dir(responses.id)];
  if (sortBy === 'status') return [dir(responses.status), dir(name), dir(responses.id)];
  return [dir(name), dir(responses.id)];
}

/**
 * GET responses/paged/{surveyId}: one page and the count of the whole (filtered) list. Pages past the
 * middle walk the same index from the other end and flip the rows: OFFSET reads every skipped entry, so
 * the last page costs what the first does and the middle one is the dearest. The count comes from the
 * per-status counters (migration 0007); near the start it and the page are read side by side.
 */
export async function pagedResponses(deps: Deps, caller: SignedInCaller, input: PagedInput): Promise<TPagedResponses> {
  const { db } = deps;
  const survey = await requireSurvey(db, caller.actor, input.surveyId);
  const where = input.filterByStatus
    ? and(eq(responses.surveyId, survey.id), eq(responses.status, input.filterByStatus))
    : eq(responses.surveyId, survey.id);
  const offset = (input.page - 1) * input.perPage;
  // The page's ids from the index alone (index-only: it carries every column the order and filter
  // read, migration 0016), then their rows: skipping 50,000 entries never visits the table.
  const page = (direction: number, limit: number, skip: number) => {
    const ids = db
      .select({ pageId: responses.id })
      .from(responses)
      .where(where)
      .orderBy(...orderOf(input.sortBy, direction))
      .limit(limit)
      .offset(skip)
      .as('page_ids');
    return db
      .select(row)
      .from(responses)
      .innerJoin(ids, eq(ids.pageId, responses.id))
      .orderBy(...orderOf(input.sortBy, direction));
  };
  // The counters the triggers keep (one row per status), not a count of the rows.
  const counting = db
    .select({ n: sql<number>`coalesce(sum(${responseStatusCounts.n}), 0)::int` })
    .from(responseStatusCounts)
    .where(
      input.filterByStatus
        ? and(eq(responseStatusCounts.surveyId, survey.id), eq(responseStatusCounts.status, input.filterByStatus))
        : eq(responseStatusCounts.surveyId, survey.id),
    );
  // Near the start (where the page buttons lead) the forward page is cheap: read it beside the count.
  if (offset < NEAR_START) {
    const [[total], rows] = await Promise.all([counting, page(input.sortDirection, input.perPage, offset)]);
    return { count: Number(total?.n ?? 0), nodes: rows.map(toDashboardRow) };
  }
  const [total] = await counting;
  const n = Number(total?.n ?? 0);
  if (offset >= n) return { count: n, nodes: [] };
  const limit = Math.min(input.perPage, n - offset);
  const rows =
    offset > n / 2
      ? (await page(-input.sortDirection, limit, n - offset - limit)).reverse()
      : await page(input.sortDirection, input.perPage, offset);
  return { count: n, nodes: rows.map(toDashboardRow) };
}

/**
 * GET responses/search/{surveyId}?searchText=: respondents whose name or email contains the text, case
 * and accents ignored (the same fold as name search), by folded name; capped, as the dashboard shows one list.
 */
export async function searchResponses(
  deps: Deps,
  caller: SignedInCaller,
  input: { surveyId: string; searchText: string },
): Promise<TDashboardResponse[]> {
  const { db } = deps;
  const survey = await requireSurvey(db, caller.actor, input.surveyId);
  const text = input.searchText.trim();
  const base = eq(responses.surveyId, survey.id);
  // LIKE's own characters are text here, not patterns.
  const pattern = sql`'%' || replace(replace(replace(tieline_fold(${text}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
  const where =
    text === ''
      ? base
      : and(
          base,
          sql`(tieline_fold(${responses.nodeName}) like ${pattern} or tieline_fold(coalesce(${responses.nodeEmail}, '')) like ${pattern})`,
        );
  const rows = await db
    .select(row)
    .from(responses)
    .where(where)
    .orderBy(sql`tieline_fold(${responses.nodeName})`, responses.id)
    .limit(DASHBOARD_LIMITS.searchResults);
  return rows.map(toDashboardRow);
}

/**
 * GET surveys/responseCounts/{id}: Total, Submitted, Bounced and every status's count (zeros included),
 * and per status how many of them respondents added (the send dialog offers to include those).
 */
export async function responseCounts(
  deps: Deps,
  caller: SignedInCaller,
  input: { id: string },
): Promise<TResponseCounts> {
  const { db } = deps;
  const survey = await requireSurvey(db, caller.actor, input.id);
  const [rows, added] = await Promise.all([
    db
      .select({ status: responseStatusCounts.status, n: responseStatusCounts.n })
      .from(responseStatusCounts)
      .where(eq(responseStatusCounts.surveyId, survey.id)),
    // Few rows, under a partial index (migration 0020).
    db
      .select({ status: responses.status, n: sql<number>`count(*)::int` })
      .from(responses)
      .where(and(eq(responses.surveyId, survey.id), eq(responses.addedByRespondent, true)))
      .groupBy(responses.status),
  ]);
  const byStatus = Object.fromEntries(RESPONSE_STATUSES.map((s) => [s, 0])) as Record<TResponseStatus, number>;
  let total = 0;
  for (const r of rows) {
    const n = Number(r.n);
    total += n;
    byStatus[statusOf(r.status)] += n;
  }
  const addedByRespondents: Partial<Record<TResponseStatus, number>> = {};
  for (const r of added) addedByRespondents[statusOf(r.status)] = Number(r.n);
  return { Total: total, Submitted: byStatus.Submitted, Bounced: byStatus.Bounced, byStatus, addedByRespondents };
}

/**
 * GET responses/timeline/{surveyId}: responses started and submitted per day, bucketed in SQL by UTC
 * day (a survey has no time zone of its own), days without either left out; the chart fills the gaps.
 */
export async function responsesTimeline(
  deps: Deps,
  caller: SignedInCaller,
  input: { surveyId: string },
): Promise<TResponsesTimeline> {
  const { db } = deps;
  const survey = await requireSurvey(db, caller.actor, input.surveyId);
  const result = await db.execute(sql`
    with events as (
      select to_char(started at time zone 'UTC', 'YYYY-MM-DD') as day, 1 as started, 0 as submitted
        from responses where survey_id = ${survey.id} and started is not null
      union all
      select to_char(submitted at time zone 'UTC', 'YYYY-MM-DD'), 0, 1
        from responses where survey_id = ${survey.id} and submitted is not null
    )
    select day, sum(started)::int as started, sum(submitted)::int as submitted
    from events group by day order by day`);
  return {
    days: rowsOf<{ day: string; started: number; submitted: number }>(result).map((r) => ({
      day: r.day,
      started: Number(r.started),
      submitted: Number(r.submitted),
    })),
  };
}
