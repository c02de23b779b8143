import { questionPages, type TRespondentSurvey, ZSurveyStatus } from '@tieline/validation';
import { firstNameOf, responseByLink, selfNodeId } from '../../access/responses';
import type { Caller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { questionsOf, respondentListOf } from './survey-wire';

/** GET surveys/byRandomUUID/{id}: the survey behind a personal link as respondents see it, and who answers. */
export async function surveyByRandomUUID(
  deps: Deps,
  _caller: Caller,
  input: { id: string },
): Promise<TRespondentSurvey> {
  const { response, survey } = await responseByLink(deps.db, input.id);
  const [respondentList, nodeId] = await Promise.all([
    respondentListOf(deps.db, survey.id),
    selfNodeId(deps.db, response),
  ]);
  const questions = questionsOf(survey);
  const pages = questionPages(questions);
  return {
    _id: survey.id,
    name: survey.name,
    status: ZSurveyStatus.catch('Offline').parse(survey.status),
    welcomeMessage: survey.welcomeMessage,
    thankYouMessage: survey.thankYouMessage,
    redirectTo: survey.redirectTo,
    imageURL: survey.imageUuid ? `/api/base/surveys/image/${survey.imageUuid}` : null,
    respondentList,
    questions: questions.map((q, i) => ({ ...q, page: pages[i]! })),
    respondent: { name: response.nodeName, firstName: firstNameOf(response.nodeName), nodeId },
    responseStatus: response.status,
  };
}
