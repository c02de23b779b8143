import { seededRandom } from '@tieline/graph';
import { describe, expect, it } from 'vitest';
import { buildNodeGrid, forEachNear, pickNode } from '../src/node-grid';

/** Deterministic pseudo-random points (seeded), clustered like a laid-out network. */
function points(n: number, seed: number) {
  const next = seededRandom(seed);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const cluster = i % 5;
    xs[i] = cluster * 300 + next() * 100 - 500;
    ys[i] = (cluster % 2) * 200 + next() * 60;
  }
  return { xs, ys };
}

const near = (grid: ReturnType<typeof buildNodeGrid>, x: number, y: number, r: number) => {
  const out: number[] = [];
  forEachNear(grid, x, y, r, (i) => out.push(i));
  return out;
};

describe('node grid', () => {
  const { xs, ys } = points(5_000, 7);
  const grid = buildNodeGrid(xs, ys);

  it('indexes every node exactly once', () => {
    expect(grid.items.length).toBe(5_000);
    expect(new Set(grid.items).size).toBe(5_000);
  });

  it('finds every node within the radius (the same as checking all of them)', () => {
    for (const [x, y, r] of [
      [0, 30, 5],
      [-450, 10, 20],
      [700, 250, 40],
      [100, 100, 0.5],
    ] as const) {
      const found = new Set(near(grid, x, y, r));
      for (let i = 0; i < xs.length; i++) {
        if (Math.abs((xs[i] ?? 0) - x) <= r && Math.abs((ys[i] ?? 0) - y) <= r) expect(found.has(i)).toBe(true);
      }
      // A few cells, not the whole drawing.
      expect(found.size).toBeLessThan(500);
    }
  });

  it('finds nothing far outside the drawing', () => {
    expect(near(grid, 10_000, 10_000, 50)).toEqual([]);
    expect(near(grid, -10_000, 30, 50)).toEqual([]);
  });

  it('leaves out the nodes it is told to (hidden ones) and positions that are not numbers', () => {
    const g = buildNodeGrid([0, 1, Number.NaN, 3], [0, 1, 2, 3], (i) => i !== 1);
    expect([...g.items].sort()).toEqual([0, 3]);
    // Candidates come by cell, so a neighbour may come along; the left-out node never does.
    expect(near(g, 1, 1, 0.5)).not.toContain(1);
  });

  it('copes with no nodes and with all nodes on one spot', () => {
    expect(near(buildNodeGrid([], []), 0, 0, 10)).toEqual([]);
    const g = buildNodeGrid([2, 2, 2], [5, 5, 5]);
    expect(near(g, 2, 5, 0.1).sort()).toEqual([0, 1, 2]);
  });
});

describe('pickNode', () => {
  // Three nodes of radius 1 at x = 0, 1.5 and 10; the pointer's distance is measured as a share of the radius.
  const xs = [0, 1.5, 10];
  const ys = [0, 0, 0];
  const grid = buildNodeGrid(xs, ys);
  const at = (px: number, py: number) =>
    pickNode(grid, px, py, 1, (i) => Math.hypot((xs[i] ?? 0) - px, (ys[i] ?? 0) - py) / 1);

  it('picks the node under the point, the nearest centre where two overlap', () => {
    expect(at(0.1, 0)).toBe(0);
    expect(at(1.4, 0.1)).toBe(1);
    expect(at(0.7, 0)).toBe(0);
    expect(at(0.8, 0)).toBe(1);
    expect(at(10, 0.9)).toBe(2);
  });

  it('picks nothing between nodes', () => {
    expect(at(5, 0)).toBeNull();
    expect(at(10, 1.2)).toBeNull();
  });
});
