import { type Db, eq, responses, surveys } from '@tieline/db';
import { MSG, type TRespondentSurvey, ZSurveyStatus } from '@tieline/validation';
import { AppError } from '../errors';

/** The survey behind a personal link, with what the welcome page needs about the respondent. */
export async function surveyByRandomUUID(db: Db, randomUUID: string): Promise<TRespondentSurvey> {
  const [row] = await db
    .select({ survey: surveys, response: responses })
    .from(responses)
    .innerJoin(surveys, eq(responses.surveyId, surveys.id))
    .where(eq(responses.randomUuid, randomUUID));
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
