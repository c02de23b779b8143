import { describe, expect, it } from 'vitest';
import { coarsen, hierarchy, levelFromFa2, matchNodes, multilevelStart, type TLevel } from '../src/multilevel';

/** FA2's edge records (ends as node offsets of 10), weight 1, for ties given as pairs. */
const fa2Edges = (ties: [number, number][]) => Float32Array.from(ties.flatMap(([s, t]) => [s * 10, t * 10, 1]));
const level = (n: number, ties: [number, number][]) => levelFromFa2(n, fa2Edges(ties));

describe('multilevel start', () => {
  it('reads the network from FA2 records, each mass 1 + the ties it has', () => {
    const l = level(3, [
      [0, 1],
      [1, 2],
    ]);
    expect([...l.source]).toEqual([0, 1]);
    expect([...l.target]).toEqual([1, 2]);
    expect([...l.mass]).toEqual([2, 3, 2]);
  });

  it('merges each person with a neighbour, and pairs a hub’s leftover contacts through it', () => {
    // A star: the hub takes one leaf, the other five pair up through the hub but one.
    const star = level(
      7,
      [1, 2, 3, 4, 5, 6].map((leaf) => [0, leaf] as [number, number]),
    );
    const { parent, groups } = matchNodes(star);
    expect(groups).toBe(4);
    const sizes = new Map<number, number>();
    for (const g of parent) sizes.set(g, (sizes.get(g) ?? 0) + 1);
    expect([...sizes.values()].sort()).toEqual([1, 2, 2, 2]);
  });

  it('sums masses and the weights of ties between groups, and drops ties inside a group', () => {
    const square = level(4, [
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 0],
      [0, 2],
    ]);
    const coarse = coarsen(square, Int32Array.from([0, 0, 1, 1]), 2);
    expect(coarse.n).toBe(2);
    expect([...coarse.mass]).toEqual([square.mass[0]! + square.mass[1]!, square.mass[2]! + square.mass[3]!]);
    expect([...coarse.source]).toEqual([0]);
    expect([...coarse.target]).toEqual([1]);
    expect([...coarse.weight]).toEqual([3]);
  });

  it('coarsens a large network level by level down to a few hundred groups', () => {
    const n = 2_000;
    const ring = level(
      n,
      Array.from({ length: n }, (_, i) => [i, (i + 1) % n] as [number, number]),
    );
    const { levels, parents } = hierarchy(ring);
    expect(levels[0]).toBe(ring);
    expect((levels.at(-1) as TLevel).n).toBeLessThanOrEqual(200);
    for (let l = 1; l < levels.length; l++) {
      expect((levels[l] as TLevel).n).toBeLessThanOrEqual((levels[l - 1] as TLevel).n * 0.8);
      expect(parents[l - 1]?.length).toBe((levels[l - 1] as TLevel).n);
    }
  });

  it('lays out two communities apart, one picture per level, the last for everyone', () => {
    // Two groups of 150, each a ring with chords, joined by a single tie.
    const ties: [number, number][] = [];
    for (const base of [0, 150]) {
      for (let i = 0; i < 150; i++) {
        ties.push([base + i, base + ((i + 1) % 150)]);
        ties.push([base + i, base + ((i + 7) % 150)]);
      }
    }
    ties.push([0, 150]);
    const pictures = [...multilevelStart(level(300, ties))];
    expect(pictures.length).toBeGreaterThan(1);
    const { x, y } = pictures.at(-1) as { x: Float32Array; y: Float32Array };
    expect(x.length).toBe(300);
    const centre = (from: number) => {
      let cx = 0;
      let cy = 0;
      for (let i = from; i < from + 150; i++) {
        cx += x[i]! / 150;
        cy += y[i]! / 150;
      }
      return { cx, cy };
    };
    const a = centre(0);
    const b = centre(150);
    const apart = Math.hypot(a.cx - b.cx, a.cy - b.cy);
    let spread = 0;
    for (let i = 0; i < 150; i++) spread += Math.hypot(x[i]! - a.cx, y[i]! - a.cy) / 150;
    expect(apart).toBeGreaterThan(spread);
  });
});
