import { describe, expect, it } from 'vitest';
import { answerProblem, newQuestion, RESPONDENT_MSG, type TAnswer } from '../src/index';

describe('ego network rows (spec §5 matrix rule)', () => {
  const ego = {
    ...newQuestion('matrixSelection', () => 'ego', null),
    isRelationshipQuestion: true,
    isRequired: true,
    egoNetworkMapping: true,
    egoNetworkMappingSymmetric: true,
    previousQn: ['source'],
  };

  it('asks nothing of its rows while fewer than two people are offered (no tie can be chosen)', () => {
    const oneRow: TAnswer = { questionId: ego._id, dataInput: [{ nodeId: 'a', selectedIds: [] }] };
    expect(answerProblem(ego, oneRow, { offered: ['a'], selfId: null })).toBeNull();
  });

  it('with two people every row still needs an answer', () => {
    const twoRows: TAnswer = {
      questionId: ego._id,
      dataInput: [
        { nodeId: 'a', selectedIds: ['b'] },
        { nodeId: 'b', selectedIds: [] },
      ],
    };
    expect(answerProblem(ego, twoRows, { offered: ['a', 'b'], selfId: null })).toBe(RESPONDENT_MSG.allRows);
  });
});
