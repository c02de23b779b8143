import { type Db, eq, lists, rowsOf, sql } from '@tieline/db';
import { MSG, necessaryListIds, RESPONDENT_LIMITS, type TMatchingNodes } from '@tieline/validation';
import { surveyOfTestEmail } from '../../access/respondent-view';
import { questionsAt, questionsOf, requireSurvey, respondentListOf } from '../../access/surveys';
import type { Caller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';

export interface MatchingNodesInput {
  listId: string;
  name: string;
  page: number;
  limit: number;
  randomUUID?: string | undefined;
  surveyId?: string | undefined;
  testEmailId?: string | undefined;
}

/**
 * Up to this many matches the page is sorted from them; with more, walking the list in name order finds
 * a page of matches sooner (about 100 x list size / matches rows read, against sorting every match): the
 * crossover is near sqrt(100 x list size), 3,000 for 100,000 people.
 */
const SORT_MATCHES_UP_TO = 3000;

const notFound = () => new AppError('NOT_FOUND', MSG.notFound);

/**
 * GET nodes/getMatchingNodes: a page of a list's names containing `name` (case and accents ignored),
 * sorted by name as search folds it (Émile between Ada and Grace). Who may search which list: a respondent (by link) the survey's respondent list and
 * the lists its questions use; a test email's link the same; a single-link start page with name autocompletion its respondent list;
 * the owner (session, preview) any list of their surveys. Any other list: 404.
 */
export async function matchingNodes(deps: Deps, caller: Caller, input: MatchingNodesInput): Promise<TMatchingNodes> {
  await requireSearchable(deps.db, caller, input);
  const name = input.name.trim();
  const pattern = sql`'%' || replace(replace(replace(tieline_fold(${name}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
  const where = name === '' ? sql`list_id = ${input.listId}` : sql`list_id = ${input.listId} and search_name like ${pattern}`;
  const offset = (input.page - 1) * input.limit;
  const cap = RESPONDENT_LIMITS.searchCountCap;
  // A pattern too short for trigrams finds its matches by reading the list: it stops at the count's cap.
  const collect = [...name].length >= 3 ? SORT_MATCHES_UP_TO : cap;
  // One statement, one round trip: the unused branch never runs (a one-time filter on the count).
  const rows = rowsOf<{ n: number; id: string | null; name: string | null }>(
    await deps.db.execute(sql`
      with m as materialized (select id, name, search_name from nodes where ${where} limit ${collect}),
      c as (select count(*)::int as n from m)
      select least(c.n, ${cap}) as n, p.id, p.name from c left join lateral (
        (select id, name, search_name from m where c.n < ${collect}
          order by search_name, id limit ${input.limit} offset ${offset})
        union all
        (select id, name, search_name from nodes where c.n >= ${collect} and ${where}
          order by search_name, id limit ${input.limit} offset ${offset})
      ) p on true
      order by p.search_name, p.id`),
  );
  return {
    count: Number(rows[0]?.n ?? 0),
    nodes: rows.flatMap((r) => (r.id === null ? [] : [{ _id: String(r.id), name: r.name ?? '' }])),
  };
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
