import type { TQuestionData } from './questions';
import { isAnswerType, questionPages } from './questions-rules';

/**
 * The respondent's answers and their rules (spec §3 Answer, §4 respondent flow and relationship piping,
 * §5 respondent answers). Zod-free: the respondent app runs these for instant feedback and the server
 * runs the same functions on every submission (the authority).
 */

/** Response statuses (spec §4). The email filter offers all but Opted Out. */
export const RESPONSE_STATUSES = [
  'Not Sent',
  'Not Started',
  'Started',
  'Submitted',
  'Starred',
  'Bounced',
  'Opted Out',
] as const;
export type TResponseStatus = (typeof RESPONSE_STATUSES)[number];

/**
 * One entry of an answer. Which fields an entry uses depends on the question:
 * free text `text`; numbers `numeric`; choices `selectedIds` (option ids, or node ids for relationship
 * questions); a matrix has one entry per row, the row named by `optionId` (a row heading) or `nodeId`
 * (a person), its chosen columns in `selectedIds`.
 */
export interface TDataInput {
  text?: string;
  numeric?: number | null;
  selectedIds?: string[];
  nodeId?: string;
  optionId?: string;
}
export interface TAnswer {
  questionId: string;
  dataInput: TDataInput[];
}

export const RESPONDENT_MSG = {
  notSaved: 'Response not saved. Please edit the highlighted fields',
  enterResponse: 'Please enter a response',
  allRows: 'Please enter a response for all rows',
  selectOne: 'Please select at least 1 option',
  selectAtLeast: (n: number) => `Please select at least ${n} option(s)`,
  selectLessThan: (n: number) => `Please select less than ${n} option(s)`,
  maxReached: (n: number) => `This question is limited to a maximum of ${n} selections`,
  notYourself: 'You cannot choose yourself for this question',
  notAnOption: 'One of the selected answers is not an option of this question',
  addNameRequired: '✘ Please enter name',
  addEmailInvalid: '✘ Please enter a valid email address',
  addInPreview: 'Cannot add names in preview mode',
  addViaTestLink: 'Cannot add names via a test link',
  addFailed: 'Error while adding name',
  addNotAllowed: 'This question does not allow adding names',
  addLimitReached: (n: number) => `You can add at most ${n} ${n === 1 ? 'name' : 'names'} to this question`,
  noOptions: 'There are currently no selection options for this question. You may proceed to the next question.',
  noMatches: 'No matches found',
  noMatchesAdd: 'No matches found - please add the name below or search again',
  searchPlaceholder: 'Start typing to search',
  /** Callers other than the survey's owner search with at least RESPONDENT_LIMITS.searchMinChars characters. */
  searchTooShort: 'Type at least 2 characters to search',
  tooManySearches: 'Too many searches in a short time. Please wait a moment and search again.',
  staleSave: 'These answers were changed elsewhere (another tab or device). The latest answers are attached.',
  alreadySubmitted: 'This response has already been submitted',
  surveyClosed: 'This survey is closed and no longer accepts responses',
  surveyOffline: 'This survey is not open for responses yet',
  tooManyAnswers: 'Too many answers',
  unknownQuestion: 'An answer refers to a question that is not in this survey',
  linkOff: 'This survey cannot be started from a shared link',
  limitReached: 'This survey has reached its respondent limit',
  domainNotPermitted: 'Email addresses of this domain may not take part in this survey',
  notInList: 'We could not find you in the respondent list. Please check what you entered.',
  identifierRequired: 'Please fill in this field',
  /** A single-link start that identified a listed person: their link went to the address on the list. */
  linkEmailedToList: 'We have emailed your personal link to the address on the list',
  noAddressOnList:
    'The respondent list has no email address for you, so we cannot send you your personal link. Please ask the survey owner for your personal link.',
  tooManyLinkMails: 'Too many personal links have been emailed from your network. Please try again later.',
} as const;

/** Spec §9: relationship options capped at 1000; a grid shows at most 150; search pages of 100. */
export const RESPONDENT_LIMITS = {
  optionsCap: 1000,
  gridMax: 150,
  searchPageSize: 100,
  /**
   * Search counts matches up to this many (as many as a relationship question offers); a count of
   * exactly the cap means "this many or more". See searchCountCap for one- and two-letter searches.
   */
  searchCountCap: 1000,
  searchShortCountCap: 100,
  searchDebounceMs: 150,
  /** Fewest characters a search needs unless the survey's owner searches (preview). */
  searchMinChars: 2,
  itemHeight: 48,
  listHeight: 432,
  textMax: 10_000,
  entriesMax: 2000,
} as const;

/**
 * How far a name search counts: one or two letters (the first keystrokes, matching much of any list, and
 * found only by reading the list) count to 100, longer searches to 1,000. The server stops there and the
 * respondent app shows "100+"; typing on narrows it.
 */
export function searchCountCap(name: string): number {
  return [...name.trim()].length < 3 ? RESPONDENT_LIMITS.searchShortCountCap : RESPONDENT_LIMITS.searchCountCap;
}

type Q = TQuestionData;
type AnswerMap = ReadonlyMap<string, TAnswer>;

export function answerMap(answers: readonly TAnswer[]): Map<string, TAnswer> {
  return new Map(answers.map((a) => [a.questionId, a]));
}

/** Node ids a selection question's answer selects (multiple choice and search and select). */
export function selectedIdsOf(answer: TAnswer | undefined): string[] {
  return answer?.dataInput[0]?.selectedIds ?? [];
}

/**
 * The people a relationship question piped from earlier questions offers (spec §4 piping): every node
 * selected in any of its source questions, first-selected first, each once. Null when the question
 * takes its people from a list instead.
 */
export function pipedIds(q: Pick<Q, 'previousQn'>, answers: AnswerMap): string[] | null {
  if (q.previousQn.length === 0) return null;
  const ids = new Set<string>();
  for (const source of q.previousQn) for (const id of selectedIdsOf(answers.get(source))) ids.add(id);
  return [...ids];
}

/**
 * Answers with piping applied (spec §4): each question that takes its rows from earlier answers keeps
 * only rows still selected through at least one source and gains an empty row for each newly selected
 * person; its own selections shrink to what is still offered. Questions are handled in survey order, so
 * a change flows on through questions that pipe from piped questions. Pure: returns a new array when
 * anything changed, else the same one.
 */
export function pipeAnswers(questions: readonly Q[], answers: readonly TAnswer[]): TAnswer[] {
  const map = answerMap(answers);
  let changed = false;
  for (const q of questions) {
    const rows = pipedIds(q, map);
    if (rows === null) continue;
    const offered = new Set(rows);
    const old = map.get(q._id);
    const next = pipedAnswer(q, rows, offered, old);
    if (next !== old && !(old === undefined && next === undefined)) {
      changed = true;
      if (next) map.set(q._id, next);
      else map.delete(q._id);
    }
  }
  if (!changed) return answers as TAnswer[];
  const order = new Map(questions.map((q, i) => [q._id, i]));
  return [...map.values()].sort((a, b) => (order.get(a.questionId) ?? 0) - (order.get(b.questionId) ?? 0));
}

function pipedAnswer(q: Q, rows: string[], offered: Set<string>, old: TAnswer | undefined): TAnswer | undefined {
  if (q.type === 'matrixSelection') {
    if (old === undefined && rows.length === 0) return old;
    const byRow = new Map((old?.dataInput ?? []).map((e) => [e.nodeId, e]));
    const ego = q.egoNetworkMapping;
    const dataInput = rows.map((nodeId) => {
      const entry = byRow.get(nodeId) ?? { nodeId, selectedIds: [] };
      if (!ego) return entry;
      const kept = (entry.selectedIds ?? []).filter((id) => offered.has(id));
      return kept.length === (entry.selectedIds ?? []).length ? entry : { ...entry, selectedIds: kept };
    });
    const same =
      old !== undefined &&
      old.dataInput.length === dataInput.length &&
      dataInput.every((e, i) => e === old.dataInput[i]);
    return same ? old : { questionId: q._id, dataInput };
  }
  if (!old) return old;
  const selected = selectedIdsOf(old);
  const kept = selected.filter((id) => offered.has(id));
  if (kept.length === selected.length) return old;
  return { questionId: q._id, dataInput: [{ ...old.dataInput[0], selectedIds: kept }] };
}

/** The questions of each page, page breaks left out (they end their page). */
export function questionsByPage<T extends Pick<Q, '_id' | 'type'>>(questions: readonly T[]): T[][] {
  const pages = questionPages(questions);
  const total = questions.length === 0 ? 1 : (pages[pages.length - 1] ?? 0) + 1;
  const out: T[][] = Array.from({ length: total }, () => []);
  questions.forEach((q, i) => {
    if (q.type !== 'pageBreak') out[pages[i]!]!.push(q);
  });
  // A survey that ends with a page break has no questions after it: no empty last page.
  while (out.length > 1 && out[out.length - 1]!.length === 0) out.pop();
  return out;
}

/** Spec §5: number inputs convert to numbers; empty (or not a number) becomes undefined. */
export function toNumber(input: string): number | undefined {
  if (input.trim() === '') return undefined;
  const n = Number(input);
  return Number.isFinite(n) ? n : undefined;
}

/** Spec §5 slider: a value below the minimum is clamped up to it, above the maximum down to it. */
export function clampSlider(value: number, q: Pick<Q, 'numericRangeMin' | 'numericRangeMax'>): number {
  return Math.min(q.numericRangeMax, Math.max(q.numericRangeMin, value));
}

/**
 * The value a slider shows before it is touched: its default, clamped to its bounds and put on its steps
 * as a range input puts it (the nearest step from the minimum, never past the maximum), so the number
 * saved is the one the thumb shows.
 */
export function sliderShownValue(
  q: Pick<Q, 'numericRangeMin' | 'numericRangeMax' | 'numericRangeDefault' | 'numericRangeIncrement'>,
): number {
  const min = q.numericRangeMin;
  const step = q.numericRangeIncrement > 0 ? q.numericRangeIncrement : 1;
  let steps = Math.round((clampSlider(q.numericRangeDefault, q) - min) / step);
  while (steps > 0 && min + steps * step > q.numericRangeMax) steps -= 1;
  // 0.1 + 0.2 is 0.30000000000000004: round to the digits the settings themselves have.
  const digits = Math.max(decimals(min), decimals(step));
  return Number((min + steps * step).toFixed(Math.min(digits, 10)));
}
const decimals = (n: number) => (Number.isInteger(n) ? 0 : (String(n).split('.')[1]?.length ?? 10));

/**
 * The answers with the value every question of `questions` shows untouched saved as its answer (issue 21
 * item 5: what the respondent sees is what is saved). Of the answer types only a slider shows a value
 * before it is touched (text and number inputs start empty, choices unchosen, a dropdown on "Select an
 * option"): an unanswered slider gets sliderShownValue. The respondent app applies this to the page on
 * Next and Submit. Returns the same array when nothing was missing.
 */
export function withShownDefaults(questions: readonly Q[], answers: readonly TAnswer[]): TAnswer[] {
  const valued = new Set(answers.filter((a) => typeof a.dataInput[0]?.numeric === 'number').map((a) => a.questionId));
  const missing = questions.filter((q) => q.type === 'numericRange' && !valued.has(q._id));
  if (missing.length === 0) return answers as TAnswer[];
  const filled = new Map<string, TAnswer>(
    missing.map((q) => [q._id, { questionId: q._id, dataInput: [{ numeric: sliderShownValue(q) }] }]),
  );
  return [...answers.filter((a) => !filled.has(a.questionId)), ...filled.values()];
}

/** Whether one more selection may be added (spec §5: refused once maximumSelections is reached). */
export function selectionLimitProblem(q: Pick<Q, 'allowMultipleSelections' | 'maximumSelections'>, count: number) {
  if (!q.allowMultipleSelections || q.maximumSelections === null || q.maximumSelections <= 0) return null;
  return count >= q.maximumSelections ? RESPONDENT_MSG.maxReached(q.maximumSelections) : null;
}

/** The context rules need beyond the answer: what a relationship question offers, and who answers. */
export interface TAnswerContext {
  /** Rows or options the question offers right now (piped people or list nodes); null: not known here. */
  offered: readonly string[] | null;
  /** The respondent's own node id, when they are in the respondent list. */
  selfId: string | null;
}

/**
 * The message a question shows for its answer, or null (spec §5, checked on Next and Submit).
 * Non-answer types and numeric sliders have no rule.
 */
export function answerProblem(q: Q, answer: TAnswer | undefined, ctx: TAnswerContext): string | null {
  const entries = answer?.dataInput ?? [];
  switch (q.type) {
    case 'freeFormText':
      if (!q.isRequired) return null;
      if (entries.length === 0 || entries.some((e) => (e.text ?? '').trim() === ''))
        return RESPONDENT_MSG.enterResponse;
      return null;
    case 'singleNumeric':
      if (!q.isRequired) return null;
      if (entries.length === 0 || entries.some((e) => typeof e.numeric !== 'number' || !Number.isFinite(e.numeric)))
        return RESPONDENT_MSG.enterResponse;
      return null;
    case 'matrixSelection':
      return matrixProblem(q, entries, ctx);
    case 'multipleSelection':
    case 'searchAndSelect':
      return selectionProblem(q, selectedIdsOf(answer), ctx);
    default:
      return null;
  }
}

function matrixProblem(q: Q, entries: readonly TDataInput[], ctx: TAnswerContext): string | null {
  if (q.isRelationshipQuestion && !q.allowSelfSelection && ctx.selfId !== null) {
    if (entries.some((e) => e.nodeId === ctx.selfId || (q.egoNetworkMapping && e.selectedIds?.includes(ctx.selfId!))))
      return RESPONDENT_MSG.notYourself;
  }
  if (!q.isRequired) return null;
  const rows = q.isRelationshipQuestion ? ctx.offered : q.selectionOptions.map((o) => o._id);
  if (rows === null) return null;
  const answered = new Set(
    entries.filter((e) => (e.selectedIds?.length ?? 0) > 0).map((e) => e.nodeId ?? e.optionId ?? ''),
  );
  const required = rows.filter((id) => id !== ctx.selfId || q.allowSelfSelection);
  // An ego network's row chooses among the other people: with fewer than two there is nothing to choose.
  if (q.isRelationshipQuestion && q.egoNetworkMapping && required.length < 2) return null;
  return required.every((id) => answered.has(id)) ? null : RESPONDENT_MSG.allRows;
}

function selectionProblem(q: Q, selected: readonly string[], ctx: TAnswerContext): string | null {
  if (q.isRelationshipQuestion && !q.allowSelfSelection && ctx.selfId !== null && selected.includes(ctx.selfId))
    return RESPONDENT_MSG.notYourself;
  const count = selected.length;
  if (!q.allowMultipleSelections && count > 1) return RESPONDENT_MSG.selectLessThan(2);
  const min = q.minimumSelections ?? 0;
  const max = q.maximumSelections ?? 0;
  if (q.allowMultipleSelections && max > 0 && count > max) return RESPONDENT_MSG.selectLessThan(max + 1);
  // Nothing to choose from: the question says so and may be passed (spec §8 hint).
  if (ctx.offered !== null && ctx.offered.length === 0) return null;
  if (q.allowMultipleSelections && min > 0 && (q.isRequired || count > 0) && count < min)
    return RESPONDENT_MSG.selectAtLeast(min);
  if (q.isRequired && count === 0) return RESPONDENT_MSG.selectOne;
  return null;
}

/** Problems by question id for the given questions (one page, or all of them on submission). */
export function answerProblems(
  questions: readonly Q[],
  answers: readonly TAnswer[],
  context: (q: Q) => TAnswerContext,
): Record<string, string> {
  const map = answerMap(answers);
  const problems: Record<string, string> = {};
  for (const q of questions) {
    if (!isAnswerType(q.type)) continue;
    const problem = answerProblem(q, map.get(q._id), context(q));
    if (problem) problems[q._id] = problem;
  }
  return problems;
}

/** Spec §5 added name: a name; an email (simple pattern) only when adding to the respondent list. */
export function addedNameProblems(input: { name: string; email?: string }, needsEmail: boolean) {
  const problems: { name?: string; email?: string } = {};
  if (input.name.trim() === '') problems.name = RESPONDENT_MSG.addNameRequired;
  if (needsEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test((input.email ?? '').trim()))
    problems.email = RESPONDENT_MSG.addEmailInvalid;
  return problems;
}

/**
 * Whether one more person may be added through the question, given how many this response already
 * added through it (issue 21): the server refuses with this message, and the respondent app shows it
 * in place of the add form.
 */
export function addedNamesProblem(q: Pick<Q, 'maximumAdditionalNames'>, added: number): string | null {
  return added >= q.maximumAdditionalNames ? RESPONDENT_MSG.addLimitReached(q.maximumAdditionalNames) : null;
}

/** Spec §4: progress is the page number over the total pages, times 100. */
export function progressPercent(page: number, totalPages: number): number {
  if (totalPages <= 0) return 0;
  return Math.round((Math.min(page + 1, totalPages) / totalPages) * 100);
}

/** The list a relationship question takes its people from when nothing is piped into it; else null. */
export function sourceListOf(
  q: Pick<Q, 'isRelationshipQuestion' | 'previousQn' | 'list'>,
  respondentList: string | null,
): string | null {
  return q.isRelationshipQuestion && q.previousQn.length === 0 ? (q.list ?? respondentList) : null;
}

/** The lists a survey's relationship questions take people from (spec §7 getNecessary). */
export function necessaryListIds(questions: readonly Q[], respondentList: string | null): Set<string> {
  const ids = new Set<string>();
  for (const q of questions) {
    const id = sourceListOf(q, respondentList);
    if (id !== null) ids.add(id);
  }
  return ids;
}
