import type { TRespondentSurvey } from '@tieline/validation';
import { respondentSurveyOf, surveyOfTestEmail, TEST_RESPONDENT } from '../../access/respondent-view';
import { firstNameOf, responseByLink, selfNodeId } from '../../access/responses';
import type { Caller } from '../../auth/actor';
import type { Deps } from '../../deps';

/** GET surveys/byRandomUUID/{id}: the survey behind a personal link as respondents see it, and who answers. */
export async function surveyByRandomUUID(
  deps: Deps,
  _caller: Caller,
  input: { id: string },
): Promise<TRespondentSurvey> {
  const { response, survey } = await responseByLink(deps.db, input.id);
  const nodeId = await selfNodeId(deps.db, response);
  return respondentSurveyOf(deps.db, survey, {
    name: response.nodeName,
    firstName: firstNameOf(response.nodeName),
    nodeId,
    responseStatus: response.status,
  });
}

/** GET surveys/byTestEmailId/{id}: the same for a test email's link, answered by nobody (nothing is saved). */
export async function surveyByTestEmailId(
  deps: Deps,
  _caller: Caller,
  input: { id: string },
): Promise<TRespondentSurvey> {
  return respondentSurveyOf(deps.db, await surveyOfTestEmail(deps.db, input.id), TEST_RESPONDENT);
}
