/**
 * The minimum group rule of group reports (services/passive-data/minimum-group.ts), as pure functions:
 * merging small groups into "Other", hiding an "Other" still below the minimum, the E-I index, and the
 * refusal of a report whose people differ from an earlier one by fewer than the minimum.
 */
import { describe, expect, it } from 'vitest';
import {
  differencingRefused,
  eiIndex,
  minimumGroupSizeOf,
  planGroups,
  type RawCell,
  reportOf,
  symmetricDifference,
} from '../src/services/passive-data/minimum-group';

const sizes = (entries: [string, number][]) => new Map(entries);
const cell = (from: string, to: string, ties: number, interactions = ties): RawCell => ({
  from,
  to,
  ties,
  interactions,
});

describe('minimumGroupSizeOf', () => {
  it('reads the account, never below 3, 5 when unset', () => {
    expect(minimumGroupSizeOf({ minimumGroupSize: 7 })).toBe(7);
    expect(minimumGroupSizeOf({ minimumGroupSize: 2 })).toBe(3);
    expect(minimumGroupSizeOf({ minimumGroupSize: null })).toBe(5);
    expect(minimumGroupSizeOf({})).toBe(5);
  });
});

describe('planGroups', () => {
  it('keeps groups at the minimum, merges the smaller ones into Other when that reaches it', () => {
    const plan = planGroups(
      sizes([
        ['Sales', 5],
        ['Research', 9],
        ['Legal', 3],
        ['Unknown', 2],
      ]),
      5,
    );
    expect(plan.shown).toEqual([
      { name: 'Research', people: 9 },
      { name: 'Sales', people: 5 },
      { name: 'Other', people: 5 },
    ]);
    expect(plan.hiddenPeople).toBe(0);
    expect(plan.target.get('Legal')).toBe('Other');
    expect(plan.target.get('Unknown')).toBe('Other');
  });

  it('leaves out an Other below the minimum and counts its people as hidden', () => {
    const plan = planGroups(
      sizes([
        ['Research', 9],
        ['Legal', 3],
        ['Board', 1],
      ]),
      5,
    );
    expect(plan.shown).toEqual([{ name: 'Research', people: 9 }]);
    expect(plan.hiddenPeople).toBe(4);
    expect(plan.target.get('Legal')).toBeNull();
    expect(plan.target.get('Board')).toBeNull();
  });

  it('treats Unknown as a group like others, and a value named Other as part of Other', () => {
    const plan = planGroups(
      sizes([
        ['Unknown', 6],
        ['Other', 2],
        ['Legal', 3],
      ]),
      5,
    );
    expect(plan.shown).toEqual([
      { name: 'Unknown', people: 6 },
      { name: 'Other', people: 5 },
    ]);
    // A large value named Other still joins Other: two groups never share a name.
    expect(planGroups(sizes([['Other', 8]]), 5).shown).toEqual([{ name: 'Other', people: 8 }]);
  });

  it('shows nothing when every group is small and Other stays below the minimum', () => {
    const plan = planGroups(
      sizes([
        ['A', 2],
        ['B', 2],
      ]),
      5,
    );
    expect(plan.shown).toEqual([]);
    expect(plan.hiddenPeople).toBe(4);
  });

  it('uses the minimum given (3)', () => {
    const plan = planGroups(
      sizes([
        ['Legal', 3],
        ['Board', 2],
      ]),
      3,
    );
    expect(plan.shown.map((g) => g.name)).toEqual(['Legal']);
    expect(plan.hiddenPeople).toBe(2);
  });
});

describe('eiIndex', () => {
  it('is (E - I) / (E + I), null without ties', () => {
    expect(eiIndex(3, 1)).toBe(0.5);
    expect(eiIndex(0, 4)).toBe(-1);
    expect(eiIndex(2, 0)).toBe(1);
    expect(eiIndex(0, 0)).toBeNull();
  });
});

describe('reportOf', () => {
  const plan = planGroups(
    sizes([
      ['Research', 6],
      ['Sales', 5],
      ['Legal', 3],
      ['HR', 2],
      ['Board', 1],
    ]),
    5,
  );

  it('sums cells into the shown groups and counts internal and external ties per group (directed)', () => {
    const report = reportOf(
      'Department',
      5,
      plan,
      [
        cell('Research', 'Research', 5, 6),
        cell('Research', 'Sales', 1, 3),
        cell('Sales', 'Research', 1),
        cell('Sales', 'Sales', 4),
        cell('Legal', 'HR', 2),
        cell('HR', 'Legal', 1),
        cell('Legal', 'Legal', 1),
        cell('Research', 'Legal', 1),
      ],
      true,
    );
    expect(report).toEqual({
      attribute: 'Department',
      minimumGroupSize: 5,
      groups: [
        { name: 'Research', people: 6, internal: 5, external: 3, ei: -0.25 },
        { name: 'Sales', people: 5, internal: 4, external: 2, ei: -1 / 3 },
        // Board (1) joined Legal and HR: Other is 6 people.
        { name: 'Other', people: 6, internal: 4, external: 1, ei: -0.6 },
      ],
      matrix: [
        { from: 'Research', to: 'Research', interactions: 6, ties: 5 },
        { from: 'Research', to: 'Sales', interactions: 3, ties: 1 },
        { from: 'Research', to: 'Other', interactions: 1, ties: 1 },
        { from: 'Sales', to: 'Research', interactions: 1, ties: 1 },
        { from: 'Sales', to: 'Sales', interactions: 4, ties: 4 },
        { from: 'Other', to: 'Other', interactions: 4, ties: 4 },
      ],
      hiddenPeople: 0,
    });
  });

  it('undirected: one cell per pair of groups, from the group listed first', () => {
    const report = reportOf(
      'Department',
      5,
      plan,
      [cell('Sales', 'Research', 2), cell('Research', 'Sales', 1), cell('Legal', 'Sales', 3)],
      false,
    );
    expect(report.matrix).toEqual([
      { from: 'Research', to: 'Sales', interactions: 3, ties: 3 },
      { from: 'Sales', to: 'Other', interactions: 3, ties: 3 },
    ]);
    expect(report.groups.map((g) => [g.name, g.internal, g.external])).toEqual([
      ['Research', 0, 3],
      ['Sales', 0, 6],
      ['Other', 0, 3],
    ]);
  });

  it('drops every cell of hidden people, so no number shown depends on them', () => {
    const small = planGroups(
      sizes([
        ['Research', 6],
        ['Legal', 2],
      ]),
      5,
    );
    const report = reportOf(
      'Department',
      5,
      small,
      [cell('Research', 'Research', 2), cell('Research', 'Legal', 4), cell('Legal', 'Legal', 1)],
      true,
    );
    expect(report.groups).toEqual([{ name: 'Research', people: 6, internal: 2, external: 0, ei: -1 }]);
    expect(report.matrix).toEqual([{ from: 'Research', to: 'Research', interactions: 2, ties: 2 }]);
    expect(report.hiddenPeople).toBe(2);
    expect(JSON.stringify(report)).not.toContain('Legal');
  });

  it('gives a group without ties an E-I of null', () => {
    const report = reportOf('Department', 5, planGroups(sizes([['Research', 5]]), 5), [], true);
    expect(report.groups).toEqual([{ name: 'Research', people: 5, internal: 0, external: 0, ei: null }]);
  });
});

describe('the differencing refusal', () => {
  it('counts the people in exactly one of two sorted sets', () => {
    expect(symmetricDifference([1, 2, 3], [1, 2, 3])).toBe(0);
    expect(symmetricDifference([1, 2, 3], [1, 2])).toBe(1);
    expect(symmetricDifference([1, 3, 5], [2, 3, 4, 6])).toBe(5);
    expect(symmetricDifference([], [7, 8])).toBe(2);
  });

  const earlier = [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]];
  it('refuses a report whose people differ from an earlier one by 1 to minimum - 1', () => {
    // One person left out: subtracting the two reports would describe that person.
    expect(differencingRefused(earlier, [1, 2, 3, 4, 5, 6, 7, 8, 9], 5)).toBe(true);
    // One added, one swapped, four gone.
    expect(differencingRefused(earlier, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 5)).toBe(true);
    expect(differencingRefused(earlier, [1, 2, 3, 4, 5, 6, 7, 8, 9, 11], 5)).toBe(true);
    expect(differencingRefused(earlier, [1, 2, 3, 4, 5, 6], 5)).toBe(true);
  });

  it('answers the same people again, and people differing by the minimum or more', () => {
    expect(differencingRefused(earlier, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 5)).toBe(false);
    expect(differencingRefused(earlier, [1, 2, 3, 4, 5], 5)).toBe(false);
    expect(differencingRefused(earlier, [6, 7, 8, 9, 10, 11, 12, 13, 14, 15], 5)).toBe(false);
    expect(differencingRefused([], [1], 5)).toBe(false);
  });

  it('checks against every earlier report, and by the minimum given', () => {
    const two = [
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    ];
    expect(differencingRefused(two, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 5)).toBe(true);
    expect(differencingRefused(earlier, [1, 2, 3, 4, 5, 6, 7], 3)).toBe(false);
    expect(differencingRefused(earlier, [1, 2, 3, 4, 5, 6, 7, 8], 3)).toBe(true);
  });
});
