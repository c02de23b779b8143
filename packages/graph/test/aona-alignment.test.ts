// informalAlignment on small networks worked out by hand.
import { describe, expect, it } from 'vitest';
import { informalAlignment, pairCorrelation } from '../src';
import { net } from './aona-helpers';

// Formal (directed reporting lines): Eve -> Åsa, Åsa -> Bo, Åsa -> Cy, Cy -> Dee.
// Informal (other spellings; Xan is not in the formal network; a self-tie and a parallel tie):
// asa-BO, BO-cy, cy-dee, dee-cy (parallel), Xan-asa, cy-cy (self).
// C = {Åsa, Bo, Cy, Dee} (Eve and Xan are not shared): 4 people, N = 4·3/2 = 6 pairs.
// F among C = {Åsa-Bo, Åsa-Cy, Cy-Dee}: |F| = 3.  I among C = {Åsa-Bo, Bo-Cy, Cy-Dee}: |I| = 3.
// F ∩ I = {Åsa-Bo, Cy-Dee}: 2.  F ∪ I: 4.  jaccard = 2/4 = 0.5; coverage = 2/3; confinement = 2/3.
// r = (s·N − |F|·|I|) / sqrt(|F|(N−|F|)·|I|(N−|I|)) = (2·6 − 9) / sqrt(3·3·3·3) = 3/9 = 0.333333333333.
const formal = net(
  ['Eve', 'Åsa', 'Bo', 'Cy', 'Dee'],
  [
    ['Eve', 'Åsa'],
    ['Åsa', 'Bo'],
    ['Åsa', 'Cy'],
    ['Cy', 'Dee'],
  ],
  { directed: true },
);
const informal = net(
  [' asa', 'BO', 'cy', 'dee', 'Xan'],
  [
    [' asa', 'BO'],
    ['BO', 'cy'],
    ['cy', 'dee'],
    ['dee', 'cy', 1],
    ['Xan', ' asa'],
    ['cy', 'cy'],
  ],
  { layers: ['advice', 'friends'] },
);

describe('informalAlignment', () => {
  const a = informalAlignment(formal, informal);
  it('counts the ties among the shared people', () => {
    expect(a).toMatchObject({
      commonPeople: 4,
      formalTies: 3,
      informalTies: 3,
      sharedTies: 2,
      jaccard: 0.5,
      formalCoverage: 0.666666666667,
      informalConfinement: 0.666666666667,
    });
  });
  it('correlates the two adjacencies over the pairs of C', () => {
    expect(a.qap.r).toBe(0.333333333333);
    expect(a.qap.permutations).toBe(1000);
  });
  it('gives each shared person their informal ties, the shared ones and the ratio, formal spelling, by name', () => {
    // Åsa: Åsa-Bo (shared). Bo: Åsa-Bo (shared), Bo-Cy. Cy: Bo-Cy, Cy-Dee (shared). Dee: Cy-Dee (shared).
    expect(a.people).toEqual([
      { name: 'Åsa', informalTies: 1, sharedTies: 1, alignment: 1 },
      { name: 'Bo', informalTies: 2, sharedTies: 1, alignment: 0.5 },
      { name: 'Cy', informalTies: 2, sharedTies: 1, alignment: 0.5 },
      { name: 'Dee', informalTies: 1, sharedTies: 1, alignment: 1 },
    ]);
  });
  it('p: seeded, so the same inputs give the same p; (1 + hits) / (1 + permutations)', () => {
    const again = informalAlignment(formal, informal);
    expect(again.qap.p).toBe(a.qap.p);
    // The node order of the inputs does not matter (C is ordered by folded name).
    const reversed = {
      ...informal,
      nodes: [...informal.nodes].reverse(),
      edges: informal.edges.map((e) => ({ ...e, source: 4 - e.source, target: 4 - e.target })),
    };
    expect(informalAlignment(formal, reversed).qap.p).toBe(a.qap.p);
    const hits = a.qap.p! * 1001 - 1;
    expect(Math.abs(hits - Math.round(hits))).toBeLessThan(1e-6);
    // Exactly: of the 24 relabellings of 4 people, the share keeping >= 2 of the 3 informal ties on F.
    // The two paths Bo-Åsa-Cy-Dee (F) and Åsa-Bo-Cy-Dee (I) overlap in >= 2 ties for 12 of 24 relabellings.
    // p ≈ (1 + 1000·0.5) / 1001; 3 standard errors of 1000 draws: ±0.047.
    expect(a.qap.p).toBeGreaterThan(0.45);
    expect(a.qap.p).toBeLessThan(0.55);
  });
  it('takes the permutations and the seed as options', () => {
    const few = informalAlignment(formal, informal, { permutations: 9, seed: 7 });
    expect(few.qap.permutations).toBe(9);
    expect(few.qap.p! * 10).toBeCloseTo(Math.round(few.qap.p! * 10), 9);
    expect(informalAlignment(formal, informal, { permutations: 9, seed: 7 }).qap.p).toBe(few.qap.p);
    expect(informalAlignment(formal, informal, { permutations: 0 }).qap.p).toBe(1);
  });
  it('counts relabellings that match as well (r_perm >= r)', () => {
    // F = I = the one tie Ana-Bo among 3 people: r = (1·3 − 1) / sqrt(1·2·1·2) = 1; a relabelling keeps
    // it in 2 of 6 cases, so p ≈ 1/3 (3 standard errors: ±0.045).
    const f = net(['Ana', 'Bo', 'Cy'], [['Ana', 'Bo']]);
    const got = informalAlignment(f, f);
    expect(got.qap.r).toBe(1);
    expect(got.qap.p).toBeGreaterThan(0.29);
    expect(got.qap.p).toBeLessThan(0.38);
    expect(got.jaccard).toBe(1);
  });
});

describe('informalAlignment: zero denominators', () => {
  it('no formal ties among C: coverage, r and p null; jaccard 0', () => {
    const got = informalAlignment(net(['Ana', 'Bo', 'Cy'], []), net(['Ana', 'Bo', 'Cy'], [['Ana', 'Bo']]));
    expect(got).toMatchObject({ formalTies: 0, informalTies: 1, sharedTies: 0, jaccard: 0, formalCoverage: null });
    expect(got.informalConfinement).toBe(0);
    expect(got.qap).toEqual({ r: null, p: null, permutations: 1000 });
  });
  it('no ties at all: jaccard 0 (both empty), coverage and confinement null, alignment null', () => {
    const got = informalAlignment(net(['Ana', 'Bo'], []), net(['Ana', 'Bo'], []));
    expect(got).toMatchObject({ jaccard: 0, formalCoverage: null, informalConfinement: null });
    expect(got.people).toEqual([
      { name: 'Ana', informalTies: 0, sharedTies: 0, alignment: null },
      { name: 'Bo', informalTies: 0, sharedTies: 0, alignment: null },
    ]);
  });
  it('a complete formal adjacency is constant: r and p null', () => {
    const all = net(
      ['Ana', 'Bo', 'Cy'],
      [
        ['Ana', 'Bo'],
        ['Bo', 'Cy'],
        ['Ana', 'Cy'],
      ],
    );
    const got = informalAlignment(all, net(['Ana', 'Bo', 'Cy'], [['Ana', 'Bo']]));
    expect(got.formalCoverage).toBe(0.333333333333);
    expect(got.qap.r).toBeNull();
  });
  it('fewer than 2 shared people: no pairs, r null', () => {
    const got = informalAlignment(net(['Ana', 'Bo'], [['Ana', 'Bo']]), net(['Ana', 'Cy'], [['Ana', 'Cy']]));
    expect(got).toMatchObject({ commonPeople: 1, formalTies: 0, informalTies: 0, jaccard: 0 });
    expect(got.qap.r).toBeNull();
  });
  it('pairCorrelation is null for a constant vector and exact otherwise', () => {
    expect(pairCorrelation(6, 0, 3, 0)).toBeNull();
    expect(pairCorrelation(6, 6, 3, 3)).toBeNull();
    expect(pairCorrelation(6, 3, 3, 0)).toBe(-1);
    // (1·6 − 3·2) / sqrt(3·3·2·4) = 0.
    expect(pairCorrelation(6, 3, 2, 1)).toBe(0);
  });
});
