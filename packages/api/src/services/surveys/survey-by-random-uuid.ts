import { eq, responses, surveys } from '@tieline/db';
import { MSG, type TRespondentSurvey, ZSurveyStatus } from '@tieline/validation';
import type { Caller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';

/** The survey behind a personal link, with what the welcome page needs about the respondent. */
export async function surveyByRandomUUID(
  deps: Deps,
  _caller: Caller,
  input: { id: string },
): Promise<TRespondentSurvey> {
  const [row] = await deps.db
    .select({ survey: surveys, response: responses })
    .from(responses)
    .innerJoin(surveys, eq(responses.surveyId, surveys.id))
    .where(eq(responses.randomUuid, input.id));
  if (!row) throw new AppError('NOT_FOUND', MSG.surveyLinkInvalid);
  const name = row.response.nodeName;
  return {
    _id: row.survey.id,
    name: row.survey.name,
    status: ZSurveyStatus.catch('Offline').parse(row.survey.status),
    welcomeMessage: row.survey.welcomeMessage,
    thankYouMessage: row.survey.thankYouMessage,
    respondent: { name, firstName: name.split(/\s+/)[0] ?? name },
    responseStatus: row.response.status,
  };
}
