import { type Db, eq, lists } from '@tieline/db';
import { type TSurvey, ZSurveyStatus } from '@tieline/validation';
import { pagedQuestionsOf, respondentListOf, type SurveyRow, surveyImageURL } from '../../access/surveys';

export { questionsOf, respondentListOf, type SurveyRow } from '../../access/surveys';

/** Whether a list belongs to the survey: a question may only take its rows from the survey's own lists. */
export async function surveyListIds(db: Db, surveyId: string): Promise<Set<string>> {
  const rows = await db.select({ id: lists.id }).from(lists).where(eq(lists.surveyId, surveyId));
  return new Set(rows.map((r) => r.id));
}

/** The builder's whole survey (spec field names) with its respondent list read from the lists table. */
export async function surveyWire(db: Db, row: SurveyRow): Promise<TSurvey> {
  return toSurveyWire(row, await respondentListOf(db, row.id));
}

/** The builder's whole survey, spec field names; `page` of each question counted from the page breaks. */
function toSurveyWire(row: SurveyRow, respondentList: string | null): TSurvey {
  return {
    _id: row.id,
    name: row.name,
    status: ZSurveyStatus.catch('Offline').parse(row.status),
    imageUUID: row.imageUuid,
    imageURL: surveyImageURL(row),
    image: surveyImageURL(row),
    welcomeMessage: row.welcomeMessage,
    thankYouMessage: row.thankYouMessage,
    respondentList,
    questions: pagedQuestionsOf(row),
    redirectTo: row.redirectTo,
    webhookOnCompletion: row.webhookOnCompletion,
    identifyingInformation: row.identifyingInformation,
    nameAutocompletion: row.nameAutocompletion,
    requireSignUp: row.requireSignUp,
    respondentLimit: row.respondentLimit,
    hasOpenLink: row.hasOpenLink,
    permittedDomains: row.permittedDomains,
    from: row.from,
    email: row.email,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
