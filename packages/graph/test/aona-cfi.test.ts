// CFI on a small network worked out by hand.
import { describe, expect, it } from 'vitest';
import { cfi, cfiAttributeName, cfiNodeValues, withCfiAttribute } from '../src';
import { net } from './aona-helpers';

// Team: A Sales, B Sales, C Ops, D " Ops " (trimmed: Ops), E '' (blank), F null (blank), G 7 (text "7"),
// H 10 (no ties). Ties: A-B, A-B again (parallel), A-C, B-C, C-D, D-E (blank end: ignored), A-G, C-C (self).
// Counted ties: internal A-B (Sales), C-D (Ops); external A-C, B-C, A-G.
// Network: E = 3, I = 2, cfi = 3/5 = 0.6, ei = (3 − 2)/5 = 0.2.
const data = net(
  ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'],
  [
    ['A', 'B'],
    ['B', 'A'],
    ['A', 'C'],
    ['B', 'C'],
    ['C', 'D'],
    ['D', 'E'],
    ['A', 'G'],
    ['C', 'C'],
  ],
  {
    attributes: [
      { Team: 'Sales' },
      { Team: 'Sales' },
      { Team: 'Ops' },
      { Team: ' Ops ' },
      { Team: '' },
      { Team: null },
      { Team: 7 },
      { Team: 10 },
    ],
  },
);

describe('cfi', () => {
  const got = cfi(data, 'Team');
  it('counts external and internal ties over ties with two non-blank ends', () => {
    expect(got).toMatchObject({ external: 3, internal: 2, cfi: 0.6, ei: 0.2 });
  });
  it('gives every value group its ties, sorted by value (numbers as numbers)', () => {
    // "7": A-G external -> 1/1, ei 1. "10": no ties -> null. Ops: A-C, B-C external, C-D internal -> 2/3,
    // ei 1/3. Sales: A-C, B-C, A-G external, A-B internal -> 3/4, ei (3 − 1)/4 = 0.5.
    expect(got.groups).toEqual([
      { value: '7', people: 1, external: 1, internal: 0, cfi: 1, ei: 1 },
      { value: '10', people: 1, external: 0, internal: 0, cfi: null, ei: null },
      { value: 'Ops', people: 2, external: 2, internal: 1, cfi: 0.666666666667, ei: 0.333333333333 },
      { value: 'Sales', people: 2, external: 3, internal: 1, cfi: 0.75, ei: 0.5 },
    ]);
  });
  it('gives each person with a value the share of their valued neighbours in another group', () => {
    // A: B, C, G -> 2/3. B: A, C -> 1/2. C: A, B, D -> 2/3. D: C (E blank) -> 0. G: A -> 1. H: none -> null.
    expect(got.people).toEqual([
      { name: 'A', value: 'Sales', cfi: 0.666666666667 },
      { name: 'B', value: 'Sales', cfi: 0.5 },
      { name: 'C', value: 'Ops', cfi: 0.666666666667 },
      { name: 'D', value: 'Ops', cfi: 0 },
      { name: 'G', value: '7', cfi: 1 },
      { name: 'H', value: '10', cfi: null },
    ]);
  });
  it('gives each node index its cfi, null for a blank value', () => {
    expect(cfiNodeValues(data, 'Team')).toEqual([0.666666666667, 0.5, 0.666666666667, 0, null, null, 1, null]);
  });
  it('writes the number attribute "CFI (Team)", replacing an older one', () => {
    expect(cfiAttributeName('Team')).toBe('CFI (Team)');
    const once = withCfiAttribute(data, 'Team');
    const twice = withCfiAttribute(once, 'Team');
    expect(twice.nodeAttributes.filter((d) => d.key === 'CFI (Team)')).toEqual([{ key: 'CFI (Team)', type: 'number' }]);
    expect(twice.nodes.map((n) => n.attributes['CFI (Team)'])).toEqual(cfiNodeValues(data, 'Team'));
    expect(data.nodes[0]!.attributes['CFI (Team)']).toBeUndefined();
  });
  it('an attribute nobody has: no ties counted, everything null', () => {
    expect(cfi(data, 'Nope')).toEqual({ external: 0, internal: 0, cfi: null, ei: null, groups: [], people: [] });
  });
  it('all ties internal: cfi 0, ei -1', () => {
    const one = net(['A', 'B'], [['A', 'B']], { attributes: [{ T: 'x' }, { T: 'x' }] });
    expect(cfi(one, 'T')).toMatchObject({ external: 0, internal: 1, cfi: 0, ei: -1 });
  });
  it('one person per folded name: the first non-blank value, the first spelling', () => {
    const dup = net(
      ['José', 'jose', 'Ana'],
      [
        ['jose', 'Ana'],
        ['José', 'jose'],
      ],
      { attributes: [{ T: null }, { T: 'x' }, { T: 'y' }] },
    );
    const got = cfi(dup, 'T');
    expect(got.people).toEqual([
      { name: 'Ana', value: 'y', cfi: 1 },
      { name: 'José', value: 'x', cfi: 1 },
    ]);
    expect(got).toMatchObject({ external: 1, internal: 0 });
    expect(cfiNodeValues(dup, 'T')).toEqual([1, 1, 1]);
  });
});
