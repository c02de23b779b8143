// Matching people by folded name, the simple graph every AONA analysis reads, and sharedPeople.
import { describe, expect, it } from 'vitest';
import { combineNetworks, compareNames, foldName, round12, sharedPeople, simpleGraph, tiesOf } from '../src';
import { net } from './aona-helpers';

describe('foldName', () => {
  it('drops accents, case and surrounding spaces', () => {
    expect(foldName('  Émile ')).toBe('emile');
    expect(foldName('ZOË')).toBe('zoe');
    expect(foldName('Jürgen Müller')).toBe('jurgen muller');
    expect(foldName('Chloé')).toBe(foldName('chloe'));
    // Decomposed input folds the same as composed input.
    expect(foldName('Chloe\u0301')).toBe('chloe');
  });
  it('maps the letters unaccent maps without a decomposition', () => {
    expect(foldName('Straße')).toBe('strasse');
    expect(foldName('Æsa Øberg')).toBe('aesa oberg');
    expect(foldName('Œuvre')).toBe('oeuvre');
    expect(foldName('Łódź')).toBe('lodz');
    expect(foldName('Đorđe')).toBe('dorde');
  });
  it('folds compatibility forms (NFKD)', () => {
    expect(foldName('ﬁle')).toBe('file');
    expect(foldName('Ａna')).toBe('ana');
  });
  it('keeps inner spaces and other letters', () => {
    expect(foldName('Ana  Lee')).toBe('ana  lee');
    expect(foldName('Guðrún')).toBe('guðrun');
  });
});

describe('compareNames and round12', () => {
  it('orders by folded name, then by the name itself (code points): aesa < ana', () => {
    expect(['Zoe', 'émile', 'Emile', 'Æsa', 'ana'].sort(compareNames)).toEqual(['Æsa', 'ana', 'Emile', 'émile', 'Zoe']);
  });
  it('rounds to 12 decimals without -0', () => {
    expect(round12(2 / 3)).toBe(0.666666666667);
    expect(round12(0.1 + 0.2)).toBe(0.3);
    expect(Object.is(round12(-1e-15), 0)).toBe(true);
  });
});

describe('simpleGraph', () => {
  // Two layers, a parallel tie in each direction, a self-tie, and "José" / " jose " / "JOSÉ": one person.
  const data = net(
    ['José', 'Ana', ' jose ', 'Bo', 'JOSÉ'],
    [
      ['José', 'Ana', 0],
      ['Ana', 'José', 1],
      [' jose ', 'Ana', 0],
      ['Bo', 'Bo', 0],
      ['JOSÉ', 'José', 1],
      ['Bo', 'JOSÉ', 1],
    ],
    { directed: true, layers: ['advice', 'friends'] },
  );
  const g = simpleGraph(data);
  it('is one person per folded name, first spelling kept', () => {
    expect(g.names).toEqual(['José', 'Ana', 'Bo']);
    expect(Array.from(g.personOf)).toEqual([0, 1, 0, 2, 0]);
  });
  it('merges layers and parallel ties, ignores direction and self-ties', () => {
    // José-Ana (4 edges), José-Bo (1 edge); Bo-Bo and JOSÉ-José are self-ties.
    expect(g.ties).toBe(2);
    expect(tiesOf(g)).toEqual([
      [0, 1],
      [0, 2],
    ]);
  });
});

describe('sharedPeople', () => {
  const informal = net(['Ana', 'Bo', 'Cy', 'Dee'], []);
  it('is null when at least 2 and at least half of the informal people are shared', () => {
    // 2 of 4 shared: exactly half.
    expect(sharedPeople(net(['ANA', ' bo', 'Zed'], []), informal)).toBeNull();
  });
  it('answers shared and of when fewer than half are shared', () => {
    expect(sharedPeople(net(['Ana', 'Zed'], []), net(['Ana', 'Bo', 'Cy'], []))).toEqual({ shared: 1, of: 3 });
    // 2 of 5: fewer than half.
    expect(sharedPeople(net(['Ana', 'Bo'], []), net(['Ana', 'Bo', 'Cy', 'Dee', 'Eve'], []))).toEqual({
      shared: 2,
      of: 5,
    });
  });
  it('answers when fewer than 2 are shared, even if that is all of them', () => {
    expect(sharedPeople(net(['Ana'], []), net(['ána'], []))).toEqual({ shared: 1, of: 1 });
    expect(sharedPeople(net([], []), net([], []))).toEqual({ shared: 0, of: 0 });
  });
  it('counts people after folding (duplicates are one person)', () => {
    expect(sharedPeople(net(['Ana', 'Bo'], []), net(['Ana', 'ANA', 'Bo', 'bó'], []))).toBeNull();
  });
});

describe('combineNetworks options (AONA)', () => {
  const a = net(['José', 'Ana'], [['José', 'Ana']], { layers: ['advice'] });
  const b = net(['jose', 'Cy'], [['jose', 'Cy']], { layers: [] });
  it('keeps the current behaviour by default', () => {
    const c = combineNetworks(
      [
        { name: 'A', data: a },
        { name: 'B', data: b },
      ],
      false,
    );
    expect(c.layers).toEqual(['A', 'B']);
    expect(c.nodes.map((n) => n.name)).toEqual(['José', 'Ana', 'jose', 'Cy']);
  });
  it('prefixes every layer and matches by the given key', () => {
    const c = combineNetworks(
      [
        { name: 'A', data: a },
        { name: 'B', data: b },
      ],
      false,
      { key: foldName, prefixLayers: true },
    );
    expect(c.layers).toEqual(['A: advice', 'B']);
    expect(c.nodes.map((n) => n.name)).toEqual(['José', 'Ana', 'Cy']);
    expect(c.edges.map((e) => [e.source, e.target, e.layer])).toEqual([
      [0, 1, 0],
      [0, 2, 1],
    ]);
  });
});
