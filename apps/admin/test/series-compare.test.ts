import type { TNetworkData } from '@tieline/graph';
import { describe, expect, it } from 'vitest';
import {
  attributeChoices,
  eiReading,
  formatDelta,
  formatRatio,
  layerChoices,
  qapReading,
  sortPersons,
  type TComparePerson,
} from '../src/features/series/compare-data';

// The series page's compare view: what it offers to ask, and how it words the answer.

const doc = (layers: string[], attributes: string[]): TNetworkData => ({
  directed: false,
  layers,
  nodeAttributes: attributes.map((key) => ({ key, type: 'category' })),
  edgeAttributes: [],
  nodes: [],
  edges: [],
});

describe('choices', () => {
  it('offers the layers of either snapshot and the attributes of both', () => {
    const a = doc(['Advice', 'Trust'], ['Team', 'Site']);
    const b = doc(['Trust', 'Friends'], ['Site', 'Level', 'Team']);
    expect(layerChoices(a, b)).toEqual(['Advice', 'Trust', 'Friends']);
    expect(attributeChoices(a, b)).toEqual(['Site', 'Team']);
    expect(attributeChoices(a, undefined)).toEqual([]);
  });
});

describe('words', () => {
  it('reads the QAP test, and says why r and p are missing', () => {
    expect(qapReading({ r: 0.8612, p: 1 / 1001, permutations: 1000 })).toEqual({
      figures: 'r 0.86, p 0.001 over 1,000 permutations',
      words: "The two snapshots' ties are more alike than chance: much of the structure held.",
    });
    expect(qapReading({ r: 0.1, p: 0.3, permutations: 1000 }).words).toMatch(/no more than chance/);
    expect(qapReading({ r: null, p: null, permutations: 1000 }).words).toMatch(/constant adjacency/);
  });

  it('reads an E-I index with its test', () => {
    expect(eiReading(-0.5, 0.002)).toBe(
      'More ties inside groups than between; more inward than chance: a silo signal.',
    );
    expect(eiReading(0.4, 0.9)).toMatch(/^More ties between groups than inside; not more inward/);
    expect(eiReading(null, null)).toMatch(/no E-I index/);
  });

  it('writes negatives with a true minus and no negative zero', () => {
    expect(formatRatio(-0.514)).toBe('−0.51');
    expect(formatRatio(-0.0001)).toBe('0.00');
    expect(formatRatio(null)).toBe('—');
    expect(formatDelta(3)).toBe('+3');
    expect(formatDelta(-0.0123, 3)).toBe('−0.012');
    expect(formatDelta(-0.0001, 3)).toBe('0.000');
  });
});

describe('sortPersons', () => {
  const p = (name: string, degree: [number | null, number | null]): TComparePerson => ({
    name,
    status: degree[0] === null ? 'joined' : degree[1] === null ? 'left' : 'kept',
    degree,
    betweenness: [0, 0],
    topBroker: [false, false],
  });
  const people = [p('Ann', [2, 5]), p('Bob', [null, 1]), p('Cy', [4, 1])];

  it('keeps the API order without a sort, and puts absent values last either way', () => {
    expect(sortPersons(people, null)).toBe(people);
    expect(sortPersons(people, { id: 'degreeBefore', desc: false }).map((x) => x.name)).toEqual(['Ann', 'Cy', 'Bob']);
    expect(sortPersons(people, { id: 'degreeBefore', desc: true }).map((x) => x.name)).toEqual(['Cy', 'Ann', 'Bob']);
    expect(sortPersons(people, { id: 'degreeChange', desc: true }).map((x) => x.name)).toEqual(['Ann', 'Bob', 'Cy']);
  });
});
