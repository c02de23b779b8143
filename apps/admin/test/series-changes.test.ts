import type { TNetworkData } from '@tieline/graph';
import { describe, expect, it } from 'vitest';
import { defaultState } from '../src/features/explorer/explorer-state';
import { carryState } from '../src/features/explorer/time/carry-state';
import { tieChanges } from '../src/features/explorer/time/tie-changes';

// The explorer's changes view of a series (born and dissolved ties, matched by name as the compare
// does) and what a step of the time slider carries to the next snapshot.

const net = (
  names: string[],
  ties: [number, number, number?][],
  { directed = false, layers = ['Works with'], attributes = [] as string[] } = {},
): TNetworkData => ({
  directed,
  layers,
  nodeAttributes: attributes.map((key) => ({ key, type: 'category' as const })),
  edgeAttributes: [],
  nodes: names.map((name) => ({ name, attributes: {} })),
  edges: ties.map(([source, target, layer = 0]) => ({ source, target, layer, weight: 1, attributes: {} })),
});

describe('tieChanges', () => {
  // Before: Ann-Bob, Bob-Cy, Cy-Dan. Now (other order, Dan left, Eve joined): Bob-Ann kept (reversed),
  // Ann-Cy born (twice, two layers), Cy-Eve born, a self-tie ignored.
  const before = net(
    ['Ann', 'Bob', 'Cy', 'Dan'],
    [
      [0, 1],
      [1, 2],
      [2, 3],
    ],
  );
  const now = net(
    ['Cy', 'Bob', 'Ann', 'Eve'],
    [
      [1, 2],
      [2, 0],
      [0, 2, 1],
      [0, 3],
      [3, 3],
    ],
    { layers: ['Works with', 'Advice'] },
  );

  it('marks each tie born since the snapshot before, parallel ties once in the count', () => {
    const c = tieChanges(before, now, '2026-W45');
    expect([...c.born]).toEqual([0, 1, 1, 1, 0]);
    expect(c.bornCount).toBe(2);
    expect(c.since).toBe('2026-W45');
  });

  it('draws dissolved ties between people still there and counts those with people who left', () => {
    const c = tieChanges(before, now, '2026-W45');
    // Bob-Cy dissolved: Bob is 1 and Cy is 0 now. Cy-Dan dissolved with Dan, who left.
    expect([...c.dissolved]).toEqual([1, 0]);
    expect(c.dissolvedWithLeavers).toBe(1);
  });

  it('reads direction only when both snapshots are directed', () => {
    const a = net(['Ann', 'Bob'], [[0, 1]], { directed: true });
    const b = net(['Ann', 'Bob'], [[1, 0]], { directed: true });
    const directed = tieChanges(a, b, 'x');
    expect([...directed.born]).toEqual([1]);
    expect([...directed.dissolved]).toEqual([0, 1]);
    const mixed = tieChanges(a, { ...b, directed: false }, 'x');
    expect([...mixed.born]).toEqual([0]);
    expect(mixed.dissolved.length).toBe(0);
  });
});

describe('carryState', () => {
  const before = net(['Ann', 'Bob', 'Cy'], [[0, 1]], {
    layers: ['Works with', 'Advice', 'Energy'],
    attributes: ['Dept', 'Site'],
  });
  const next = net(['Cy', 'Ann'], [[0, 1]], { layers: ['Advice', 'New', 'Works with'], attributes: ['Dept'] });

  it('keeps styles, filters by name and the person open; starts afresh what names people by place', () => {
    const state = {
      ...defaultState(3),
      layout: { kind: 'group' as const, groupBy: 'Dept', x: null, y: null },
      encoding: {
        ...defaultState(3).encoding,
        color: 'a:Dept' as const,
        size: 'a:Site' as const,
        labels: 'all' as const,
      },
      filters: {
        ...defaultState(3).filters,
        categories: { Dept: ['Sales'], Site: ['Oslo'] },
        hideIsolates: true,
        ego: { node: 2, steps: 1 },
      },
      layers: [0, 2],
      metricsLayer: 0,
      selection: [0, 1],
      groupAttribute: 'Site',
    };
    const c = carryState({ state, focused: 0 }, before, next);
    expect(c.focused).toBe(1);
    expect(c.state.layout).toEqual({ kind: 'group', groupBy: 'Dept', x: null, y: null });
    expect(c.state.encoding).toMatchObject({ color: 'a:Dept', size: null, labels: 'all' });
    expect(c.state.filters).toMatchObject({ categories: { Dept: ['Sales'] }, hideIsolates: true, ego: null });
    // Works with (shown) and New (not in the snapshot before) are shown; Advice was hidden.
    expect(c.state.layers).toEqual([1, 2]);
    expect(c.state.metricsLayer).toBe(2);
    expect(c.state.selection).toEqual([]);
    expect(c.state.groupAttribute).toBeNull();
    expect(carryState({ state, focused: 1 }, before, next).focused).toBeNull();
  });
});
