import { z } from 'zod';
import { ZId, zLine, zMultiline } from './common';
import {
  ADDITIONAL_NAMES,
  QUESTION_LIMITS,
  QUESTION_TYPES,
  SELECTION_TYPES,
  type TQuestionType,
} from './question-types';
import { strictNumber, zFlag } from './strict';
import { SURVEY_MSG } from './surveys-messages';

export const ZQuestionType = z.enum(QUESTION_TYPES, { error: SURVEY_MSG.unknownQuestionType });
export const ZSelectionType = z.enum(SELECTION_TYPES, { error: SURVEY_MSG.unknownSelectionType });

/** An answer option, row or column heading. Ids are client-made (Add option) or ours; both are short tokens. */
export const ZOption = z.object({
  _id: z.string({ error: SURVEY_MSG.optionIdInvalid }).regex(/^[A-Za-z0-9_-]{1,64}$/, SURVEY_MSG.optionIdInvalid),
  title: zLine({ required: SURVEY_MSG.optionBlank, max: QUESTION_LIMITS.lineMax, tooLong: SURVEY_MSG.lineTooLong }),
});
export type TOption = z.infer<typeof ZOption>;

const ZOptions = z
  .array(ZOption)
  .max(QUESTION_LIMITS.optionsMax, SURVEY_MSG.tooManyOptions)
  .refine((options) => new Set(options.map((o) => o._id)).size === options.length, SURVEY_MSG.optionIdsDuplicated);

/** Numeric settings: numbers of 0 or more (spec §5: numeric settings inputs have min 0). */
const ZSetting = z.number({ error: SURVEY_MSG.notANumber }).min(0, SURVEY_MSG.notNegative);
const ZCount = strictNumber(ZSetting.int(SURVEY_MSG.wholeNumber).max(100_000, SURVEY_MSG.notANumber)).nullable();
const ZRangeNumber = strictNumber(ZSetting.max(1_000_000_000, SURVEY_MSG.notANumber));
const ZShortText = zLine({
  required: SURVEY_MSG.notText,
  max: QUESTION_LIMITS.lineMax,
  tooLong: SURVEY_MSG.lineTooLong,
  allowEmpty: true,
});

/**
 * What an edit may change on a question: every field but its id and page (derived). Each field is
 * optional, so a caller sends what it edits; the rules that span fields (questionProblem) run on the
 * merged question.
 */
export const ZQuestionChanges = z
  .object({
    type: ZQuestionType,
    /** HTML from the rich-text editor; sanitized on the server before it is stored. */
    text: zMultiline({
      required: SURVEY_MSG.notText,
      max: QUESTION_LIMITS.textMax,
      tooLong: SURVEY_MSG.questionTextTooLong,
      allowEmpty: true,
    }),
    shortTextInput: zFlag(),
    allowMultipleSelections: zFlag(),
    allowSelfSelection: zFlag(),
    allowAdditionalNames: zFlag(),
    /** New people one response may add through this question (issue 21). */
    maximumAdditionalNames: strictNumber(
      z
        .number({ error: SURVEY_MSG.additionalNamesRange })
        .int(SURVEY_MSG.additionalNamesRange)
        .min(ADDITIONAL_NAMES.min, SURVEY_MSG.additionalNamesRange)
        .max(ADDITIONAL_NAMES.max, SURVEY_MSG.additionalNamesRange),
    ),
    allowScroll: zFlag(),
    hideSearchInput: zFlag(),
    isAttribute: zFlag(),
    isRelationshipQuestion: zFlag(),
    isHeading: zFlag(),
    isRequired: zFlag(),
    minimumSelections: ZCount,
    maximumSelections: ZCount,
    abbreviation: ZShortText,
    selectionType: ZSelectionType,
    list: ZId.nullable(),
    previousQn: z.array(ZId).max(QUESTION_LIMITS.maxQuestions, SURVEY_MSG.tooManyQuestions),
    columnHeadings: ZOptions,
    selectionOptions: ZOptions,
    numericRangeMin: ZRangeNumber,
    numericRangeMax: ZRangeNumber,
    numericRangeDefault: ZRangeNumber,
    numericRangeIncrement: ZRangeNumber,
    numericRangeMinLabel: ZShortText,
    numericRangeMaxLabel: ZShortText,
    numericRangeShowValues: zFlag(),
    egoNetworkMapping: zFlag(),
    egoNetworkMappingSymmetric: zFlag(),
  })
  .partial();
export type TQuestionChanges = z.input<typeof ZQuestionChanges>;

/** A question as stored and sent: every field of spec §3, `page` derived from the page breaks above it. */
export const ZQuestion = z.object({
  _id: z.string(),
  type: ZQuestionType,
  text: z.string(),
  page: z.number().int(),
  shortTextInput: z.boolean(),
  allowMultipleSelections: z.boolean(),
  allowSelfSelection: z.boolean(),
  allowAdditionalNames: z.boolean(),
  maximumAdditionalNames: z.number().int(),
  allowScroll: z.boolean(),
  hideSearchInput: z.boolean(),
  isAttribute: z.boolean(),
  isRelationshipQuestion: z.boolean(),
  isHeading: z.boolean(),
  isRequired: z.boolean(),
  minimumSelections: z.number().nullable(),
  maximumSelections: z.number().nullable(),
  abbreviation: z.string(),
  selectionType: ZSelectionType,
  list: z.string().nullable(),
  previousQn: z.array(z.string()),
  columnHeadings: z.array(z.object({ _id: z.string(), title: z.string() })),
  selectionOptions: z.array(z.object({ _id: z.string(), title: z.string() })),
  numericRangeMin: z.number(),
  numericRangeMax: z.number(),
  numericRangeDefault: z.number(),
  numericRangeIncrement: z.number(),
  numericRangeMinLabel: z.string(),
  numericRangeMaxLabel: z.string(),
  numericRangeShowValues: z.boolean(),
  egoNetworkMapping: z.boolean(),
  egoNetworkMappingSymmetric: z.boolean(),
});
export type TQuestion = z.infer<typeof ZQuestion>;
/** The stored form: what the survey row keeps (page is derived on the way out). */
export type TQuestionData = Omit<TQuestion, 'page'>;

const ZSurveyRef = {
  surveyId: ZId,
  version: strictNumber(z.number({ error: SURVEY_MSG.versionRequired }).int().min(1)),
};

export const ZUpdateQuestionInput = z.object({ ...ZSurveyRef, questionId: ZId, question: ZQuestionChanges });
export type TUpdateQuestionInput = z.input<typeof ZUpdateQuestionInput>;

export const ZInsertQuestionInput = z.object({
  ...ZSurveyRef,
  /** Position of the new question: 0 puts it first, the number of questions puts it last. */
  index: strictNumber(z.number({ error: SURVEY_MSG.indexOutOfRange }).int().min(0, SURVEY_MSG.indexOutOfRange)),
  type: ZQuestionType,
});
export type TInsertQuestionInput = z.input<typeof ZInsertQuestionInput>;

export const ZQuestionRefInput = z.object({ ...ZSurveyRef, questionId: ZId });
export type TQuestionRefInput = z.input<typeof ZQuestionRefInput>;

/** A DELETE carries its input in the query string (REST bridge), where the version arrives as text. */
export const ZDeleteQuestionInput = ZQuestionRefInput.extend({
  version: z.coerce.number({ error: SURVEY_MSG.versionRequired }).int().min(1),
});

export const ZReorderQuestionsInput = z.object({
  ...ZSurveyRef,
  /** Every question id of the survey, in the new order. */
  order: z.array(ZId).max(QUESTION_LIMITS.maxQuestions, SURVEY_MSG.orderNotPermutation),
});
export type TReorderQuestionsInput = z.input<typeof ZReorderQuestionsInput>;

/** The new default options: three, titled Option 1 to Option 3 (spec §3). */
function defaultOptions(newId: () => string): TOption[] {
  return [1, 2, 3].map((n) => ({ _id: newId(), title: `Option ${n}` }));
}

/**
 * A new question of `type` with the spec's defaults (§3, §9). `newId` makes ids (the server passes
 * randomUUID); `respondentList` is the survey's respondent list, the default relationship source.
 */
export function newQuestion(type: TQuestionType, newId: () => string, respondentList: string | null): TQuestionData {
  const relationship = type === 'searchAndSelect';
  return {
    _id: newId(),
    type,
    text: '',
    shortTextInput: false,
    allowMultipleSelections: false,
    allowSelfSelection: false,
    allowAdditionalNames: false,
    maximumAdditionalNames: ADDITIONAL_NAMES.default,
    allowScroll: false,
    hideSearchInput: false,
    isAttribute: false,
    isRelationshipQuestion: relationship,
    isHeading: false,
    isRequired: false,
    minimumSelections: null,
    maximumSelections: null,
    abbreviation: '',
    selectionType: 'radioType',
    list: relationship ? respondentList : null,
    previousQn: [],
    columnHeadings: defaultOptions(newId),
    selectionOptions: defaultOptions(newId),
    numericRangeMin: 0,
    numericRangeMax: 100,
    numericRangeDefault: 50,
    numericRangeIncrement: 1,
    numericRangeMinLabel: 'Minimum',
    numericRangeMaxLabel: 'Maximum',
    numericRangeShowValues: false,
    egoNetworkMapping: false,
    egoNetworkMappingSymmetric: false,
  };
}
