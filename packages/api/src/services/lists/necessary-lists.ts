import { asc, count, type Db, eq, inArray, lists, nodes } from '@tieline/db';
import { necessaryListIds, RESPONDENT_LIMITS, type TNecessaryList } from '@tieline/validation';
import { responseByLink } from '../../access/responses';
import { questionsOf, requireSurvey, respondentListOf, type SurveyRow } from '../../access/surveys';
import type { Caller, SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';

/** Each list with its size, and its nodes when they fit the option cap (larger lists are searched). */
async function listsWithNodes(db: Db, ids: ReadonlySet<string>): Promise<TNecessaryList[]> {
  if (ids.size === 0) return [];
  const rows = await db
    .select({ id: lists.id, title: lists.title, type: lists.type, count: count(nodes.id) })
    .from(lists)
    .leftJoin(nodes, eq(nodes.listId, lists.id))
    .where(inArray(lists.id, [...ids]))
    .groupBy(lists.id)
    .orderBy(asc(lists.createdAt));
  return Promise.all(
    rows.map(async (l) => ({
      _id: l.id,
      title: l.title,
      type: l.type,
      count: l.count,
      nodes:
        l.count > RESPONDENT_LIMITS.optionsCap
          ? []
          : await db
              .select({ _id: nodes.id, name: nodes.name })
              .from(nodes)
              .where(eq(nodes.listId, l.id))
              .orderBy(asc(nodes.position)),
    })),
  );
}

async function surveyNecessaryLists(db: Db, survey: SurveyRow) {
  return listsWithNodes(db, necessaryListIds(questionsOf(survey), await respondentListOf(db, survey.id)));
}

/** GET lists/getNecessaryByRandomUUID/{id}: what a respondent's questions list. */
export async function necessaryListsByLink(deps: Deps, _caller: Caller, input: { id: string }) {
  const { survey } = await responseByLink(deps.db, input.id);
  return surveyNecessaryLists(deps.db, survey);
}

/** GET lists/getNecessary/{surveyId}: the same for the owner's preview. */
export async function necessaryLists(deps: Deps, caller: SignedInCaller, input: { surveyId: string }) {
  const survey = await requireSurvey(deps.db, caller.actor, input.surveyId);
  return surveyNecessaryLists(deps.db, survey);
}
