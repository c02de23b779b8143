import { describe, expect, it } from 'vitest';
import {
  eligibleSources,
  finishQuestionEdit,
  isBlankHtml,
  linkedFrom,
  MATRIX_TYPES,
  matrixType,
  matrixTypeFlags,
  newQuestion,
  QUESTION_LIMITS,
  QUESTION_TYPES,
  questionNumbers,
  questionPages,
  questionProblem,
  questionSource,
  questionTextProblem,
  reorderProblem,
  SURVEY_MSG,
  type TQuestionData,
  type TQuestionType,
  ZInsertQuestionInput,
  ZQuestionChanges,
} from '../src/index';

let n = 0;
const newId = () => `id${++n}`;
const q = (type: TQuestionType, over: Partial<TQuestionData> = {}): TQuestionData => ({
  ...newQuestion(type, newId, 'respondent-list'),
  text: '<p>Who?</p>',
  ...over,
});
const firstMessage = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('newQuestion', () => {
  it('has the spec defaults: three options and headings, slider 0/100/50/1, Minimum/Maximum, radioType', () => {
    const question = newQuestion('multipleSelection', newId, null);
    expect(question.selectionOptions.map((o) => o.title)).toEqual(['Option 1', 'Option 2', 'Option 3']);
    expect(question.columnHeadings.map((o) => o.title)).toEqual(['Option 1', 'Option 2', 'Option 3']);
    expect(new Set([...question.selectionOptions, ...question.columnHeadings].map((o) => o._id)).size).toBe(6);
    expect(question).toMatchObject({
      text: '',
      selectionType: 'radioType',
      list: null,
      previousQn: [],
      numericRangeMin: 0,
      numericRangeMax: 100,
      numericRangeDefault: 50,
      numericRangeIncrement: 1,
      numericRangeMinLabel: 'Minimum',
      numericRangeMaxLabel: 'Maximum',
      isRelationshipQuestion: false,
      egoNetworkMapping: false,
      egoNetworkMappingSymmetric: false,
      minimumSelections: null,
      maximumSelections: null,
    });
  });

  it('makes search and select a relationship question over the respondent list (the default source)', () => {
    expect(newQuestion('searchAndSelect', newId, 'list-1')).toMatchObject({
      isRelationshipQuestion: true,
      list: 'list-1',
    });
  });

  it('knows the eight types', () => {
    expect(QUESTION_TYPES).toHaveLength(8);
  });
});

describe('numbering and pages', () => {
  const questions = [
    q('descriptiveText'),
    q('freeFormText'),
    q('pageBreak'),
    q('searchAndSelect'),
    q('descriptiveText'),
    q('matrixSelection'),
    q('pageBreak'),
    q('numericRange'),
  ];
  it('numbers skip page breaks and descriptive text', () => {
    const numbers = questionNumbers(questions);
    expect(questions.map((x) => numbers.get(x._id) ?? null)).toEqual([null, 1, null, 2, null, 3, null, 4]);
  });
  it('pages count the page breaks above', () => {
    expect(questionPages(questions)).toEqual([0, 0, 0, 1, 1, 1, 1, 2]);
  });
});

describe('question text', () => {
  it.each([
    ['', true],
    ['<p></p>', true],
    ['<p> &nbsp; <br></p>', true],
    ['<p><strong> </strong></p>', true],
    ['<p>Who?</p>', false],
    ['<p><img src="/api/x.png"></p>', false],
  ])('%j blank: %s', (html, blank) => {
    expect(isBlankHtml(html)).toBe(blank);
  });
  it('cannot be blank on finishing, except for a page break', () => {
    expect(questionTextProblem('freeFormText', '<p></p>')).toBe('Question text cannot be blank');
    expect(questionTextProblem('descriptiveText', '')).toBe(SURVEY_MSG.questionTextBlank);
    expect(questionTextProblem('pageBreak', '')).toBeNull();
  });
});

describe('relationship source (spec §2, §4)', () => {
  const sources = [
    q('searchAndSelect', { isRelationshipQuestion: true }),
    q('multipleSelection', { isRelationshipQuestion: true }),
    q('multipleSelection', { isRelationshipQuestion: false }),
    q('matrixSelection', { isRelationshipQuestion: true }),
    q('freeFormText'),
  ];
  it('eligible earlier questions: before it, relationship, search and select or multiple choice', () => {
    const all = [...sources, q('multipleSelection', { isRelationshipQuestion: true })];
    expect(eligibleSources(all, 5).map((x) => x._id)).toEqual([sources[0]!._id, sources[1]!._id]);
    expect(eligibleSources(all, 1).map((x) => x._id)).toEqual([sources[0]!._id]);
    expect(eligibleSources(all, 0)).toEqual([]);
  });

  it('on finishing, the list is cleared when previousQn is set or the question is no relationship question', () => {
    const piped = q('searchAndSelect', { isRelationshipQuestion: true, list: 'l', previousQn: ['a'] });
    expect(finishQuestionEdit(piped)).toMatchObject({ list: null, previousQn: ['a'] });
    const fromList = q('searchAndSelect', { isRelationshipQuestion: true, list: 'l' });
    expect(finishQuestionEdit(fromList).list).toBe('l');
    const plain = q('multipleSelection', { isRelationshipQuestion: false, list: 'l', previousQn: ['a'] });
    expect(finishQuestionEdit(plain)).toMatchObject({ list: null, previousQn: [] });
  });

  it('drops flags a type cannot carry: relationship textboxes, ego mapping outside relationship matrices', () => {
    const text = q('freeFormText', { isRelationshipQuestion: true, list: 'l' });
    expect(finishQuestionEdit(text)).toMatchObject({ isRelationshipQuestion: false, list: null });
    const matrix = q('matrixSelection', { isRelationshipQuestion: false, egoNetworkMapping: true });
    expect(finishQuestionEdit(matrix).egoNetworkMapping).toBe(false);
    const symmetricOnly = q('matrixSelection', { isRelationshipQuestion: true, egoNetworkMappingSymmetric: true });
    expect(matrixType(finishQuestionEdit(symmetricOnly))).toBe('regular');
  });

  it('matrix type flags: Regular off/off, Directed on/off, Undirected on/on, and back', () => {
    expect(matrixTypeFlags('regular')).toEqual({ egoNetworkMapping: false, egoNetworkMappingSymmetric: false });
    expect(matrixTypeFlags('directed')).toEqual({ egoNetworkMapping: true, egoNetworkMappingSymmetric: false });
    expect(matrixTypeFlags('undirected')).toEqual({ egoNetworkMapping: true, egoNetworkMappingSymmetric: true });
    for (const type of MATRIX_TYPES) expect(matrixType(matrixTypeFlags(type))).toBe(type);
  });

  it('question source: 0 respondent list, 1 supplementary list, 2 earlier answers', () => {
    expect(questionSource({ list: 'resp', previousQn: [] }, 'resp')).toBe(0);
    expect(questionSource({ list: null, previousQn: [] }, null)).toBe(0);
    expect(questionSource({ list: 'supp', previousQn: [] }, 'resp')).toBe(1);
    expect(questionSource({ list: null, previousQn: ['x'] }, 'resp')).toBe(2);
  });

  it('names the questions linked to one, by number', () => {
    const [a, b] = [q('searchAndSelect', { isRelationshipQuestion: true }), q('pageBreak')];
    const c = q('multipleSelection', { isRelationshipQuestion: true, previousQn: [a._id] });
    const d = q('searchAndSelect', { isRelationshipQuestion: true, previousQn: [a._id] });
    expect(linkedFrom([a, b, q('freeFormText'), c, d], a._id)).toEqual([3, 4]);
    expect(SURVEY_MSG.linkedBy([3, 4])).toBe('This question is linked to by Question(s) 3, 4');
  });
});

describe('questionProblem', () => {
  const source = q('searchAndSelect', { isRelationshipQuestion: true });
  const at1 = (over: Partial<TQuestionData>, type: TQuestionType = 'multipleSelection') =>
    questionProblem([source, q(type, over)], 1)?.message ?? null;

  it('accepts a good question and pipes from an eligible earlier one', () => {
    expect(at1({})).toBeNull();
    expect(at1({ isRelationshipQuestion: true, previousQn: [source._id] })).toBeNull();
  });
  it.each<[Partial<TQuestionData>, TQuestionType, string]>([
    [{ text: '<p> </p>' }, 'freeFormText', SURVEY_MSG.questionTextBlank],
    [{ minimumSelections: 3, maximumSelections: 2 }, 'multipleSelection', SURVEY_MSG.minAboveMax],
    [{ numericRangeMin: 10, numericRangeMax: 10 }, 'numericRange', SURVEY_MSG.rangeMaxNotAboveMin],
    [{ numericRangeDefault: 101 }, 'numericRange', SURVEY_MSG.rangeDefaultOutside],
    [{ numericRangeIncrement: 0 }, 'numericRange', SURVEY_MSG.rangeIncrementPositive],
    [{ previousQn: ['nope'] }, 'multipleSelection', SURVEY_MSG.previousQnNotEligible],
    [{ previousQn: [source._id, source._id] }, 'multipleSelection', SURVEY_MSG.previousQnNotEligible],
  ])('%j on %s: %s', (over, type, message) => {
    expect(at1(over, type)).toBe(message);
  });
  it('refuses piping from a later or ineligible question', () => {
    const later = q('searchAndSelect', { isRelationshipQuestion: true });
    const first = q('multipleSelection', { previousQn: [later._id] });
    expect(questionProblem([first, later], 0)?.message).toBe(SURVEY_MSG.previousQnNotEligible);
    const matrix = q('matrixSelection', { isRelationshipQuestion: true });
    const second = q('multipleSelection', { previousQn: [matrix._id] });
    expect(questionProblem([matrix, second], 1)?.field).toBe('previousQn');
  });
  it('no maximum (0 or null) means no min/max conflict', () => {
    expect(at1({ minimumSelections: 3, maximumSelections: 0 })).toBeNull();
    expect(at1({ minimumSelections: 3, maximumSelections: null })).toBeNull();
  });
});

describe('reorderProblem', () => {
  const a = q('searchAndSelect', { isRelationshipQuestion: true });
  const b = q('freeFormText');
  const c = q('multipleSelection', { isRelationshipQuestion: true, previousQn: [a._id] });
  const all = [a, b, c];
  it('accepts a permutation that keeps sources above', () => {
    expect(reorderProblem(all, [b._id, a._id, c._id])).toBeNull();
  });
  it.each([[['x']], [[]], [[a, b, b].map((x) => x._id)], [[a, b].map((x) => x._id)], [[a, b, c, c].map((x) => x._id)]])(
    'refuses %j: not every question once',
    (order) => {
      expect(reorderProblem(all, order)).toBe(SURVEY_MSG.orderNotPermutation);
    },
  );
  it('refuses moving a question above its source, naming both', () => {
    expect(reorderProblem(all, [c._id, a._id, b._id])).toBe(
      'Question 3 uses answers from Question 1, so it must stay below it',
    );
  });
});

describe('ZQuestionChanges', () => {
  it('takes any subset of fields', () => {
    expect(ZQuestionChanges.parse({})).toEqual({});
    expect(ZQuestionChanges.parse({ isRequired: true, text: ' <p>x</p> ' })).toEqual({
      isRequired: true,
      text: '<p>x</p>',
    });
  });
  it.each<[Record<string, unknown>, string]>([
    [{ type: 'essay' }, 'Unknown question type'],
    [{ selectionType: 'slider' }, 'Unknown selection type'],
    [{ isRequired: 'false' }, 'Must be true or false'],
    [{ isRequired: 1 }, 'Must be true or false'],
    [{ minimumSelections: '2' }, SURVEY_MSG.notANumber],
    [{ minimumSelections: -1 }, SURVEY_MSG.notNegative],
    [{ minimumSelections: 1.5 }, SURVEY_MSG.wholeNumber],
    [{ numericRangeMin: -5 }, SURVEY_MSG.notNegative],
    [{ text: 'x'.repeat(QUESTION_LIMITS.textMax + 1) }, SURVEY_MSG.questionTextTooLong],
    [{ selectionOptions: [{ _id: 'a', title: ' ' }] }, SURVEY_MSG.optionBlank],
    [{ selectionOptions: [{ _id: 'a b', title: 'A' }] }, SURVEY_MSG.optionIdInvalid],
    [
      {
        selectionOptions: [
          { _id: 'a', title: 'A' },
          { _id: 'a', title: 'B' },
        ],
      },
      SURVEY_MSG.optionIdsDuplicated,
    ],
    [
      { columnHeadings: Array.from({ length: 201 }, (_, i) => ({ _id: `o${i}`, title: 'x' })) },
      SURVEY_MSG.tooManyOptions,
    ],
    [{ list: 'not-an-id' }, 'Invalid id'],
    [{ previousQn: ['not-an-id'] }, 'Invalid id'],
    [{ abbreviation: 'x'.repeat(501) }, SURVEY_MSG.lineTooLong],
  ])('%j: %s', (input, message) => {
    expect(firstMessage(ZQuestionChanges.safeParse(input))).toBe(message);
  });
  it('insert positions are whole numbers from 0', () => {
    const base = { surveyId: '00000000-0000-4000-8000-000000000000', version: 1, type: 'pageBreak' };
    expect(ZInsertQuestionInput.safeParse({ ...base, index: 0 }).success).toBe(true);
    expect(firstMessage(ZInsertQuestionInput.safeParse({ ...base, index: -1 }))).toBe(SURVEY_MSG.indexOutOfRange);
    expect(ZInsertQuestionInput.safeParse({ ...base, index: '1' }).success).toBe(false);
  });
});
