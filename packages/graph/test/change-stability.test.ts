// Stability of rankings on graphs worked by hand (docs/analysis.md, "How sure: stability of rankings").
import { describe, expect, it } from 'vitest';
import { percentile, removedCount, stability, stabilitySamples, summarizeStability } from '../src';
import { net } from './aona-helpers';

const path = (names: string[]) =>
  net(
    names,
    names.slice(1).map((n, i) => [names[i]!, n]),
  );

describe('stability', () => {
  it('a star: the centre is 1 in every sample that keeps it (stable), leaves 0', () => {
    // 10 people, 1 removed per sample. Removing a leaf leaves a star of 9: the centre still joins
    // every pair of leaves (1). Removing the centre leaves no ties: nobody is a broker.
    const leaves = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8', 'l9'];
    const star = net(
      ['X', ...leaves],
      leaves.map((l) => ['X', l] as [string, string]),
    );
    const got = stability(star, { dropout: 0.1, samples: 50 });
    expect(got).toMatchObject({ dropout: 0.1, samples: 50 });
    expect(got.persons[0]).toEqual({
      name: 'X',
      betweenness: 1,
      low: 1,
      high: 1,
      topBroker: true,
      topBrokerShare: 1,
      badge: 'stable',
    });
    expect(got.persons[1]).toEqual({
      name: 'l1',
      betweenness: 0,
      low: 0,
      high: 0,
      topBroker: false,
      topBrokerShare: 0,
      badge: null,
    });
    expect(got.persons.map((p) => p.name)).toEqual(['X', ...leaves]);
  });

  it('a path: its top broker keeps the rank only when the far end is missing (unstable)', () => {
    // A..J: E and F each join 4·5 = 20 pairs (2·20 / (9·8) = 0.555555555556); E is first by name.
    // Without one person, E tops the rest only when J is missing (1 of the 9 samples that keep E).
    // E's values: 0 without D or F, 32/56 without J (its largest): low 0, high 32/56.
    const got = stability(path('ABCDEFGHIJ'.split('')), { samples: 200 });
    const e = got.persons.find((p) => p.name === 'E')!;
    expect(e).toMatchObject({ betweenness: 0.555555555556, topBroker: true, badge: 'unstable', low: 0 });
    expect(e.high).toBe(0.571428571429);
    expect(e.topBrokerShare).toBeLessThan(0.3);
    expect(got.persons.find((p) => p.name === 'F')).toMatchObject({ topBroker: false, badge: null });
    expect(got.persons.slice(0, 2).map((p) => p.name)).toEqual(['E', 'F']);
  });

  it('the full value may lie outside its range: smaller samples divide by fewer pairs', () => {
    // A, B, C, D, F tied as below, E alone (6 people). B lies on 1 of the 3 paths A-F and 1 of the 3
    // paths C-D: b = 2/3, 2·(2/3) / (5·4) = 0.066666666667. Without E: b stays 2/3 over (4·3):
    // 0.111111111111; without A, C, D or F: b = 1/2 over (4·3): 0.083333333333. Every sample is higher.
    const six = net(
      ['A', 'B', 'C', 'D', 'E', 'F'],
      [
        ['A', 'B'],
        ['A', 'C'],
        ['A', 'D'],
        ['B', 'C'],
        ['B', 'D'],
        ['B', 'F'],
        ['C', 'F'],
        ['D', 'F'],
      ],
    );
    const b = stability(six, { dropout: 0.2, samples: 50 }).persons.find((p) => p.name === 'B')!;
    expect(b).toMatchObject({ betweenness: 0.066666666667, low: 0.083333333333, high: 0.111111111111 });
  });

  it('answers the same whatever the split of the samples (seeded per sample)', () => {
    const data = path('ABCDEFGH'.split(''));
    const whole = stability(data, { dropout: 0.25, samples: 60, seed: 7 });
    const parts = [
      stabilitySamples(data, { dropout: 0.25, seed: 7 }, 0, 25),
      stabilitySamples(data, { dropout: 0.25, seed: 7 }, 25, 60),
    ];
    expect(summarizeStability(data, { dropout: 0.25, samples: 60, seed: 7 }, parts)).toEqual(whole);
    expect(stability(data, { dropout: 0.25, samples: 60, seed: 8 })).not.toEqual(whole);
  });

  it('null interval and share for a person no sample kept', () => {
    // 2 people, dropout 0.5: one removed per sample. Nobody has ties: no top brokers anywhere.
    const got = stability(net(['a', 'b'], []), { dropout: 0.5, samples: 50 });
    expect(got.persons.every((p) => p.low === 0 && p.topBrokerShare === 0 && p.badge === null)).toBe(true);
    const lone = stability(net(['a'], []), { dropout: 0.5, samples: 50 });
    expect(lone.persons).toEqual([
      { name: 'a', betweenness: 0, low: null, high: null, topBroker: false, topBrokerShare: null, badge: null },
    ]);
  });
});

describe('the pieces', () => {
  it('percentile interpolates linearly at (count − 1)·q', () => {
    expect(percentile([1, 2, 3, 4], 0.05)).toBe(1.15);
    expect(percentile([1, 2, 3, 4], 0.95)).toBe(3.85);
    expect(percentile([7], 0.95)).toBe(7);
  });

  it('removes round(dropout × n) people, halves up', () => {
    expect(removedCount(0.1, 5)).toBe(1);
    expect(removedCount(0.25, 10)).toBe(3);
    expect(removedCount(0.1, 14)).toBe(1);
    expect(removedCount(0.5, 1)).toBe(1);
  });
});
