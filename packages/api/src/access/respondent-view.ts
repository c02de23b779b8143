import { asc, count, type Db, eq, inArray, lists, nodes, surveys, testEmails } from '@tieline/db';
import {
  brandingOf,
  MSG,
  necessaryListIds,
  RESPONDENT_LIMITS,
  type TNecessaryList,
  type TRespondentSurvey,
  ZSurveyStatus,
} from '@tieline/validation';
import { AppError } from '../errors';
import { surveyLogos } from './organization-logos';
import { pagedQuestionsOf, questionsOf, respondentListOf, type SurveyRow, surveyImageURL } from './surveys';

// The survey as the respondent app runs it, shared by every way of reaching it: a personal link
// (surveys, lists), a test email's link (surveys, lists) and the support replay (responses).

export interface TRespondent {
  name: string;
  firstName: string;
  nodeId: string | null;
  responseStatus: string;
}

/** The survey as respondents see it, with `respondent` answering it. */
export async function respondentSurveyOf(
  db: Db,
  survey: SurveyRow,
  respondent: TRespondent,
): Promise<TRespondentSurvey> {
  const [respondentList, logos] = await Promise.all([respondentListOf(db, survey.id), surveyLogos(db, survey)]);
  const { responseStatus, ...who } = respondent;
  return {
    _id: survey.id,
    name: survey.name,
    status: ZSurveyStatus.catch('Offline').parse(survey.status),
    welcomeMessage: survey.welcomeMessage,
    thankYouMessage: survey.thankYouMessage,
    redirectTo: survey.redirectTo,
    imageURL: surveyImageURL(survey),
    ...brandingOf(logos),
    respondentList,
    questions: pagedQuestionsOf(survey),
    respondent: who,
    responseStatus,
  };
}

/** Each list the survey's questions need, with its size and its nodes when they fit the option cap. */
export async function necessaryListsOf(db: Db, survey: SurveyRow): Promise<TNecessaryList[]> {
  const ids = necessaryListIds(questionsOf(survey), await respondentListOf(db, survey.id));
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

/**
 * The survey a test email links to: the id is the key, as a personal link's random UUID is. Whatever
 * the survey's status: testing before sending is what test emails are for, and nothing is saved.
 */
export async function surveyOfTestEmail(db: Db, testEmailId: string): Promise<SurveyRow> {
  const [row] = await db
    .select({ survey: surveys })
    .from(testEmails)
    .innerJoin(surveys, eq(surveys.id, testEmails.surveyId))
    .where(eq(testEmails.id, testEmailId));
  if (!row) throw new AppError('NOT_FOUND', MSG.surveyLinkInvalid);
  return row.survey;
}

/** Who answers through a test link: nobody, so the made-up respondent preview also uses. */
export const TEST_RESPONDENT: TRespondent = {
  name: 'Test',
  firstName: 'Test',
  nodeId: null,
  responseStatus: 'Not Started',
};
