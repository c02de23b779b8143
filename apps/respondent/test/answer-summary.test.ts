import { newQuestion, type TQuestionData } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import { answerSummary } from '../src/questions/answer-summary';

const names = new Map([
  ['n1', 'Ada Lovelace'],
  ['n2', 'Alan Turing'],
]);
const q = (type: TQuestionData['type'], over: Partial<TQuestionData> = {}): TQuestionData => ({
  ...newQuestion(type, () => 'x', null),
  _id: 'q',
  selectionOptions: [
    { _id: 'o1', title: 'London' },
    { _id: 'o2', title: 'Paris' },
  ],
  columnHeadings: [
    { _id: 'c1', title: 'Daily' },
    { _id: 'c2', title: 'Weekly' },
  ],
  ...over,
});
const answer = (dataInput: object[]) => ({ questionId: 'q', dataInput });

describe('answerSummary (the other device’s answer in a conflict notice)', () => {
  it('reads texts, numbers, options and people', () => {
    expect(answerSummary(q('freeFormText'), answer([{ text: 'Analyst' }]), names)).toBe('Analyst');
    expect(answerSummary(q('singleNumeric'), answer([{ numeric: 0 }]), names)).toBe('0');
    expect(answerSummary(q('multipleSelection'), answer([{ selectedIds: ['o2', 'o1'] }]), names)).toBe('London, Paris');
    const people = q('multipleSelection', { isRelationshipQuestion: true });
    expect(answerSummary(people, answer([{ selectedIds: ['n2', 'zz'] }]), names)).toBe(
      'Alan Turing, someone this device has not loaded',
    );
  });

  it('reads a matrix row by row, and no answer as such', () => {
    const matrix = q('matrixSelection');
    const rows = answer([
      { optionId: 'o1', selectedIds: ['c1'] },
      { optionId: 'o2', selectedIds: [] },
    ]);
    expect(answerSummary(matrix, rows, names)).toBe('London: Daily; Paris: No answer');
    const ego = q('matrixSelection', { isRelationshipQuestion: true, egoNetworkMapping: true });
    expect(answerSummary(ego, answer([{ nodeId: 'n1', selectedIds: ['n2'] }]), names)).toBe(
      'Ada Lovelace: Alan Turing',
    );
    expect(answerSummary(matrix, null, names)).toBe('No answer');
  });
});
