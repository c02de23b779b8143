import { z } from 'zod';
import { ZId, zLine, zMultiline } from './common';
import { ZQuestion } from './questions';
import { SURVEY_STATUSES, ZSurveyStatus } from './respondent';
import { strictNumber, zFlag } from './strict';
import { SURVEY_MSG } from './surveys-messages';
import {
  domainProblem,
  httpUrlProblem,
  normalizeDomain,
  normalizeIdentifyingInformation,
  respondentLimitProblem,
  SURVEY_LIMITS,
} from './surveys-rules';

export type TSurveyStatus = z.infer<typeof ZSurveyStatus>;

export const ZSurveyName = zLine({
  required: SURVEY_MSG.nameRequired,
  max: SURVEY_LIMITS.nameMax,
  tooLong: SURVEY_MSG.nameTooLong,
});

/** Welcome, completion and email bodies: HTML from the rich-text editor, sanitized before it is stored. */
const ZRichText = zMultiline({
  required: SURVEY_MSG.notText,
  max: SURVEY_LIMITS.richTextMax,
  tooLong: SURVEY_MSG.richTextTooLong,
  allowEmpty: true,
});
const ZOptionalLine = zLine({
  required: SURVEY_MSG.notText,
  max: SURVEY_LIMITS.lineMax,
  tooLong: SURVEY_MSG.lineTooLong,
  allowEmpty: true,
});
const ZHttpUrl = zLine({
  required: SURVEY_MSG.urlInvalid,
  max: SURVEY_LIMITS.urlMax,
  tooLong: SURVEY_MSG.urlTooLong,
  allowEmpty: true,
}).superRefine((url, ctx) => {
  const problem = httpUrlProblem(url);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const ZPermittedDomains = z
  .array(z.object({ name: z.string({ error: SURVEY_MSG.domainInvalid }).max(300, SURVEY_MSG.domainInvalid) }))
  .max(SURVEY_LIMITS.domainsMax, SURVEY_MSG.tooManyDomains)
  .superRefine((domains, ctx) => {
    const bad = domains.find((d) => domainProblem(d.name));
    if (bad) ctx.addIssue({ code: 'custom', message: SURVEY_MSG.domainInvalid });
    const names = domains.map((d) => normalizeDomain(d.name));
    if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', message: SURVEY_MSG.domainDuplicated });
  })
  .transform((domains) => domains.map((d) => ({ name: normalizeDomain(d.name) })));

export const ZSurveyEmail = z.object({
  subject: ZOptionalLine,
  body: ZRichText,
  /** The Emails tab's Rich Text/HTML toggle (spec §4: stored as plainHTML). */
  plainHTML: zFlag(),
});

/**
 * The fields a builder page edits, each optional: a page sends what it shows. Rules that span fields
 * (surveySettingsProblem) run on the survey as it will be saved. Questions change through
 * surveys.questions.*, never here; keys this schema does not name (_id, questions, ...) are ignored.
 */
export const ZSurveyChanges = z
  .object({
    name: ZSurveyName,
    /** Any status is accepted when unchanged; a change must be one of BUILDER_STATUSES. */
    status: z.enum(SURVEY_STATUSES, { error: SURVEY_MSG.statusNotSelectable }),
    /** Set by the image upload; a save may only keep it or remove it (null). */
    imageUUID: ZId.nullable(),
    welcomeMessage: ZRichText,
    thankYouMessage: ZRichText,
    redirectTo: ZHttpUrl,
    webhookOnCompletion: ZHttpUrl,
    identifyingInformation: ZOptionalLine.transform(normalizeIdentifyingInformation),
    nameAutocompletion: zFlag(),
    requireSignUp: zFlag(),
    respondentLimit: strictNumber(z.number({ error: SURVEY_MSG.respondentLimitPositive }))
      .nullable()
      .superRefine((limit, ctx) => {
        const problem = respondentLimitProblem(limit);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    hasOpenLink: zFlag(),
    permittedDomains: ZPermittedDomains,
    from: ZOptionalLine,
    email: ZSurveyEmail,
  })
  .partial();
export type TSurveyChanges = z.output<typeof ZSurveyChanges>;

/** The version a write is based on: a stale one is refused (409) unless the write is forced. */
export const ZVersion = strictNumber(z.number({ error: SURVEY_MSG.versionRequired }).int().min(1));

export const ZCreateSurveyInput = ZSurveyChanges.extend({ name: ZSurveyName });
export type TCreateSurveyInput = z.input<typeof ZCreateSurveyInput>;

export const ZUpdateSurveyInput = z.object({
  id: ZId,
  survey: ZSurveyChanges.extend({ version: ZVersion }),
  /** Save even if the survey changed since `version` (spec §4: an image change saves with force). */
  force: zFlag().optional(),
});
export type TUpdateSurveyInput = z.input<typeof ZUpdateSurveyInput>;

export const ZSurveyIdInput = z.object({ id: ZId });
export type TSurveyIdInput = z.input<typeof ZSurveyIdInput>;

/** The whole survey as the builder reads it; field names as in spec §3. */
export const ZSurvey = z
  .object({
    _id: z.string(),
    name: z.string(),
    status: ZSurveyStatus,
    imageUUID: z.string().nullable(),
    /** Where the image is served (GET surveys/image/{imageUUID}), as the respondent view carries it; null without one. */
    imageURL: z.string().nullable(),
    /** The spec's `image`: the same address (null without one). */
    image: z.string().nullable(),
    welcomeMessage: z.string(),
    thankYouMessage: z.string(),
    /** Id of the survey's respondent list (null until one is uploaded). */
    respondentList: z.string().nullable(),
    questions: z.array(ZQuestion),
    redirectTo: z.string(),
    webhookOnCompletion: z.string(),
    identifyingInformation: z.string(),
    nameAutocompletion: z.boolean(),
    requireSignUp: z.boolean(),
    respondentLimit: z.number().nullable(),
    hasOpenLink: z.boolean(),
    permittedDomains: z.array(z.object({ name: z.string() })),
    from: z.string(),
    email: z.object({ subject: z.string(), body: z.string(), plainHTML: z.boolean() }),
    /** Send it back with every write (optimistic concurrency). */
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  // One component in the OpenAPI document instead of a copy per operation.
  .meta({ id: 'Survey' });
export type TSurvey = z.infer<typeof ZSurvey>;

export const SURVEY_SORT_KEYS = ['name', 'status', 'updatedAt'] as const;
export const ZSurveyListInput = z.object({
  /** Part of the name, any case. */
  search: zLine({
    required: SURVEY_MSG.notText,
    max: SURVEY_LIMITS.nameMax,
    tooLong: SURVEY_MSG.nameTooLong,
    allowEmpty: true,
  }).optional(),
  sortBy: z.enum(SURVEY_SORT_KEYS).default('updatedAt'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
});
export type TSurveyListInput = z.input<typeof ZSurveyListInput>;
/** The list input with its defaults applied, as services receive it. */
export type TSurveyListQuery = z.output<typeof ZSurveyListInput>;

/** A row of the surveys page. */
export const ZSurveySummary = z.object({
  _id: z.string(),
  name: z.string(),
  status: ZSurveyStatus,
  /** People with a personal link (responses rows), and how many of them submitted. */
  respondentCount: z.number().int(),
  responseCount: z.number().int(),
  createdAt: z.string(),
  /** Last modified, ISO 8601 (the page shows D-MMM-YY). */
  updatedAt: z.string(),
});
export type TSurveySummary = z.infer<typeof ZSurveySummary>;

/** What inserting or duplicating a question answers: the new question's id and the survey with it. */
export const ZQuestionCreated = z.object({ questionId: z.string(), survey: ZSurvey });
export type TQuestionCreated = z.infer<typeof ZQuestionCreated>;
