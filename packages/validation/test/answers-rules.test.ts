import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  pipeAnswers,
  progressPercent,
  questionsByPage,
  RESPONDENT_MSG,
  selectionLimitProblem,
  type TAnswer,
} from '../src/answers-rules';
import { newQuestion, type TQuestionData } from '../src/questions';
import type { TQuestionType } from '../src/questions-rules';

let n = 0;
const id = () => `id${++n}`;
const q = (type: TQuestionType, over: Partial<TQuestionData> = {}): TQuestionData => ({
  ...newQuestion(type, id, null),
  ...over,
});
const ctx = (offered: string[] | null, selfId: string | null = null) => ({ offered, selfId });

describe('answer rules the respondent app shows', () => {
  it('an ego network with fewer than two people asks nothing of its rows', () => {
    const ego = q('matrixSelection', {
      isRelationshipQuestion: true,
      isRequired: true,
      egoNetworkMapping: true,
      egoNetworkMappingSymmetric: true,
      previousQn: ['source'],
    });
    const oneRow: TAnswer = { questionId: ego._id, dataInput: [{ nodeId: 'a', selectedIds: [] }] };
    expect(answerProblem(ego, oneRow, ctx(['a']))).toBeNull();
    // With two people every row still needs an answer.
    const twoRows: TAnswer = {
      questionId: ego._id,
      dataInput: [
        { nodeId: 'a', selectedIds: ['b'] },
        { nodeId: 'b', selectedIds: [] },
      ],
    };
    expect(answerProblem(ego, twoRows, ctx(['a', 'b']))).toBe(RESPONDENT_MSG.allRows);
  });

  it('a required regular matrix needs every row', () => {
    const matrix = q('matrixSelection', { isRequired: true });
    const [first] = matrix.selectionOptions;
    const answer: TAnswer = { questionId: matrix._id, dataInput: [{ optionId: first!._id, selectedIds: ['x'] }] };
    expect(answerProblem(matrix, answer, ctx(null))).toBe(RESPONDENT_MSG.allRows);
  });

  it('refuses a choice past the maximum with the spec message', () => {
    const choice = q('multipleSelection', { allowMultipleSelections: true, maximumSelections: 2 });
    expect(selectionLimitProblem(choice, 1)).toBeNull();
    expect(selectionLimitProblem(choice, 2)).toBe('This question is limited to a maximum of 2 selections');
  });

  it('pipes people chosen earlier into later matrices and drops removed ones', () => {
    const source = q('multipleSelection', { isRelationshipQuestion: true, allowMultipleSelections: true });
    const matrix = q('matrixSelection', { isRelationshipQuestion: true, previousQn: [source._id] });
    const chosen = pipeAnswers([source, matrix], [{ questionId: source._id, dataInput: [{ selectedIds: ['a', 'b'] }] }]);
    expect(chosen.find((a) => a.questionId === matrix._id)?.dataInput.map((e) => e.nodeId)).toEqual(['a', 'b']);
    const fewer = pipeAnswers(
      [source, matrix],
      chosen.map((a) => (a.questionId === source._id ? { ...a, dataInput: [{ selectedIds: ['b'] }] } : a)),
    );
    expect(fewer.find((a) => a.questionId === matrix._id)?.dataInput.map((e) => e.nodeId)).toEqual(['b']);
  });

  it('pages and progress', () => {
    const pages = questionsByPage([q('freeFormText'), q('pageBreak'), q('singleNumeric'), q('pageBreak')]);
    expect(pages.map((p) => p.length)).toEqual([1, 1]);
    expect(progressPercent(0, 2)).toBe(50);
    expect(progressPercent(1, 2)).toBe(100);
  });
});
