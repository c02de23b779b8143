import { type Db, eq, lists, rowsOf, sql } from '@tieline/db';
import { MSG, necessaryListIds, RESPONDENT_LIMITS, type TMatchingNodes } from '@tieline/validation';
import { surveyOfTestEmail } from '../../access/respondent-view';
import { questionsAt, questionsOf, requireSurvey, respondentListOf } from '../../access/surveys';
import type { Caller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';

/**
 * Up to this many matches, the page is sorted from the match set (found through the trigram index);
 * with more, walking the list in name order finds a page of matches sooner (about N x 100 / matches
 * rows read, against sorting every match). The crossover is near sqrt(100 x list size): 3,000 for
 * 100,000 people.
 */
const SORT_MATCHES_UP_TO = 3000;

export interface MatchingNodesInput {
  listId: string;
  name: string;
  page: number;
  limit: number;
  randomUUID?: string | undefined;
  surveyId?: string | undefined;
  testEmailId?: string | undefined;
}

const notFound = () => new AppError('NOT_FOUND', MSG.notFound);

/**
 * GET nodes/getMatchingNodes: a page of a list's names containing `name` (case and accents ignored),
 * sorted by name as search folds it (Émile between Ada and Grace). Who may search which list: a respondent (by link) the survey's respondent list and
 * the lists its questions use; a test email's link the same; a single-link start page with name autocompletion its respondent list;
 * the owner (session, preview) any list of their surveys. Any other list: 404.
 */
export async function matchingNodes(deps: Deps, caller: Caller, input: MatchingNodesInput): Promise<TMatchingNodes> {
  await requireSearchable(deps.db, caller, input);
  const offset = (input.page - 1) * input.limit;
  const pattern = sql`'%' || replace(replace(replace(tieline_fold(${input.name.trim()}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
  const where =
    input.name.trim() === ''
      ? sql`list_id = ${input.listId}`
      : sql`list_id = ${input.listId} and search_name like ${pattern}`;
  const cap = RESPONDENT_LIMITS.searchCountCap;
  const total = await deps.db.execute(
    sql`select count(*)::int as n from (select 1 from nodes where ${where} limit ${cap}) m`,
  );
  const count = Number(rowsOf<{ n: number }>(total)[0]?.n ?? 0);
  if (count === 0 || offset >= count) return { count, nodes: [] };
  // Few matches of a pattern trigrams can find (3+ characters): collect them (materialized, so the
  // trigram index finds them) and sort those. Otherwise walk nodes_list_search_name_idx in name order
  // and stop at the page (a 1-2 character pattern reads the list either way; the walk stops sooner).
  const page =
    [...input.name.trim()].length >= 3 && count <= SORT_MATCHES_UP_TO
      ? await deps.db.execute(sql`
          with matches as materialized (select id, name, search_name from nodes where ${where})
          select id, name from matches order by search_name, id limit ${input.limit} offset ${offset}`)
      : await deps.db.execute(
          sql`select id, name from nodes where ${where} order by search_name, id limit ${input.limit} offset ${offset}`,
        );
  return { count, nodes: rowsOf<{ id: string; name: string }>(page).map((r) => ({ _id: String(r.id), name: r.name })) };
}

async function requireSearchable(db: Db, caller: Caller, input: MatchingNodesInput): Promise<void> {
  if (input.randomUUID) {
    // One small read (no questions: those come from the per-version cache), then the lists allowed.
    const [link] = rowsOf<{ survey_id: string; version: number; respondent_list: string | null }>(
      await db.execute(sql`
        select r.survey_id, s.version,
          (select l.id from lists l where l.survey_id = r.survey_id and l.type = 'Respondent List') as respondent_list
        from responses r join surveys s on s.id = r.survey_id where r.random_uuid = ${input.randomUUID}`),
    );
    if (!link) throw new AppError('NOT_FOUND', MSG.surveyLinkInvalid);
    const questions = await questionsAt(db, link.survey_id, Number(link.version));
    if (!necessaryListIds(questions, link.respondent_list).has(input.listId)) throw notFound();
    return;
  }
  if (input.testEmailId) {
    const survey = await surveyOfTestEmail(db, input.testEmailId);
    if (!necessaryListIds(questionsOf(survey), await respondentListOf(db, survey.id)).has(input.listId))
      throw notFound();
    return;
  }
  if (input.surveyId) {
    const survey = await db.query.surveys.findFirst({ where: (s, { eq }) => eq(s.id, input.surveyId!) });
    const open = survey?.hasOpenLink && survey.requireSignUp && survey.nameAutocompletion;
    if (!open || (await respondentListOf(db, survey.id)) !== input.listId) throw notFound();
    return;
  }
  if (!caller.actor) throw notFound();
  const [list] = await db.select({ surveyId: lists.surveyId }).from(lists).where(eq(lists.id, input.listId));
  if (!list) throw notFound();
  await requireSurvey(db, caller.actor, list.surveyId).catch(() => {
    throw notFound();
  });
}
