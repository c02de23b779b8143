import { z } from 'zod';
import { ZId, zLine } from './common';
import { LIST_LIMITS, LIST_TYPES } from './lists-limits';
import { LIST_MSG } from './lists-messages';

export const ZListType = z.enum(LIST_TYPES, { error: LIST_MSG.typeMismatch });

/** A list title: one line, not blank, unique per survey (checked by the service). */
export const ZListTitle = zLine({
  required: LIST_MSG.titleRequired,
  max: LIST_LIMITS.maxTitleLength,
  tooLong: LIST_MSG.titleTooLong,
});

const ZAttribute = z.object({ value: z.union([z.number(), z.boolean(), z.string()]), text: z.string() });
export const ZListColumn = z.object({ name: z.string(), type: z.enum(['number', 'boolean', 'date', 'text']) });

/** A list as GET /lists/all sends it (spec §3 List and Node, plus the attribute columns). */
export const ZListWithNodes = z.object({
  _id: z.string(),
  title: z.string(),
  type: ZListType,
  columns: z.array(ZListColumn),
  nodes: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      attributes: z.record(z.string(), ZAttribute),
      /** Present (true) only for people a respondent added (snowball). */
      addedByRespondent: z.literal(true).optional(),
    }),
  ),
});
export type TListWithNodes = z.infer<typeof ZListWithNodes>;

export const ZListSummary = z.object({ _id: z.string(), title: z.string(), type: ZListType });
export type TListSummary = z.infer<typeof ZListSummary>;

export const ZListsAllInput = z.object({ surveyId: ZId });
/** PUT /lists/{listId} {title, _id}: `_id`, when sent, must name the list of the path. */
export const ZUpdateListInput = z.object({ listId: ZId, title: ZListTitle, _id: ZId.optional() });
export const ZDeleteListInput = z.object({ id: ZId });

const ZFlag = z
  .enum(['true', 'false', 'yes', 'no', ''], { error: LIST_MSG.badUploadForm })
  .transform((v) => v === 'true' || v === 'yes');

/** The text fields of an upload form (multipart); the file travels beside them. */
export const ZUploadFields = z.object({
  title: z.string().optional(),
  type: ZListType.optional(),
  listId: z.union([ZId, z.literal('')]).optional(),
  skipCheckForDeletedNodes: ZFlag.optional(),
});
export type TUploadFields = z.infer<typeof ZUploadFields>;

/**
 * The answer of a respondent list upload (spec §7): respondentCreditsUsed is one per respondent new to
 * the survey, taken from the survey owner's account.
 */
export const ZRespondentUploadResult = z.object({
  respondentCreditsUsed: z.number(),
  survey: z.object({ _id: z.string(), respondentList: z.string() }),
});
export type TRespondentUploadResult = z.infer<typeof ZRespondentUploadResult>;

/** lists.respondentCredits: what a respondent list upload of this survey may spend (the Lists tab). */
export const ZRespondentCredits = z.object({
  credits: z.number(),
  /** The organization whose credits they are; null for an individual account. */
  organization: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type TRespondentCredits = z.infer<typeof ZRespondentCredits>;
