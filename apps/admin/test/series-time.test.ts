import type { TMetricsResult, TNetworkData } from '@tieline/graph';
import { describe, expect, it } from 'vitest';
import { stablePositions } from '../src/features/explorer/time/stable-positions';
import { betweennessRanks, peopleChanges } from '../src/features/series/series-data';

// Stepping through a series: people keep their places, people who join start beside their neighbours;
// the series page's joined/left and betweenness ranks.

const net = (names: string[], ties: [number, number][]): TNetworkData => ({
  directed: false,
  layers: ['Works with'],
  nodeAttributes: [],
  edgeAttributes: [],
  nodes: names.map((name) => ({ name, attributes: {} })),
  edges: ties.map(([source, target]) => ({ source, target, layer: 0, weight: 1, attributes: {} })),
});

describe('stablePositions', () => {
  const before = net(
    ['Ann', 'Bob', 'Cy'],
    [
      [0, 1],
      [1, 2],
    ],
  );
  const at = { x: [0, 100, 200], y: [0, 0, 50] };

  it('keeps everyone who stays where they were, whatever their index now', () => {
    const next = net(['Cy', 'Ann'], [[0, 1]]);
    const p = stablePositions(before, at, next);
    expect([...p.x]).toEqual([200, 0]);
    expect([...p.y]).toEqual([50, 0]);
  });

  it('starts a joiner beside its placed neighbours, a joiner of joiners next, and a loner outside', () => {
    // Dee joins beside Ann and Bob; Eve joins tied to Dee only; Fay joins alone.
    const next = net(
      ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay'],
      [
        [0, 3],
        [1, 3],
        [3, 4],
      ],
    );
    const p = stablePositions(before, at, next);
    const dist = (i: number, x: number, y: number) => Math.hypot(p.x[i]! - x, p.y[i]! - y);
    const reach = Math.max(...[0, 1, 2].map((i) => dist(i, 100, 50 / 3)));
    expect(dist(3, 50, 0)).toBeGreaterThan(0);
    expect(dist(3, 50, 0)).toBeLessThan(reach / 2);
    expect(dist(4, p.x[3]!, p.y[3]!)).toBeLessThan(reach / 2);
    expect(dist(5, 100, 50 / 3)).toBeGreaterThan(reach);
  });
});

describe('series page', () => {
  it('lists who joined and left against the snapshot before', () => {
    const docs = [net(['Ann', 'Bob'], []), undefined, net(['Bob', 'Cy'], []), net(['Cy', 'Dee', 'Ann'], [])];
    expect(peopleChanges(docs)).toEqual([null, null, null, { joined: ['Ann', 'Dee'], left: ['Bob'] }]);
  });

  it('ranks by normalized betweenness, ties by name; absent people and missing metrics are null', () => {
    const m = (values: Record<string, number>) =>
      ({ nodes: Object.entries(values).map(([name, v]) => ({ name, betweennessNormalized: v })) }) as TMetricsResult;
    const metrics = [m({ Ann: 0.5, Bob: 0.1, Cy: 0.5 }), null, m({ Bob: 0.2 })];
    expect(betweennessRanks(metrics, 'Cy')).toEqual([2, null, null]);
    expect(betweennessRanks(metrics, 'Bob')).toEqual([3, null, 1]);
  });
});
