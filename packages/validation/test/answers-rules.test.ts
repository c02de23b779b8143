import { describe, expect, it } from 'vitest';
import {
  addedNameProblems,
  answerProblem,
  clampSlider,
  necessaryListIds,
  newQuestion,
  pipeAnswers,
  progressPercent,
  questionsByPage,
  RESPONDENT_MSG,
  searchCountCap,
  selectionLimitProblem,
  sourceListOf,
  type TAnswer,
  type TQuestionData,
  toNumber,
} from '../src/index';

let n = 0;
const q = (type: TQuestionData['type'], over: Partial<TQuestionData> = {}): TQuestionData => ({
  ...newQuestion(type, () => `q${++n}`, null),
  text: 'Q',
  ...over,
});
const none = { offered: null, selfId: null };
const sel = (questionId: string, ids: string[]): TAnswer => ({ questionId, dataInput: [{ selectedIds: ids }] });

describe('answer rules (spec §5, verbatim)', () => {
  it('required free text: every entry non-empty', () => {
    const text = q('freeFormText', { isRequired: true });
    expect(answerProblem(text, undefined, none)).toBe('Please enter a response');
    expect(answerProblem(text, { questionId: text._id, dataInput: [{ text: '  ' }] }, none)).toBe(
      'Please enter a response',
    );
    expect(answerProblem(text, { questionId: text._id, dataInput: [{ text: 'ok' }] }, none)).toBeNull();
    expect(answerProblem({ ...text, isRequired: false }, undefined, none)).toBeNull();
  });

  it('required numeric: every entry a number; a slider has no rule', () => {
    const num = q('singleNumeric', { isRequired: true });
    expect(answerProblem(num, { questionId: num._id, dataInput: [{ numeric: null }] }, none)).toBe(
      RESPONDENT_MSG.enterResponse,
    );
    expect(answerProblem(num, { questionId: num._id, dataInput: [{ numeric: 0 }] }, none)).toBeNull();
    expect(answerProblem(q('numericRange', { isRequired: true }), undefined, none)).toBeNull();
  });

  it('required matrix: every row needs a selection', () => {
    const m = q('matrixSelection', { isRequired: true });
    const rows = m.selectionOptions.map((o) => o._id);
    const some: TAnswer = { questionId: m._id, dataInput: [{ optionId: rows[0]!, selectedIds: ['c'] }] };
    expect(answerProblem(m, some, none)).toBe('Please enter a response for all rows');
    const all: TAnswer = { questionId: m._id, dataInput: rows.map((r) => ({ optionId: r, selectedIds: ['c'] })) };
    expect(answerProblem(m, all, none)).toBeNull();
    // Relationship rows are the people offered; none offered, nothing to answer.
    const rel = q('matrixSelection', { isRequired: true, isRelationshipQuestion: true, previousQn: ['x'] });
    expect(answerProblem(rel, undefined, { offered: ['p1'], selfId: null })).toBe(RESPONDENT_MSG.allRows);
    expect(answerProblem(rel, undefined, { offered: [], selfId: null })).toBeNull();
  });

  it('selections: at least one when required, the minimum and the maximum with multiple selections', () => {
    const single = q('multipleSelection', { isRequired: true });
    expect(answerProblem(single, undefined, none)).toBe('Please select at least 1 option');
    const multi = q('multipleSelection', { allowMultipleSelections: true, minimumSelections: 2, maximumSelections: 3 });
    expect(answerProblem(multi, sel(multi._id, ['a']), none)).toBe('Please select at least 2 option(s)');
    expect(answerProblem(multi, sel(multi._id, []), none)).toBeNull();
    expect(answerProblem(multi, sel(multi._id, ['a', 'b', 'c', 'd']), none)).toBe(
      'Please select less than 4 option(s)',
    );
    expect(answerProblem(multi, sel(multi._id, ['a', 'b']), none)).toBeNull();
    expect(selectionLimitProblem(multi, 3)).toBe('This question is limited to a maximum of 3 selections');
    expect(selectionLimitProblem(multi, 2)).toBeNull();
    expect(selectionLimitProblem(single, 5)).toBeNull();
    // No options at all: the hint shows and the question may be passed.
    expect(
      answerProblem({ ...single, isRelationshipQuestion: true }, undefined, { offered: [], selfId: null }),
    ).toBeNull();
  });

  it('self-selection is refused unless allowed', () => {
    const rel = q('searchAndSelect', { isRelationshipQuestion: true });
    expect(answerProblem(rel, sel(rel._id, ['me']), { offered: null, selfId: 'me' })).toBe(RESPONDENT_MSG.notYourself);
    expect(
      answerProblem({ ...rel, allowSelfSelection: true }, sel(rel._id, ['me']), { offered: null, selfId: 'me' }),
    ).toBeNull();
  });

  it('numbers, sliders, progress, added names', () => {
    expect(toNumber('')).toBeUndefined();
    expect(toNumber(' 12.5 ')).toBe(12.5);
    expect(toNumber('abc')).toBeUndefined();
    const slider = q('numericRange');
    expect(clampSlider(-5, slider)).toBe(0);
    expect(clampSlider(500, slider)).toBe(100);
    expect(progressPercent(0, 4)).toBe(25);
    expect(progressPercent(3, 4)).toBe(100);
    expect(addedNameProblems({ name: ' ', email: 'x' }, true)).toEqual({
      name: '✘ Please enter name',
      email: '✘ Please enter a valid email address',
    });
    expect(addedNameProblems({ name: 'Ann' }, false)).toEqual({});
  });
});

describe('relationship piping (spec §4)', () => {
  const a = q('multipleSelection', { _id: 'a', isRelationshipQuestion: true, allowMultipleSelections: true });
  const b = q('searchAndSelect', { _id: 'b', isRelationshipQuestion: true });
  const m = q('matrixSelection', { _id: 'm', isRelationshipQuestion: true, previousQn: ['a', 'b'] });
  const ego = q('matrixSelection', {
    _id: 'e',
    isRelationshipQuestion: true,
    egoNetworkMapping: true,
    previousQn: ['a'],
  });
  const s = q('multipleSelection', {
    _id: 's',
    isRelationshipQuestion: true,
    previousQn: ['a'],
    allowMultipleSelections: true,
  });
  const questions = [a, b, m, ego, s];
  const rowsOf = (answers: TAnswer[], id: string) =>
    answers.find((x) => x.questionId === id)?.dataInput.map((e) => e.nodeId);

  it('adds rows for newly selected people and removes rows no source still selects', () => {
    let answers = pipeAnswers(questions, [sel('a', ['p1', 'p2'])]);
    expect(rowsOf(answers, 'm')).toEqual(['p1', 'p2']);
    expect(rowsOf(answers, 'e')).toEqual(['p1', 'p2']);
    // The matrix row of p1 is answered, then p1 is also chosen in b and removed from a: the row stays.
    answers = answers.map((x) =>
      x.questionId === 'm'
        ? {
            ...x,
            dataInput: [
              { nodeId: 'p1', selectedIds: ['c1'] },
              { nodeId: 'p2', selectedIds: [] },
            ],
          }
        : x,
    );
    answers = pipeAnswers(questions, [
      ...answers.filter((x) => x.questionId !== 'a'),
      sel('a', ['p2']),
      sel('b', ['p1']),
    ]);
    expect(answers.find((x) => x.questionId === 'm')!.dataInput).toEqual([
      { nodeId: 'p2', selectedIds: [] },
      { nodeId: 'p1', selectedIds: ['c1'] },
    ]);
    expect(rowsOf(answers, 'e')).toEqual(['p2']);
  });

  it('shrinks piped selections and ego columns to the people still offered; unchanged answers are the same array', () => {
    let answers = pipeAnswers(questions, [
      sel('a', ['p1', 'p2']),
      sel('s', ['p1', 'p2']),
      {
        questionId: 'e',
        dataInput: [
          { nodeId: 'p1', selectedIds: ['p2'] },
          { nodeId: 'p2', selectedIds: ['p1'] },
        ],
      },
    ]);
    answers = pipeAnswers(questions, [...answers.filter((x) => x.questionId !== 'a'), sel('a', ['p1'])]);
    expect(answers.find((x) => x.questionId === 's')!.dataInput[0]!.selectedIds).toEqual(['p1']);
    expect(answers.find((x) => x.questionId === 'e')!.dataInput).toEqual([{ nodeId: 'p1', selectedIds: [] }]);
    expect(pipeAnswers(questions, answers)).toBe(answers);
  });

  it('finds the lists questions take people from', () => {
    const fromList = q('searchAndSelect', { isRelationshipQuestion: true, list: 'L2' });
    const fromRespondents = q('multipleSelection', { isRelationshipQuestion: true, list: null });
    expect(sourceListOf(m, 'R')).toBeNull();
    expect(sourceListOf(fromRespondents, 'R')).toBe('R');
    expect([...necessaryListIds([fromList, fromRespondents, m, q('freeFormText')], 'R')]).toEqual(['L2', 'R']);
  });
});

describe('pages', () => {
  it('splits on page breaks and drops a trailing empty page', () => {
    const qs = [q('freeFormText'), q('pageBreak'), q('descriptiveText'), q('singleNumeric'), q('pageBreak')];
    expect(questionsByPage(qs).map((p) => p.map((x) => x.type))).toEqual([
      ['freeFormText'],
      ['descriptiveText', 'singleNumeric'],
    ]);
    expect(questionsByPage([])).toEqual([[]]);
  });
});

describe('searchCountCap', () => {
  it('counts one- and two-letter searches to 100, longer ones to 1,000, by letters typed (spaces at the ends ignored)', () => {
    expect(searchCountCap('')).toBe(100);
    expect(searchCountCap(' zh ')).toBe(100);
    expect(searchCountCap('Ré')).toBe(100);
    expect(searchCountCap('mar')).toBe(1000);
    expect(searchCountCap('José Ramírez')).toBe(1000);
  });
});
