import { asc, eq, responseSaves } from '@tieline/db';
import { type TAnswer, type TResponseHistory, ZResponseStatus } from '@tieline/validation';
import { necessaryListsOf, respondentSurveyOf } from '../../access/respondent-view';
import { firstNameOf, responseForStaff, selfNodeId } from '../../access/responses';
import { questionsOf } from '../../access/surveys';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { referencedNodeIds, surveyNodeNames } from './answer-refs';
import { clientSummary } from './client-summary';

/**
 * GET responses/history/{responseId}: everything the replay needs in one call: the response, its
 * survey as the respondent app runs it, the lists its questions need, the names the answers of any
 * moment select, and every accepted save in order (the app folds them into the answers at each step).
 */
export async function responseHistory(
  deps: Deps,
  caller: SignedInCaller,
  input: { responseId: string },
): Promise<TResponseHistory> {
  const { response, survey } = await responseForStaff(deps.db, caller.actor, input.responseId);
  const [nodeId, lists, saves] = await Promise.all([
    selfNodeId(deps.db, response),
    necessaryListsOf(deps.db, survey),
    deps.db
      .select()
      .from(responseSaves)
      .where(eq(responseSaves.responseId, response.id))
      .orderBy(asc(responseSaves.revision), asc(responseSaves.at)),
  ]);
  const respondentSurvey = await respondentSurveyOf(deps.db, survey, {
    name: response.nodeName,
    firstName: firstNameOf(response.nodeName),
    nodeId,
    responseStatus: response.status,
  });
  const answers = response.answers as TAnswer[];
  const everAnswered = [...answers, ...saves.flatMap((s) => s.changes as TAnswer[])];
  const names = await surveyNodeNames(deps.db, survey.id, referencedNodeIds(questionsOf(survey), everAnswered));
  return {
    response: {
      _id: response.id,
      name: response.nodeName,
      email: response.nodeEmail,
      status: ZResponseStatus.catch('Not Sent').parse(response.status),
      started: response.started?.toISOString() ?? null,
      submitted: response.submitted?.toISOString() ?? null,
      revision: response.revision,
      answers,
    },
    survey: respondentSurvey,
    lists,
    names: Object.fromEntries(names),
    saves: saves.map((s) => ({
      at: s.at.toISOString(),
      revision: s.revision,
      page: s.page,
      submitted: s.submitted,
      changes: s.changes as TAnswer[],
      client: clientSummary(s.userAgent),
      userAgent: s.userAgent,
    })),
  };
}
