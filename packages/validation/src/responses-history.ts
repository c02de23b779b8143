import { z } from 'zod';
import { ZAnswer, ZNecessaryList, ZResponseStatus } from './answers';
import { ZId } from './common';
import { ZRespondentSurvey } from './respondent';

/** GET /api/base/responses/history/{responseId}: a response's saves, for support staff to replay. */
export const ZResponseHistoryInput = z.object({ responseId: ZId });

/** One accepted save: the whole answers of the questions it changed (an emptied answer has no entries). */
export const ZResponseSaveEntry = z.object({
  at: z.string(),
  revision: z.number().int(),
  /** The page the respondent saved from; null when the client did not say. */
  page: z.number().int().nullable(),
  submitted: z.boolean(),
  changes: z.array(ZAnswer),
  /** The user agent summarized for people ("Chrome 130 on Windows"), and as sent. */
  client: z.string(),
  userAgent: z.string(),
});
export type TResponseSaveEntry = z.infer<typeof ZResponseSaveEntry>;

export const ZResponseHistory = z.object({
  response: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    status: ZResponseStatus,
    started: z.string().nullable(),
    submitted: z.string().nullable(),
    revision: z.number().int(),
    answers: z.array(ZAnswer),
  }),
  /** The survey as its respondents see it (the respondent app's own shape), and the lists it needs. */
  survey: ZRespondentSurvey,
  lists: z.array(ZNecessaryList),
  /** Names of the people any save or the current answers select (large lists are not in `lists`). */
  names: z.record(z.string(), z.string()),
  saves: z.array(ZResponseSaveEntry),
});
export type TResponseHistory = z.infer<typeof ZResponseHistory>;

/** GET /api/base/surveys/byTestEmailId/{id} and lists/getNecessaryByTestEmailId/{id}: a test email's link. */
export const ZTestEmailIdInput = z.object({ id: ZId });
