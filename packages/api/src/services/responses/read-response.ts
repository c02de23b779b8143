import { and, desc, eq, isNotNull, responseSaves } from '@tieline/db';
import { type TAnswer, type TResponseStatus, type TResponseView, ZResponseStatus } from '@tieline/validation';
import { responseByLink } from '../../access/responses';
import { questionsOf, respondentListOf } from '../../access/surveys';
import type { Caller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { addedNamesByQuestion } from './added-names';
import { referencedNodeIds, surveyNodeNames } from './answer-refs';

/**
 * GET responses/{randomUUID}: the response a personal link answers, with the names its answers select
 * and the page of its last accepted save (a link reopened on another device resumes there).
 */
export async function readResponse(deps: Deps, _caller: Caller, input: { randomUUID: string }): Promise<TResponseView> {
  const { response, survey } = await responseByLink(deps.db, input.randomUUID);
  const answers = response.answers as TAnswer[];
  const questions = questionsOf(survey);
  const snowball = questions.some((q) => q.allowAdditionalNames);
  const [names, [last], addedNames] = await Promise.all([
    surveyNodeNames(deps.db, survey.id, referencedNodeIds(questions, answers)),
    deps.db
      .select({ page: responseSaves.page })
      .from(responseSaves)
      .where(and(eq(responseSaves.responseId, response.id), isNotNull(responseSaves.page)))
      .orderBy(desc(responseSaves.revision))
      .limit(1),
    // Where the respondent may add names, how many they added: the app shows when a cap is reached.
    snowball
      ? respondentListOf(deps.db, survey.id).then((list) => addedNamesByQuestion(deps.db, response.id, questions, list))
      : {},
  ]);
  return {
    _id: response.id,
    randomUUID: response.randomUuid,
    survey: survey.id,
    status: ZResponseStatus.catch('Not Sent').parse(response.status) as TResponseStatus,
    started: response.started?.toISOString() ?? null,
    submitted: response.submitted?.toISOString() ?? null,
    node: { name: response.nodeName },
    answers,
    revision: response.revision,
    page: last?.page ?? null,
    names: Object.fromEntries(names),
    addedNames,
  };
}
