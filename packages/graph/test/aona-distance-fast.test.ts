// informalDistance (issue 36: lowest common ancestors and hubs) against the search per person of issue
// 24 (aona-distance-reference.ts) on random organizations: forests of reporting lines, deep chains,
// second managers and peer ties (cycles), dense formal networks, people in no formal tie, informal people
// missing from the formal network, names that fold together, self and parallel ties. Seeded: a failing
// case names its seed.
import { describe, expect, it } from 'vitest';
import { informalDistance, simpleGraph, type TNetworkData } from '../src';
import { pairDistances } from '../src/aona/pair-distances';
import { informalDistanceBySearch } from './aona-distance-reference';

/** mulberry32: the same sequence for the same seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type TShape = 'forest' | 'chain' | 'second managers' | 'dense';
const SHAPES: TShape[] = ['forest', 'chain', 'second managers', 'dense'];

const network = (names: string[], ties: Array<[number, number]>, directed: boolean): TNetworkData => ({
  directed,
  layers: ['ties', 'other'],
  nodeAttributes: [],
  edgeAttributes: [],
  nodes: names.map((name) => ({ name, attributes: {} })),
  edges: ties.map(([source, target], i) => ({ source, target, layer: i % 2, weight: 1, attributes: {} })),
});

// Spellings that fold to one person ("Åsa 3", " asa 3", "ÅSA 3") or sort by accents and case.
const SPELLINGS = [(i: number) => `Åsa ${i}`, (i: number) => ` asa ${i} `, (i: number) => `ÅSA ${i}`];
const spell = (next: () => number, i: number) => SPELLINGS[Math.floor(next() * SPELLINGS.length)]!(i);

function organization(seed: number, shape: TShape) {
  const next = random(seed);
  const int = (n: number) => Math.floor(next() * n);
  const n = 1 + int(shape === 'chain' ? 400 : 80);
  const formalTies: Array<[number, number]> = [];
  for (let i = 1; i < n; i++) {
    if (next() < 0.1) continue; // a root: the forest has several trees, and some people no tie
    formalTies.push([i, shape === 'chain' && next() < 0.9 ? i - 1 : int(i)]);
  }
  const extra = { forest: 0, chain: int(2), 'second managers': 1 + int(4), dense: 3 * n }[shape];
  for (let k = 0; k < extra; k++) formalTies.push([int(n), int(n)]);
  if (formalTies.length > 0 && next() < 0.5)
    formalTies.push([...formalTies[int(formalTies.length)]!].reverse() as [number, number]);
  const formalNames = Array.from({ length: n }, (_, i) => spell(next, i));
  // Informal: most formal people under another spelling, some who are not in the formal network.
  const informalNames: string[] = [];
  for (let i = 0; i < n; i++) if (next() < 0.8) informalNames.push(spell(next, i));
  for (let i = 0; i < 1 + int(n / 4); i++) informalNames.push(`Outsider ${i}`);
  if (next() < 0.3) informalNames.push(informalNames[0]!.toUpperCase()); // a second node, one person
  const m = int(4 * informalNames.length);
  const informalTies: Array<[number, number]> = [];
  for (let k = 0; k < m; k++) informalTies.push([int(informalNames.length), int(informalNames.length)]);
  return {
    formal: network(formalNames, formalTies, next() < 0.5),
    informal: network(informalNames, informalTies, next() < 0.5),
  };
}

describe('informalDistance equals the search per person', () => {
  for (const shape of SHAPES) {
    const cases = shape === 'chain' ? 40 : 150;
    it(`on ${cases} random organizations: ${shape}`, { timeout: 60_000 }, () => {
      for (let seed = 1; seed <= cases; seed++) {
        const { formal, informal } = organization(seed * 7919 + SHAPES.indexOf(shape), shape);
        expect(informalDistance(formal, informal), `seed ${seed}`).toEqual(informalDistanceBySearch(formal, informal));
      }
    });
  }
});

describe('pairDistances', () => {
  /** Breadth-first search from the first person of each pair. */
  function searched(data: TNetworkData, pairs: Int32Array): Int32Array {
    const g = simpleGraph(data);
    return Int32Array.from({ length: pairs.length / 2 }, (_, i) => {
      const dist = new Int32Array(g.names.length).fill(-1);
      const queue = [pairs[2 * i]!];
      dist[queue[0]!] = 0;
      for (let h = 0; h < queue.length; h++) {
        for (const v of g.neighbours[queue[h]!]!) {
          if (dist[v]! < 0) {
            dist[v] = dist[queue[h]!]! + 1;
            queue.push(v);
          }
        }
      }
      return dist[pairs[2 * i + 1]!]!;
    });
  }

  it('a cycle: the way round the back is shorter than the tree path', () => {
    // 0-1-2-3-4-5-0: the search tree from 0 leaves out one tie; 2 to 4 is 2 steps either way, 3 to 5 is 2.
    const ring = network(
      ['0', '1', '2', '3', '4', '5'],
      [0, 1, 2, 3, 4, 5].map((i): [number, number] => [i, (i + 1) % 6]),
      false,
    );
    const pairs = Int32Array.from([2, 4, 3, 5, 1, 5, 0, 3, 3, 3]);
    expect([...pairDistances(simpleGraph(ring), pairs)]).toEqual([2, 2, 2, 3, 0]);
  });

  it('pairs across components or with people in no tie are unreachable', () => {
    const two = network(
      ['a', 'b', 'c', 'd', 'e'],
      [
        [0, 1],
        [2, 3],
      ],
      true,
    );
    expect([...pairDistances(simpleGraph(two), Int32Array.from([0, 2, 1, 0, 4, 3, 3, 2]))]).toEqual([-1, 1, -1, 1]);
  });

  it('hubs many or few, pairs many or few: every way equals the search', { timeout: 60_000 }, () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = random(seed);
      const int = (n: number) => Math.floor(next() * n);
      const n = 2 + int(60);
      const ties: Array<[number, number]> = [];
      for (let i = 1; i < n; i++) if (next() < 0.9) ties.push([i, int(i)]);
      for (let k = int(seed % 2 ? 3 : 2 * n); k > 0; k--) ties.push([int(n), int(n)]);
      const pairs = Int32Array.from({ length: 2 * (1 + int(seed % 3 ? 3 * n : 3)) }, () => int(n));
      const data = network(
        Array.from({ length: n }, (_, i) => `p${i}`),
        ties,
        false,
      );
      expect([...pairDistances(simpleGraph(data), pairs)], `seed ${seed}`).toEqual([...searched(data, pairs)]);
    }
  });
});
