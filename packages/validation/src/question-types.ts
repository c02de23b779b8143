// The question types and the limits of a survey's questions: constants both the question schemas
// (questions.ts) and the zod-free rules (questions-rules.ts) use, kept below both so neither imports
// the other in a circle.

export const QUESTION_TYPES = [
  'freeFormText',
  'singleNumeric',
  'numericRange',
  'multipleSelection',
  'matrixSelection',
  'searchAndSelect',
  'pageBreak',
  'descriptiveText',
] as const;
export type TQuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_LABELS: Record<TQuestionType, string> = {
  freeFormText: 'Textbox',
  singleNumeric: 'Numeric',
  numericRange: 'Numeric Slider',
  multipleSelection: 'Multiple Choice',
  matrixSelection: 'Matrix Selection',
  searchAndSelect: 'Search and Select',
  pageBreak: 'Page Break',
  descriptiveText: 'Descriptive Text',
};

/** The spec names radioType as the default only; dropdownType is the one alternative the builder offers. */
export const SELECTION_TYPES = ['radioType', 'dropdownType'] as const;

/**
 * Sizes a survey's questions may reach. The text limits keep one edit well inside the server's 100 kB
 * request body; the total bounds the row every question edit rewrites (duplicating needs no body).
 */
export const QUESTION_LIMITS = {
  maxQuestions: 500,
  textMax: 20_000,
  lineMax: 500,
  optionsMax: 200,
  totalChars: 5_000_000,
} as const;

/**
 * How many new people one response may add through one question that allows additional names (issue 21:
 * one link once added 60 people, each a new respondent). The builder sets it per question within these
 * bounds; questions stored before the setting existed get the default (withQuestionDefaults).
 */
export const ADDITIONAL_NAMES = { default: 10, min: 1, max: 100 } as const;
