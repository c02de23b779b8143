import { z } from 'zod';
import { ZOrganizationBranding } from './organization-logos';
import { ZQuestion } from './questions';

/** Personal-link identifier of a response: a random UUID. */
export const ZRandomUUID = z.uuid({ message: 'Invalid survey link' });

export const SURVEY_STATUSES = ['Offline', 'Collecting', 'Completed', 'Archived', 'Template', 'OldTemplate'] as const;
export const ZSurveyStatus = z.enum(SURVEY_STATUSES);

/**
 * What the respondent app needs to run a survey: the survey as respondents see it, and who answers.
 * Preview builds the same shape from the builder's survey (a superset) with a made-up respondent.
 */
export const ZRespondentSurvey = z.object({
  _id: z.string(),
  name: z.string(),
  status: ZSurveyStatus,
  welcomeMessage: z.string(),
  thankYouMessage: z.string(),
  redirectTo: z.string(),
  imageURL: z.string().nullable(),
  ...ZOrganizationBranding.shape,
  respondentList: z.string().nullable(),
  questions: z.array(ZQuestion),
  respondent: z.object({ name: z.string(), firstName: z.string(), nodeId: z.string().nullable() }),
  responseStatus: z.string(),
});
export type TRespondentSurvey = z.infer<typeof ZRespondentSurvey>;
