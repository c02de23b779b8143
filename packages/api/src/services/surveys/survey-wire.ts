import type { surveys } from '@tieline/db';
import { questionPages, type TQuestionData, type TSurvey, ZSurveyStatus } from '@tieline/validation';

export type SurveyRow = typeof surveys.$inferSelect;

/** The row's questions; only our services write them, always as TQuestionData checked on the way in. */
export const questionsOf = (row: SurveyRow) => row.questions as unknown as TQuestionData[];

/** The survey's respondent list id. */
// Read from the lists table (the survey's list of type 'Respondent List') once lists are stored.
export const respondentListOf = (_row: SurveyRow): string | null => null;

/** The builder's whole survey, spec field names; `page` of each question counted from the page breaks. */
export function toSurveyWire(row: SurveyRow): TSurvey {
  const questions = questionsOf(row);
  const pages = questionPages(questions);
  return {
    _id: row.id,
    name: row.name,
    status: ZSurveyStatus.catch('Offline').parse(row.status),
    imageUUID: row.imageUuid,
    welcomeMessage: row.welcomeMessage,
    thankYouMessage: row.thankYouMessage,
    respondentList: respondentListOf(row),
    questions: questions.map((q, i) => ({ ...q, page: pages[i]! })),
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
