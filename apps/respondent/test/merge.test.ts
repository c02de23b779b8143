import type { TAnswer } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import { mergeAnswers, mergeSets } from '../src/offline/merge';
import { picks, text } from './contract-server';

const row = (questionId: string, rows: Record<string, string[]>, key: 'optionId' | 'nodeId' = 'optionId') => ({
  questionId,
  dataInput: Object.entries(rows).map(([id, selectedIds]) => ({ [key]: id, selectedIds })),
});
const multiple = (id: string) => id.startsWith('multi');
const merge = (base: TAnswer[], mine: TAnswer[], theirs: TAnswer[], dirty: string[]) =>
  mergeAnswers({ base, mine, theirs, dirty, multiple });

describe('mergeAnswers (three-way: the base this device last saw, its changes, the server now)', () => {
  it('a question changed on one side only takes that side; server order first, then answers only here', () => {
    const base = [text('a', 'base a'), text('b', 'base b'), text('c', 'base c')];
    const theirs = [text('a', 'server a'), text('b', 'base b'), text('c', 'server c')];
    const mine = [text('a', 'base a'), text('b', 'local b'), text('c', 'base c'), text('d', 'local d')];
    expect(merge(base, mine, theirs, ['b', 'd'])).toEqual({
      answers: [text('a', 'server a'), text('b', 'local b'), text('c', 'server c'), text('d', 'local d')],
      conflicts: [],
    });
  });

  it('a change made here and undone takes the other device’s change, silently', () => {
    const base = [text('a', 'before')];
    expect(merge(base, [text('a', 'before')], [text('a', 'other')], ['a'])).toEqual({
      answers: [text('a', 'other')],
      conflicts: [],
    });
  });

  it('both devices typing the same answer is no conflict', () => {
    expect(merge([], [text('a', 'same')], [text('a', 'same')], ['a']).conflicts).toEqual([]);
  });

  it('free text changed on both sides keeps this device’s text and offers the other', () => {
    const result = merge([text('a', 'base')], [text('a', 'phone')], [text('a', 'tablet')], ['a']);
    expect(result.answers).toEqual([text('a', 'phone')]);
    expect(result.conflicts).toEqual([{ questionId: 'a', other: text('a', 'tablet') }]);
  });

  it('numbers and single choices clash the same way; a first answer on both sides too', () => {
    const n = (v: number | null) => ({ questionId: 'n', dataInput: [{ numeric: v }] });
    expect(merge([n(1)], [n(2)], [n(3)], ['n']).conflicts).toEqual([{ questionId: 'n', other: n(3) }]);
    expect(merge([], [picks('one', 'x')], [picks('one', 'y')], ['one'])).toEqual({
      answers: [picks('one', 'x')],
      conflicts: [{ questionId: 'one', other: picks('one', 'y') }],
    });
  });

  it('an answer removed here but changed there keeps the removal and offers theirs; the reverse offers none', () => {
    const removedHere = merge([text('a', 'base')], [], [text('a', 'changed there')], ['a']);
    expect(removedHere).toEqual({ answers: [], conflicts: [{ questionId: 'a', other: text('a', 'changed there') }] });
    const removedThere = merge([text('a', 'base')], [text('a', 'changed here')], [], ['a']);
    expect(removedThere).toEqual({
      answers: [text('a', 'changed here')],
      conflicts: [{ questionId: 'a', other: null }],
    });
  });

  it('multiple choice keeps what either added and drops what either removed: no conflict', () => {
    const result = merge(
      [picks('multi', 'a', 'b')],
      [picks('multi', 'a', 'c')],
      [picks('multi', 'a', 'b', 'd')],
      ['multi'],
    );
    expect(result).toEqual({ answers: [picks('multi', 'a', 'c', 'd')], conflicts: [] });
    // Removed here entirely while the other device added one: only the addition stays.
    expect(merge([picks('multi', 'a')], [], [picks('multi', 'a', 'd')], ['multi']).answers).toEqual([
      picks('multi', 'd'),
    ]);
    // Removed everything here, one choice there: nothing is left.
    expect(merge([picks('multi', 'a', 'b')], [], [picks('multi', 'b')], ['multi']).answers).toEqual([]);
  });

  it('matrix rows merge one by one: rows changed on one side each, a row both changed differently clashes', () => {
    const base = row('m', { r1: ['c1'], r2: ['c1'] });
    const mine = row('m', { r1: ['c2'], r2: ['c1'] });
    const apart = merge([base], [mine], [row('m', { r1: ['c1'], r2: ['c3'] })], ['m']);
    expect(apart).toEqual({ answers: [row('m', { r1: ['c2'], r2: ['c3'] })], conflicts: [] });
    const clash = merge([base], [mine], [row('m', { r1: ['c3'], r2: ['c3'] })], ['m']);
    expect(clash.answers).toEqual([row('m', { r1: ['c2'], r2: ['c3'] })]);
    expect(clash.conflicts).toEqual([{ questionId: 'm', other: row('m', { r1: ['c3'], r2: ['c3'] }) }]);
  });

  it('a multiple-choice matrix (ego network) merges each row as a set, rows kept even when emptied', () => {
    const base = row('multi-ego', { p1: ['p2'], p2: ['p1'] }, 'nodeId');
    const mine = row('multi-ego', { p1: ['p2', 'p3'], p2: ['p1'], p3: ['p1'] }, 'nodeId');
    const theirs = row('multi-ego', { p1: [], p2: [] }, 'nodeId');
    expect(merge([base], [mine], [theirs], ['multi-ego'])).toEqual({
      answers: [row('multi-ego', { p1: ['p3'], p2: [], p3: ['p1'] }, 'nodeId')],
      conflicts: [],
    });
  });

  it('selections compare as sets and a null number as no number; repeated entries clash as a whole', () => {
    expect(merge([], [picks('one', 'a', 'b')], [picks('one', 'b', 'a')], ['one']).conflicts).toEqual([]);
    const n = (numeric: number | null | undefined) => ({ questionId: 'n', dataInput: [{ numeric }] });
    expect(merge([n(1)], [n(null)], [n(undefined)], ['n']).conflicts).toEqual([]);
    const two = (a: string, b: string) => ({ questionId: 't', dataInput: [{ text: a }, { text: b }] });
    const result = merge([two('x', 'y')], [two('x', 'mine')], [two('theirs', 'y')], ['t']);
    expect(result).toEqual({
      answers: [two('x', 'mine')],
      conflicts: [{ questionId: 't', other: two('theirs', 'y') }],
    });
  });
});

describe('mergeSets', () => {
  it('is additions of both minus removals of either, this side’s order first', () => {
    expect(mergeSets(['a', 'b', 'c'], ['c', 'a', 'x'], ['a', 'b', 'y'])).toEqual(['a', 'x', 'y']);
    expect(mergeSets([], ['x'], ['x'])).toEqual(['x']);
  });
});
