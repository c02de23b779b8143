import { z } from 'zod';
import { RESPONDENT_LIMITS, RESPONDENT_MSG, RESPONSE_STATUSES } from './answers-rules';
import { ZEmail, ZId, zLine } from './common';
import { MSG } from './messages';
import { ZOrganizationBranding } from './organization-logos';
import { ZRandomUUID } from './respondent';
import { strictNumber, zFlag } from './strict';
import { isBrokenText } from './text';

/** Ids inside answers: question, option and node ids (option ids are short client-made tokens). */
const ZRef = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid id');

/** An answer's text as the respondent typed it (kept as typed: not trimmed). */
const ZAnswerText = z
  .string()
  .max(
    RESPONDENT_LIMITS.textMax,
    `Answers must be at most ${RESPONDENT_LIMITS.textMax.toLocaleString('en')} characters`,
  )
  .refine((s) => !isBrokenText(s), MSG.badCharacters);

export const ZDataInput = z.strictObject({
  text: ZAnswerText.optional(),
  numeric: strictNumber(z.number().finite()).nullable().optional(),
  selectedIds: z.array(ZRef).max(RESPONDENT_LIMITS.entriesMax, RESPONDENT_MSG.tooManyAnswers).optional(),
  nodeId: ZRef.optional(),
  optionId: ZRef.optional(),
});

export const ZAnswer = z.strictObject({
  questionId: ZRef,
  dataInput: z.array(ZDataInput).max(RESPONDENT_LIMITS.entriesMax, RESPONDENT_MSG.tooManyAnswers),
});

export const ZAnswers = z
  .array(ZAnswer)
  .max(2000, RESPONDENT_MSG.tooManyAnswers)
  .refine((a) => new Set(a.map((x) => x.questionId)).size === a.length, 'Each question may be answered once');

/**
 * PUT /api/base/responses/{randomUUID}: the spec's fields plus the nothing-lost contract: `revision`
 * (the one the client last saw) and `saveId` (a client-made id, so a retried save is applied once).
 * `status`, `started` and `node` are accepted for compatibility and ignored: the server sets them.
 */
export const ZResponseSave = z.object({
  randomUUID: ZRandomUUID,
  answers: ZAnswers,
  survey: ZId.optional(),
  status: z.enum(RESPONSE_STATUSES).optional(),
  started: z.string().max(64).nullable().optional(),
  node: z
    .object({ name: z.string().max(500) })
    .partial()
    .optional(),
  submitted: zFlag().optional(),
  revision: strictNumber(z.number({ error: 'revision is required' }).int().min(0)),
  saveId: z.string({ error: 'saveId is required' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid saveId'),
  /** The page the respondent saved from (kept in the history for replay). */
  page: strictNumber(z.number().int().min(0).max(10_000)).optional(),
});
export type TResponseSave = z.input<typeof ZResponseSave>;

export const ZResponseStatus = z.enum(RESPONSE_STATUSES);

/** What a respondent's link shows of their response. */
export const ZResponseView = z.object({
  _id: z.string(),
  randomUUID: z.string(),
  survey: z.string(),
  status: ZResponseStatus,
  started: z.string().nullable(),
  submitted: z.string().nullable(),
  node: z.object({ name: z.string() }),
  answers: z.array(ZAnswer),
  revision: z.number().int(),
  /** The page the last accepted save was made from (null before any): where reopening the link resumes. */
  page: z.number().int().nullable(),
  /** Names of the people the answers select (search results are not in the loaded lists). */
  names: z.record(z.string(), z.string()),
  /** New people this response added, by question (absent: none), against each question's cap. */
  addedNames: z.record(z.string(), z.number().int()),
});
export type TResponseView = z.infer<typeof ZResponseView>;

export const ZSaveResult = ZResponseView.pick({ revision: true, status: true, started: true, submitted: true });
export type TSaveResult = z.infer<typeof ZSaveResult>;

/** GET /api/base/nodes/getMatchingNodes: a page of a list's names containing `name`. */
export const ZMatchingNodesInput = z.object({
  listId: ZId,
  name: z.string().max(200).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(RESPONDENT_LIMITS.searchPageSize).default(RESPONDENT_LIMITS.searchPageSize),
  /** The respondent's link; absent in preview (the owner's session) and on a single-link start page. */
  randomUUID: ZRandomUUID.optional(),
  /** A single-link start page searching its respondent list (name autocompletion). */
  surveyId: ZId.optional(),
  /** A test email's link (no response behind it): the lists its survey's questions use. */
  testEmailId: ZId.optional(),
});
export const ZMatchingNodes = z.object({
  count: z.number().int(),
  nodes: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type TMatchingNodes = z.infer<typeof ZMatchingNodes>;

const ZAddedName = zLine({
  required: RESPONDENT_MSG.addNameRequired,
  max: 200,
  tooLong: 'Names must be at most 200 characters',
});

/** POST /api/base/responses/respondentAddedByRespondent/{surveyId}: a new person for the respondent list. */
export const ZRespondentAdded = z.object({
  surveyId: ZId,
  randomUUID: ZRandomUUID,
  questionId: ZRef.optional(),
  name: ZAddedName,
  email: ZEmail,
});
/** POST /api/base/responses/suppListItemAddedByRespondent/{surveyId}: a new node for a supplementary list. */
export const ZSuppListItemAdded = z.object({
  surveyId: ZId,
  randomUUID: ZRandomUUID,
  questionId: ZRef.optional(),
  name: ZAddedName,
  listId: ZId,
});
export const ZAddedNode = z.object({
  _id: z.string(),
  name: z.string(),
  /** How many new people this response has now added through the question (its cap: maximumAdditionalNames). */
  addedNames: z.number().int(),
});
export type TAddedNode = z.infer<typeof ZAddedNode>;

/**
 * POST /api/base/responses/start/{surveyId}: who is starting (what the survey's settings ask for). Strict:
 * every field is optional, and the REST bridge spreads a JSON array body into the input.
 */
export const ZStartInput = z.strictObject({
  surveyId: ZId,
  /** The value of the identifying information column (an email, an employee number, ...). */
  identifier: zLine({ required: RESPONDENT_MSG.identifierRequired, max: 320, tooLong: 'Too long' }).optional(),
  /** With name autocompletion: the chosen respondent-list node. */
  nodeId: ZId.optional(),
});
export const ZStartResult = z.union([
  z.object({ randomUUID: z.string() }),
  /** The personal link was mailed: to `email` as typed, or (null) to the address on the respondent list, never shown. */
  z.object({ emailSent: z.literal(true), email: z.string().nullable() }),
]);
export type TStartResult = z.infer<typeof ZStartResult>;

/** GET /api/base/responses/start/{surveyId}: what the single-link start page asks. */
export const ZStartPage = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.string(),
  hasOpenLink: z.boolean(),
  requireSignUp: z.boolean(),
  identifyingInformation: z.string(),
  nameAutocompletion: z.boolean(),
  respondentList: z.string().nullable(),
  permittedDomains: z.array(z.string()),
  logoURL: z.string().nullable(),
  ...ZOrganizationBranding.shape,
});
export type TStartPage = z.infer<typeof ZStartPage>;

/** The lists a survey's questions need (spec §7 getNecessary): nodes only when at most the cap. */
export const ZNecessaryList = z.object({
  _id: z.string(),
  title: z.string(),
  type: z.enum(['Respondent List', 'Supplementary List']),
  count: z.number().int(),
  nodes: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type TNecessaryList = z.infer<typeof ZNecessaryList>;
