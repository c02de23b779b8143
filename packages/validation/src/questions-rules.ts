// Zod-free question rules (spec surveys.md §2, §4, §5), shared by the builder in the browser and the
// server's services, so each rule exists once.

import { ADDITIONAL_NAMES, type TQuestionType } from './question-types';
import type { TQuestionData } from './questions';
import { SURVEY_MSG } from './surveys-messages';

/**
 * A question as stored, with the fields added since it was saved filled with their defaults: questions
 * live in the survey row's JSON, so an older survey's questions lack newer fields.
 */
export function withQuestionDefaults<T extends object>(q: T): T & Pick<TQuestionData, 'maximumAdditionalNames'> {
  const cap = (q as { maximumAdditionalNames?: unknown }).maximumAdditionalNames;
  return (typeof cap === 'number' ? q : { ...q, maximumAdditionalNames: ADDITIONAL_NAMES.default }) as T &
    Pick<TQuestionData, 'maximumAdditionalNames'>;
}

type Q = Pick<TQuestionData, '_id' | 'type'>;

/** Page breaks and descriptive text ask nothing: no number, no answer, no fixed type change. */
export function isAnswerType(type: TQuestionType): boolean {
  return type !== 'pageBreak' && type !== 'descriptiveText';
}

/** Question numbers as the builder shows them: 1, 2, ... skipping page breaks and descriptive text. */
export function questionNumbers(questions: readonly Q[]): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const q of questions) if (isAnswerType(q.type)) numbers.set(q._id, numbers.size + 1);
  return numbers;
}

/** Page index of each question: the page breaks above it (a page break belongs to the page it ends). */
export function questionPages(questions: readonly Q[]): number[] {
  let page = 0;
  return questions.map((q) => {
    const current = page;
    if (q.type === 'pageBreak') page += 1;
    return current;
  });
}

/** Whether rich text shows nothing: no characters but spaces once tags and entities are gone, and no image. */
export function isBlankHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|#160|#xa0);/gi, ' ')
    .replace(/&#8203;|&#x200b;|\u200b/gi, '');
  return text.trim() === '';
}

/** The text rule on finishing an edit: every type but a page break needs text. */
export function questionTextProblem(type: TQuestionType, html: string): string | null {
  if (type === 'pageBreak') return null;
  return isBlankHtml(html) ? SURVEY_MSG.questionTextBlank : null;
}

/** Types whose answers can name people: only these can be relationship questions. */
export function canBeRelationshipQuestion(type: TQuestionType): boolean {
  return type === 'multipleSelection' || type === 'matrixSelection' || type === 'searchAndSelect';
}

/** A question whose answers later questions may pipe in (spec §2, relationship source). */
export function isEligibleSource(q: Pick<TQuestionData, 'type' | 'isRelationshipQuestion'>): boolean {
  return q.isRelationshipQuestion && (q.type === 'searchAndSelect' || q.type === 'multipleSelection');
}

/** The questions before `index` that question `index` may take answers from. */
export function eligibleSources<T extends TQuestionData>(questions: readonly T[], index: number): T[] {
  return questions.slice(0, index).filter(isEligibleSource);
}

/** Numbers of the questions that pipe answers from `questionId` (the Cannot Delete Question dialog). */
export function linkedFrom(questions: readonly TQuestionData[], questionId: string): number[] {
  const numbers = questionNumbers(questions);
  return questions.filter((q) => q.previousQn.includes(questionId)).map((q) => numbers.get(q._id) ?? 0);
}

/** Question source (spec §3): 0 respondent list, 1 supplementary list, 2 earlier question answers. */
export type TQuestionSource = 0 | 1 | 2;
export function questionSource(
  q: Pick<TQuestionData, 'list' | 'previousQn'>,
  respondentList: string | null,
): TQuestionSource {
  if (q.previousQn.length > 0) return 2;
  return q.list !== null && q.list !== respondentList ? 1 : 0;
}

export const MATRIX_TYPES = ['regular', 'directed', 'undirected'] as const;
export type TMatrixType = (typeof MATRIX_TYPES)[number];
export const MATRIX_TYPE_LABELS: Record<TMatrixType, string> = {
  regular: 'Regular',
  directed: 'Directed Ego Network',
  undirected: 'Undirected Ego Network',
};

/** Matrix type flags (spec §4): Regular off/off, Directed on/off, Undirected on/on. */
export function matrixTypeFlags(type: TMatrixType) {
  return { egoNetworkMapping: type !== 'regular', egoNetworkMappingSymmetric: type === 'undirected' };
}
export function matrixType(q: Pick<TQuestionData, 'egoNetworkMapping' | 'egoNetworkMappingSymmetric'>): TMatrixType {
  if (!q.egoNetworkMapping) return 'regular';
  return q.egoNetworkMappingSymmetric ? 'undirected' : 'directed';
}

/**
 * The question as it is saved on finishing an edit (spec §4): the list is cleared when answers come
 * from earlier questions or the question is not a relationship question. Beyond the spec, and for the
 * same reason, flags a type cannot carry are dropped: a type that names no people is no relationship
 * question (and so pipes from nothing, which would otherwise block deleting its old sources), and only
 * a relationship matrix is an ego network, symmetric only when it is one.
 */
export function finishQuestionEdit<T extends TQuestionData>(q: T): T {
  const isRelationshipQuestion = q.isRelationshipQuestion && canBeRelationshipQuestion(q.type);
  const previousQn = isRelationshipQuestion ? q.previousQn : [];
  const ego = isRelationshipQuestion && q.type === 'matrixSelection' && q.egoNetworkMapping;
  return {
    ...q,
    isRelationshipQuestion,
    previousQn,
    list: previousQn.length > 0 || !isRelationshipQuestion ? null : q.list,
    egoNetworkMapping: ego,
    egoNetworkMappingSymmetric: ego && q.egoNetworkMappingSymmetric,
  };
}

export interface TFieldProblem {
  field: keyof TQuestionData;
  message: string;
}

/**
 * The first problem of a finished question at `index` among `questions` (the survey as it will be
 * saved), or null: text, selection counts, slider settings, and where answers are piped from.
 */
export function questionProblem(questions: readonly TQuestionData[], index: number): TFieldProblem | null {
  const q = questions[index]!;
  const text = questionTextProblem(q.type, q.text);
  if (text) return { field: 'text', message: text };
  const { minimumSelections: min, maximumSelections: max } = q;
  if (min !== null && max !== null && max > 0 && min > max) {
    return { field: 'minimumSelections', message: SURVEY_MSG.minAboveMax };
  }
  const cap = q.maximumAdditionalNames;
  if (!Number.isInteger(cap) || cap < ADDITIONAL_NAMES.min || cap > ADDITIONAL_NAMES.max) {
    return { field: 'maximumAdditionalNames', message: SURVEY_MSG.additionalNamesRange };
  }
  if (q.type === 'numericRange') {
    if (q.numericRangeMax <= q.numericRangeMin)
      return { field: 'numericRangeMax', message: SURVEY_MSG.rangeMaxNotAboveMin };
    if (q.numericRangeDefault < q.numericRangeMin || q.numericRangeDefault > q.numericRangeMax) {
      return { field: 'numericRangeDefault', message: SURVEY_MSG.rangeDefaultOutside };
    }
    if (q.numericRangeIncrement <= 0) {
      return { field: 'numericRangeIncrement', message: SURVEY_MSG.rangeIncrementPositive };
    }
  }
  const sources = new Set(eligibleSources(questions, index).map((s) => s._id));
  const unique = new Set(q.previousQn);
  if (unique.size !== q.previousQn.length || q.previousQn.some((id) => !sources.has(id))) {
    return { field: 'previousQn', message: SURVEY_MSG.previousQnNotEligible };
  }
  return null;
}

/**
 * Why `order` (question ids) cannot be the survey's new order, or null: it must name every question
 * exactly once and keep each question below the ones it takes answers from.
 */
export function reorderProblem(questions: readonly TQuestionData[], order: readonly string[]): string | null {
  const byId = new Map(questions.map((q) => [q._id, q]));
  if (order.length !== questions.length || new Set(order).size !== order.length || order.some((id) => !byId.has(id))) {
    return SURVEY_MSG.orderNotPermutation;
  }
  const position = new Map(order.map((id, i) => [id, i]));
  const numbers = questionNumbers(questions);
  for (const q of questions) {
    const source = q.previousQn.find((id) => (position.get(id) ?? -1) > position.get(q._id)!);
    if (source) return SURVEY_MSG.sourceBelow(numbers.get(q._id) ?? 0, numbers.get(source) ?? 0);
  }
  return null;
}
