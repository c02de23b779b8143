// compareSnapshots on a small pair worked by hand (docs/analysis.md, "Comparing two snapshots").
import { describe, expect, it } from 'vitest';
import { CompareRefusal, compareSnapshots, computeMetrics, normalizedBetweenness, type TCompareRefusal } from '../src';
import { readSnapshot } from '../src/change/snapshot';
import { net } from './aona-helpers';

// Base: Ana-Ben, Ben-Cy, Cy-Dee, Ben-Dee, Dee-Eve. Other: Ana (spelled Ána) -Ben, Ben-Cy, Cy-Dee,
// Ána-Cy, Dee-Fay. Eve left, Fay joined.
const team = (values: string[]) => values.map((Team) => ({ Team }));
const base = net(
  ['Ana', 'Ben', 'Cy', 'Dee', 'Eve'],
  [
    ['Ana', 'Ben'],
    ['Ben', 'Cy'],
    ['Cy', 'Dee'],
    ['Ben', 'Dee'],
    ['Dee', 'Eve'],
  ],
  { attributes: team(['Red', 'Red', 'Blue', 'Blue', 'Blue']) },
);
const other = net(
  ['Ána', 'Ben', 'Cy', 'Dee', 'Fay'],
  [
    ['Ána', 'Ben'],
    ['Ben', 'Cy'],
    ['Cy', 'Dee'],
    ['Ána', 'Cy'],
    ['Dee', 'Fay'],
    ['Ben', 'Cy'],
    ['Fay', 'Fay'],
  ],
  { attributes: team(['Red', 'Red', 'Blue', ' ', 'Green']) },
);

/** Within 3 standard errors of an exact permutation p, for a p estimated from 1,000 draws. */
const nearP = (p: number | null, exact: number) => {
  expect(p).not.toBeNull();
  expect(Math.abs(p! - exact)).toBeLessThan(3 * Math.sqrt((exact * (1 - exact)) / 1000) + 1 / 1001);
};

const refusal = (f: () => unknown): TCompareRefusal => {
  try {
    f();
  } catch (error) {
    if (error instanceof CompareRefusal) return error.reason;
    throw error;
  }
  throw new Error('no refusal');
};

describe('compareSnapshots on the hand-worked pair', () => {
  const got = compareSnapshots(base, other, { attribute: 'Team' });

  it('counts people and ties (parallel and self-ties merged away)', () => {
    expect(got.directed).toBe(false);
    expect(got.people).toEqual({ kept: 4, joined: 1, left: 1 });
    // Kept AB, BC, CD; born AC, DF; dissolved BD, DE: jaccard 3 / 7.
    expect(got.ties).toEqual({ kept: 3, born: 2, dissolved: 2 });
    expect(got.jaccard).toBe(0.428571428571);
  });

  it('QAP: r = (3·6 − 4·4) / √(4·2·4·2) = 0.25; p near 14/24', () => {
    // Among Ana, Ben, Cy, Dee (6 pairs): 4 base ties, 4 other ties, 3 shared. Both are a triangle with
    // a pendant; of the 24 relabellings, 2 share 4 ties, 12 share 3, 10 share 2: p = 14/24.
    expect(got.qap.r).toBe(0.25);
    expect(got.qap.permutations).toBe(1000);
    nearP(got.qap.p, 14 / 24);
    expect(compareSnapshots(base, other).qap.p).toBe(got.qap.p);
  });

  it('lists persons by |betweenness change|, with degrees, betweenness and top brokers', () => {
    // Base: Ben and Dee each lie on 3 of the 10 pairs' paths: 2·3 / (4·3) = 0.5. Other: Cy on 4
    // (0.666666666667), Dee on 3. Top brokers: ceil(5 / 10) = 1 each: Ben (before Dee by name), Cy.
    expect(got.persons).toEqual([
      { name: 'Cy', status: 'kept', degree: [2, 3], betweenness: [0, 0.666666666667], topBroker: [false, true] },
      { name: 'Ben', status: 'kept', degree: [3, 2], betweenness: [0.5, 0], topBroker: [true, false] },
      { name: 'Ána', status: 'kept', degree: [1, 2], betweenness: [0, 0], topBroker: [false, false] },
      { name: 'Dee', status: 'kept', degree: [3, 2], betweenness: [0.5, 0.5], topBroker: [false, false] },
      { name: 'Eve', status: 'left', degree: [1, null], betweenness: [0, null], topBroker: [false, null] },
      { name: 'Fay', status: 'joined', degree: [null, 1], betweenness: [null, 0], topBroker: [null, false] },
    ]);
  });

  it('lists born then dissolved ties, named as the other snapshot spells them', () => {
    expect(got.tieChanges).toEqual([
      { source: 'Ána', target: 'Cy', change: 'born' },
      { source: 'Dee', target: 'Fay', change: 'born' },
      { source: 'Ben', target: 'Dee', change: 'dissolved' },
      { source: 'Dee', target: 'Eve', change: 'dissolved' },
    ]);
  });

  it('E-I per snapshot and group, blanks left out; p near the exact permutation p', () => {
    // Base: E = BC, BD; I = AB, CD, DE: (2 − 3) / 5. Other (Dee blank): E = BC, AC; I = AB: 1/3.
    expect(got.ei).toMatchObject({ base: -0.2, other: 0.333333333333 });
    expect(got.groups).toEqual([
      { name: 'Blue', people: [3, 1], ei: [0, 1] },
      { name: 'Green', people: [0, 1], ei: [null, null] },
      { name: 'Red', people: [2, 2], ei: [0.333333333333, 0.333333333333] },
    ]);
    // Base: 2 Reds among 5 people: 3 of the 10 placements cut 2 ties or fewer. Other: E stays 2 unless
    // Fay draws a Red (2 of 4).
    nearP(got.ei!.pBase, 0.3);
    nearP(got.ei!.pOther, 0.5);
  });

  it('answers no E-I without an attribute', () => {
    const plain = compareSnapshots(base, other);
    expect(plain.ei).toBeNull();
    expect(plain.groups).toBeNull();
  });
});

describe('compareSnapshots, directed', () => {
  // a->b, b->c, c->a, a->b (parallel) vs a->b, c->b, b->a.
  const x = net(
    ['a', 'b', 'c'],
    [
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'a'],
      ['a', 'b'],
    ],
    { directed: true },
  );
  const y = net(
    ['a', 'b', 'c'],
    [
      ['a', 'b'],
      ['c', 'b'],
      ['b', 'a'],
    ],
    { directed: true },
  );

  it('matches ordered pairs; degree is in + out; r over the 6 ordered pairs', () => {
    const got = compareSnapshots(x, y);
    expect(got.directed).toBe(true);
    expect(got.ties).toEqual({ kept: 1, born: 2, dissolved: 2 });
    // f = 3, i = 3, s = 1 over 6 pairs: (6 − 9) / √(3·3·3·3) = −1/3.
    expect(got.qap.r).toBe(-0.333333333333);
    expect(got.persons.find((p) => p.name === 'b')!.degree).toEqual([2, 3]);
    expect(got.tieChanges).toContainEqual({ source: 'c', target: 'b', change: 'born' });
  });

  it('reads both as undirected when one snapshot is', () => {
    const got = compareSnapshots(x, { ...y, directed: false });
    expect(got.directed).toBe(false);
    // x: ab, bc, ca; y: ab, bc: kept 2, dissolved ca.
    expect(got.ties).toEqual({ kept: 2, born: 0, dissolved: 1 });
    expect(got.qap).toEqual({ r: null, p: null, permutations: 1000 });
  });
});

describe('layers, refusals and null cases', () => {
  const layered = (layers: string[]) =>
    net(
      ['a', 'b', 'c'],
      [
        ['a', 'b', 0],
        ['b', 'c', layers.length - 1],
      ],
      { layers },
    );

  it('a layer filters ties only; one missing from a snapshot gives it no ties', () => {
    const got = compareSnapshots(layered(['advice', 'friends']), layered(['advice']), { layer: 'friends' });
    expect(got.people).toEqual({ kept: 3, joined: 0, left: 0 });
    expect(got.ties).toEqual({ kept: 0, born: 0, dissolved: 1 });
    expect(got.qap.r).toBeNull();
  });

  it('refuses a layer neither has, an attribute one lacks, fold-alike names, no shared people', () => {
    const a = layered(['advice']);
    expect(refusal(() => compareSnapshots(a, a, { layer: 'Advice' }))).toEqual({
      kind: 'unknownLayer',
      layer: 'Advice',
    });
    expect(refusal(() => compareSnapshots(base, net(['Ana'], []), { attribute: 'Team' }))).toEqual({
      kind: 'missingAttribute',
      snapshot: 'other',
      attribute: 'Team',
    });
    const twins = net(['José', ' jose', 'x'], []);
    expect(refusal(() => compareSnapshots(a, twins))).toEqual({
      kind: 'foldedAlike',
      snapshot: 'other',
      names: ['José', 'jose'],
    });
    expect(refusal(() => compareSnapshots(a, net(['z'], [])))).toEqual({ kind: 'noSharedPeople' });
  });

  it('jaccard is 0 when neither snapshot has ties', () => {
    const empty = net(['a', 'b'], []);
    expect(compareSnapshots(empty, empty)).toMatchObject({ jaccard: 0, ties: { kept: 0, born: 0, dissolved: 0 } });
  });

  it('takes cached betweenness only where it is the same measure', () => {
    const fake = [0.9, 0.1, 0, 0, 0];
    expect(compareSnapshots(base, other, { betweenness: { base: fake } }).persons[0]!.betweenness[0]).toBe(0.9);
    // With a layer the cache is of another graph: recomputed.
    const layerOnly = compareSnapshots(base, other, { layer: 'ties', betweenness: { base: fake } });
    expect(layerOnly.persons.find((p) => p.name === 'Ben')!.betweenness[0]).toBe(0.5);
  });
});

describe('normalizedBetweenness', () => {
  it('equals the metrics’ betweennessNormalized', () => {
    for (const data of [base, other, { ...other, directed: true }]) {
      const want = computeMetrics(data).nodes.map((n) => n.betweennessNormalized);
      const got = normalizedBetweenness(readSnapshot(data, data.directed));
      want.forEach((w, i) => {
        expect(got[i]).toBeCloseTo(w, 12);
      });
    }
  });
});
