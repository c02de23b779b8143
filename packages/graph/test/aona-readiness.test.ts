// adaptableReadiness on small networks worked out by hand.
import { describe, expect, it } from 'vitest';
import { adaptableReadiness, burtConstraint, readinessLayers, simpleGraph, UnknownLayersError } from '../src';
import { net } from './aona-helpers';

// Org (undirected, layer "reports"): A-B, A-C, A-D. Pulse (directed, layer "Energy"): b->c, E->c,
// b->c again (parallel), c->c (self). Union: A, B, C, D, E (n = 5, first spellings), G's ties:
// A-B, A-C, A-D, B-C, C-E (5). Degrees A 3, B 2, C 3, D 1, E 1.
// connector = degree/4: A .75, B .5, C .75, D .25, E .25.
// Burt (p_ij = 1/deg i): A: B (1/3 + p_AC·p_CB = 1/9)² = 16/81, C (1/3 + p_AB·p_BC = 1/6)² = 1/4,
//   D (1/3)² = 1/9: 181/324 = 0.558641975309, broker 143/324 = 0.441358024691. C likewise.
//   B: A (1/2 + 1/2·1/3)² = 4/9, C the same: 8/9, broker 1/9. D, E: (1)² = 1, broker 0.
// energizer: C has energy ties from B and E: 2/4 = .5; the others 0.
// Flags, top ceil(5/10) = 1: broker A (ties C, A first by name), connector A (ties C), energizer C.
// Percentile ranks (strictly smaller / 5): connector A .6 B .4 C .6 D 0 E 0; broker the same;
// energizer C .8, others 0. Readiness: A (.6+.6+0)/3 = .4, B .8/3, C 2/3, D 0, E 0.
const org = net(
  ['A', 'B', 'C', 'D'],
  [
    ['A', 'B'],
    ['A', 'C'],
    ['A', 'D'],
  ],
  { layers: ['reports'], attributes: [{ Team: 'x' }, {}, {}, {}] },
);
const pulse = net(
  ['b', 'c', 'E'],
  [
    ['b', 'c'],
    ['E', 'c'],
    ['b', 'c'],
    ['c', 'c'],
  ],
  { directed: true, layers: ['Energy'], attributes: [{ Team: 'y' }, { Team: 'z' }, {}] },
);

describe('adaptableReadiness', () => {
  const got = adaptableReadiness([
    { name: 'Org', data: org },
    { name: 'Pulse', data: pulse },
  ]);
  it('makes the union by folded name with every layer named after its network', () => {
    expect(got.network.nodes.map((n) => n.name)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(got.network.layers).toEqual(['Org: reports', 'Pulse: Energy']);
    expect(got.network.directed).toBe(true);
    expect(got.network.nodes.map((n) => n.attributes.Team)).toEqual(['x', 'y', 'z', null, null]);
    expect(got).toMatchObject({ people: 5, ties: 5, brokers: 1, connectors: 1, energizers: 1 });
  });
  it('scores every person, sorted by readiness then name', () => {
    expect(got.scores).toEqual([
      {
        name: 'C',
        connector: 0.75,
        broker: 0.441358024691,
        energizer: 0.5,
        readiness: 0.666666666667,
        role: 'Energizer',
      },
      { name: 'A', connector: 0.75, broker: 0.441358024691, energizer: 0, readiness: 0.4, role: 'Broker, Connector' },
      { name: 'B', connector: 0.5, broker: 0.111111111111, energizer: 0, readiness: 0.266666666667, role: 'None' },
      { name: 'D', connector: 0.25, broker: 0, energizer: 0, readiness: 0, role: 'None' },
      { name: 'E', connector: 0.25, broker: 0, energizer: 0, readiness: 0, role: 'None' },
    ]);
  });
  it('writes Connector, Broker, Energizer, Readiness (numbers) and Role (category)', () => {
    expect(got.network.nodeAttributes).toEqual([
      { key: 'Team', type: 'text' },
      { key: 'Connector', type: 'number' },
      { key: 'Broker', type: 'number' },
      { key: 'Energizer', type: 'number' },
      { key: 'Readiness', type: 'number' },
      { key: 'Role', type: 'category' },
    ]);
    expect(got.network.nodes[2]!.attributes).toEqual({
      Team: 'z',
      Connector: 0.75,
      Broker: 0.441358024691,
      Energizer: 0.5,
      Readiness: 0.666666666667,
      Role: 'Energizer',
    });
  });
  it('counts an energy tie of an undirected network both ways', () => {
    // b-c and E-c undirected: c gets {b, E} (2/4), b gets {c} (1/4), E gets {c} (1/4).
    const both = adaptableReadiness([
      { name: 'Org', data: org },
      { name: 'Pulse', data: { ...pulse, directed: false } },
    ]);
    expect(both.network.directed).toBe(false);
    expect(Object.fromEntries(both.scores.map((s) => [s.name, s.energizer]))).toEqual({
      A: 0,
      B: 0.25,
      C: 0.5,
      D: 0,
      E: 0.25,
    });
  });
  it('reads a network without layers as one layer named after it ("Energy day" is an energy layer)', () => {
    const day = net(['D', 'A'], [['D', 'A']], { directed: true, layers: [] });
    const got2 = adaptableReadiness([
      { name: 'Org', data: org },
      { name: 'Energy day', data: day },
    ]);
    expect(got2.network.layers).toEqual(['Org: reports', 'Energy day']);
    expect(got2.scores.find((s) => s.name === 'A')!.energizer).toBe(0.333333333333);
  });
  it('without energy layers: energizer null, no Energizer attribute, readiness over two scores', () => {
    const plain = adaptableReadiness([{ name: 'Org', data: org }]);
    expect(plain.energizers).toBeNull();
    expect(plain.network.nodeAttributes.map((d) => d.key)).toEqual([
      'Team',
      'Connector',
      'Broker',
      'Readiness',
      'Role',
    ]);
    // Star A-B, A-C, A-D, n = 4: connector A 1, others 1/3; broker A 1 − 3·(1/3)² = 2/3, leaves 0.
    // Ranks: A 3/4 on both -> .75; leaves 0 -> 0. Top ceil(0.4) = 1: A is Broker and Connector.
    expect(plain.scores[0]).toEqual({
      name: 'A',
      connector: 1,
      broker: 0.666666666667,
      energizer: null,
      readiness: 0.75,
      role: 'Broker, Connector',
    });
    expect(plain.scores[1]).toEqual({
      name: 'B',
      connector: 0.333333333333,
      broker: 0,
      energizer: null,
      readiness: 0,
      role: 'None',
    });
    expect(plain.network.nodes[0]!.attributes.Energizer).toBeUndefined();
  });
  it('one person: connector null (n − 1 = 0), broker 0, readiness over the broker alone', () => {
    const one = adaptableReadiness([{ name: 'Solo', data: net(['Ana'], [['Ana', 'Ana']]) }]);
    expect(one).toMatchObject({ people: 1, ties: 0, connectors: 0, brokers: 1, energizers: null });
    expect(one.scores).toEqual([
      { name: 'Ana', connector: null, broker: 0, energizer: null, readiness: 0, role: 'Broker' },
    ]);
  });
  it('no people at all', () => {
    const none = adaptableReadiness([{ name: 'Empty energy', data: net([], [], { layers: [] }) }]);
    expect(none).toMatchObject({ people: 0, ties: 0, brokers: 0, connectors: 0, energizers: 0, scores: [] });
  });
  it('breaks ties in the top 10% by folded name, then by the name itself', () => {
    // 'Ána' and 'ana ' fold alike: one person (first spelling 'Ána'), their tie a self-tie, so a ring of
    // 9 with equal scores. ceil(9/10) = 1 flag per score, all to 'Ána' (folded "ana" sorts first).
    const names = ['Zed', 'bo', 'Ána', 'ana ', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'];
    const ring = net(
      names,
      names.map((n, i): [string, string] => [n, names[(i + 1) % names.length]!]),
    );
    const got3 = adaptableReadiness([{ name: 'Ring', data: ring }]);
    expect(got3.people).toBe(9);
    const flagged = got3.scores.filter((s) => s.role !== 'None');
    expect(flagged.map((s) => s.name)).toEqual(['Ána']);
  });
  it('puts the flags in the order Broker, Connector, Energizer', () => {
    const star = net(
      ['Hub', 'x', 'y'],
      [
        ['x', 'Hub'],
        ['y', 'Hub'],
      ],
      { directed: true, layers: ['energy'] },
    );
    expect(adaptableReadiness([{ name: 'S', data: star }]).scores[0]).toMatchObject({
      name: 'Hub',
      role: 'Broker, Connector, Energizer',
    });
  });
});

describe('energy layers', () => {
  const orgAndPulse = [
    { name: 'Org', data: org },
    { name: 'Pulse', data: pulse },
  ];
  const base = adaptableReadiness(orgAndPulse);
  const energizers = (r: ReturnType<typeof adaptableReadiness>) =>
    Object.fromEntries(r.scores.map((s) => [s.name, s.energizer]));
  it('by the name rule: a layer whose own name contains "energ", not one of a network named so', () => {
    // "Org and energy: reports" is no energy layer (its layer is "reports"): the answer is the one above.
    const named = adaptableReadiness([
      { name: 'Org and energy', data: org },
      { name: 'Pulse', data: pulse },
    ]);
    expect(named.energyLayers).toEqual(['Pulse: Energy']);
    expect(named.scores).toEqual(base.scores);
    expect(base.energyLayers).toEqual(['Pulse: Energy']);
  });
  it('by an explicit list: exactly those layers, matched ignoring case and surrounding spaces', () => {
    // Only "Org: reports" (undirected, both ways): A gets B, C, D (3/4); B, C, D get A (1/4); E 0.
    // Energizer ranks: A 4/5, B C D 1/5, E 0. Readiness: A (.6 + .6 + .8)/3 = 2/3, B (.4 + .4 + .2)/3 = 1/3,
    // C (.6 + .6 + .2)/3 = 1.4/3, D .2/3, E 0. A has every flag.
    const ticked = adaptableReadiness(orgAndPulse, { energyLayers: [' org: REPORTS '] });
    expect(ticked.energyLayers).toEqual(['Org: reports']);
    expect(energizers(ticked)).toEqual({ A: 0.75, B: 0.25, C: 0.25, D: 0.25, E: 0 });
    expect(ticked.scores.map((s) => [s.name, s.readiness, s.role])).toEqual([
      ['A', 0.666666666667, 'Broker, Connector, Energizer'],
      ['C', 0.466666666667, 'None'],
      ['B', 0.333333333333, 'None'],
      ['D', 0.066666666667, 'None'],
      ['E', 0, 'None'],
    ]);
  });
  it('an empty list: no energy layer, even one named Energy', () => {
    const none = adaptableReadiness(orgAndPulse, { energyLayers: [] });
    expect(none).toMatchObject({ energizers: null, energyLayers: [] });
    expect(Object.values(energizers(none)).every((e) => e === null)).toBe(true);
    expect(none.network.nodeAttributes.some((d) => d.key === 'Energizer')).toBe(false);
  });
  it('a single unnamed layer (none, or one blank) is named after its network, for the rule and the list', () => {
    const tie: Array<[string, string]> = [['D', 'A']];
    for (const layers of [[], ['  ']]) {
      const day = net(['D', 'A'], tie, { directed: true, layers });
      const r = adaptableReadiness([
        { name: 'Org', data: org },
        { name: 'Energy day', data: day },
      ]);
      expect(r.network.layers).toEqual(['Org: reports', 'Energy day']);
      expect(r.energyLayers).toEqual(['Energy day']);
      expect(energizers(r).A).toBe(0.333333333333);
      const advice = adaptableReadiness([{ name: 'Advice day', data: day }]);
      expect(advice.energizers).toBeNull();
      const ticked = adaptableReadiness([{ name: 'Advice day', data: day }], { energyLayers: ['Advice day'] });
      expect(energizers(ticked)).toEqual({ A: 1, D: 0 });
    }
  });
  it('the one "Edges" layer of a file without edge types goes by its network name too', () => {
    const day = net(['D', 'A'], [['D', 'A']], { directed: true, layers: ['Edges'] });
    const r = adaptableReadiness([{ name: 'Energy survey', data: day }]);
    expect(r.energyLayers).toEqual(['Energy survey: Edges']);
    expect(energizers(r)).toEqual({ A: 1, D: 0 });
    // Beside other layers, "Edges" is a name of its own.
    const two = net(['D', 'A'], [['D', 'A']], { directed: true, layers: ['Edges', 'Advice'] });
    expect(adaptableReadiness([{ name: 'Energy survey', data: two }]).energizers).toBeNull();
  });
  it('refuses a name the union does not have, naming each once', () => {
    const run = () =>
      adaptableReadiness([{ name: 'Pulse', data: pulse }], {
        energyLayers: ['Pulse: Energy', 'Nope', 'Energy', 'Nope'],
      });
    expect(run).toThrow(UnknownLayersError);
    expect(run).toThrow(expect.objectContaining({ names: ['Nope', 'Energy'] }));
  });
  it('readinessLayers: the union layer names with the rule, repeats numbered as the union numbers them', () => {
    expect(
      readinessLayers([
        { name: 'Acme advice and energy', layers: ['Advice', 'Energy'] },
        { name: 'Energizers', layers: [] },
        { name: 'Acme advice and energy', layers: ['ENERGY'] },
      ]),
    ).toEqual([
      { name: 'Acme advice and energy: Advice', energy: false },
      { name: 'Acme advice and energy: Energy', energy: true },
      { name: 'Energizers', energy: true },
      { name: 'Acme advice and energy: ENERGY (2)', energy: true },
    ]);
  });
});

describe('burtConstraint', () => {
  it('is the networkx unweighted constraint; NaN without ties', () => {
    // Path x - y - z: x (1 + 0)² = 1; y: (1/2)² + (1/2)² = 0.5; w isolated.
    const g = simpleGraph(
      net(
        ['x', 'y', 'z', 'w'],
        [
          ['x', 'y'],
          ['y', 'z'],
        ],
      ),
    );
    expect(burtConstraint(g)).toEqual([1, 0.5, 1, Number.NaN]);
  });
});
