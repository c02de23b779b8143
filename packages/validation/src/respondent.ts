import { z } from 'zod';

/** Personal-link identifier of a response: a random UUID. */
export const ZRandomUUID = z.uuid({ message: 'Invalid survey link' });

export const SURVEY_STATUSES = ['Offline', 'Collecting', 'Completed', 'Archived', 'Template', 'OldTemplate'] as const;
export const ZSurveyStatus = z.enum(SURVEY_STATUSES);

/** What the respondent app needs to open a survey by personal link. */
export const ZRespondentSurvey = z.object({
  _id: z.string(),
  name: z.string(),
  status: ZSurveyStatus,
  welcomeMessage: z.string(),
  thankYouMessage: z.string(),
  respondent: z.object({ name: z.string(), firstName: z.string() }),
  responseStatus: z.string(),
});
export type TRespondentSurvey = z.infer<typeof ZRespondentSurvey>;
