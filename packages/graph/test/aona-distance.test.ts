// informalDistance on a small network worked out by hand.
import { describe, expect, it } from 'vitest';
import { informalDistance } from '../src';
import { net } from './aona-helpers';

// Formal: Eve-Åsa, Eve-Dee, Åsa-Bo, Åsa-Cy (Eve is in no informal tie); Gus has no formal tie.
// Informal ties among C = {Åsa, Bo, Cy, Dee, Gus}, each with its formal steps:
//   Åsa-Bo 1; Bo-Cy 2 (Bo-Åsa-Cy); Cy-Dee 3 (Cy-Åsa-Eve-Dee); Bo-Dee 3 (Bo-Åsa-Eve-Dee); Gus-Åsa unreachable.
// Reachable 4: mean (1+2+3+3)/4 = 2.25, median (2+3)/2 = 2.5. Histogram 1:1, 2:1, 3:2.
const formal = net(
  ['Eve', 'Åsa', 'Bo', 'Cy', 'Dee', 'Gus'],
  [
    ['Eve', 'Åsa'],
    ['Eve', 'Dee'],
    ['Åsa', 'Bo'],
    ['Åsa', 'Cy'],
  ],
  { directed: true },
);
const informal = net(
  ['gus', 'asa', 'bo', 'CY', 'dee', 'Out'],
  [
    ['bo', 'asa'],
    ['CY', 'bo'],
    ['CY', 'dee'],
    ['dee', 'bo'],
    ['asa', 'gus'],
    ['asa', 'bo'],
    ['bo', 'bo'],
    ['Out', 'asa'],
  ],
);

describe('informalDistance', () => {
  const d = informalDistance(formal, informal);
  it('measures each informal tie in formal steps, through anyone in the formal network', () => {
    // Each tie once, source = the name that sorts first; sorted by source then target.
    expect(d.ties).toEqual([
      { source: 'Åsa', target: 'Bo', distance: 1 },
      { source: 'Åsa', target: 'Gus', distance: null },
      { source: 'Bo', target: 'Cy', distance: 2 },
      { source: 'Bo', target: 'Dee', distance: 3 },
      { source: 'Cy', target: 'Dee', distance: 3 },
    ]);
  });
  it('summarises the reachable ties', () => {
    expect(d).toMatchObject({ reachable: 4, unreachable: 1, meanDistance: 2.25, medianDistance: 2.5 });
    expect(d.histogram).toEqual([
      { distance: 1, ties: 1 },
      { distance: 2, ties: 1 },
      { distance: 3, ties: 2 },
    ]);
  });
  it('gives each person with informal ties their mean over reachable ties', () => {
    // Åsa: Bo 1, Gus unreachable -> 1. Bo: 1, 2, 3 -> 2. Cy: 2, 3 -> 2.5. Dee: 3, 3 -> 3. Gus: none -> null.
    expect(d.people).toEqual([
      { name: 'Åsa', ties: 2, meanDistance: 1 },
      { name: 'Bo', ties: 3, meanDistance: 2 },
      { name: 'Cy', ties: 2, meanDistance: 2.5 },
      { name: 'Dee', ties: 2, meanDistance: 3 },
      { name: 'Gus', ties: 1, meanDistance: null },
    ]);
  });
  it('an odd count has the middle value as median', () => {
    const three = informalDistance(
      formal,
      net(
        ['Åsa', 'Bo', 'Cy', 'Dee'],
        [
          ['Åsa', 'Bo'],
          ['Bo', 'Cy'],
          ['Cy', 'Dee'],
        ],
      ),
    );
    // 1, 2, 3: mean 2, median 2.
    expect(three).toMatchObject({ meanDistance: 2, medianDistance: 2, reachable: 3 });
  });
  it('nothing reachable or no informal ties: means and median null', () => {
    const none = informalDistance(formal, net(['Gus', 'Åsa'], [['Gus', 'Åsa']]));
    expect(none).toMatchObject({
      reachable: 0,
      unreachable: 1,
      meanDistance: null,
      medianDistance: null,
      histogram: [],
    });
    expect(none.people).toEqual([
      { name: 'Åsa', ties: 1, meanDistance: null },
      { name: 'Gus', ties: 1, meanDistance: null },
    ]);
    const empty = informalDistance(formal, net(['Åsa', 'Bo'], []));
    expect(empty).toEqual({
      ties: [],
      reachable: 0,
      unreachable: 0,
      meanDistance: null,
      medianDistance: null,
      histogram: [],
      people: [],
    });
  });
});
