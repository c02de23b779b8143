import { describe, expect, it } from 'vitest';
import { combineNetworks } from '../src/combine';
import type { TNetworkData } from '../src/model';

const a: TNetworkData = {
  directed: true,
  layers: ['Advice'],
  nodeAttributes: [
    { key: 'Team', type: 'category' },
    { key: 'Age', type: 'number' },
  ],
  edgeAttributes: [],
  nodes: [
    { name: 'Ana', attributes: { Team: 'Red', Age: 30 } },
    { name: 'Ben', attributes: { Team: null, Age: 41 } },
  ],
  edges: [{ source: 0, target: 1, layer: 0, weight: 1, attributes: {} }],
};
const b: TNetworkData = {
  directed: false,
  layers: ['Friends', 'Work'],
  nodeAttributes: [
    { key: 'Team', type: 'category' },
    { key: 'Age', type: 'text' },
  ],
  edgeAttributes: [{ key: 'Since', type: 'date' }],
  nodes: [
    { name: ' ben ', attributes: { Team: 'Blue', Age: 'forty' } },
    { name: 'Cy', attributes: { Team: 'Blue', Age: 'n/a' } },
  ],
  edges: [
    { source: 0, target: 1, layer: 0, weight: 2, attributes: { Since: '2024-01-02' } },
    { source: 1, target: 0, layer: 1, weight: 1, attributes: { Since: null } },
  ],
};

describe('combineNetworks', () => {
  const c = combineNetworks(
    [
      { name: 'Advice net', data: a },
      { name: 'Social', data: b },
    ],
    true,
  );
  it('matches people by name and keeps the first spelling', () => {
    expect(c.nodes.map((n) => n.name)).toEqual(['Ana', 'Ben', 'Cy']);
  });
  it('takes each value from the first network with a non-blank one; a type conflict becomes text', () => {
    expect(c.nodeAttributes).toEqual([
      { key: 'Team', type: 'category' },
      { key: 'Age', type: 'text' },
    ]);
    expect(c.nodes[1]!.attributes).toEqual({ Team: 'Blue', Age: '41' });
    expect(c.nodes[0]!.attributes).toEqual({ Team: 'Red', Age: '30' });
    expect(c.nodes[2]!.attributes).toEqual({ Team: 'Blue', Age: 'n/a' });
  });
  it('keeps every source layer as a layer named after its network, edges re-pointed', () => {
    expect(c.layers).toEqual(['Advice net', 'Social: Friends', 'Social: Work']);
    expect(c.edges).toEqual([
      { source: 0, target: 1, layer: 0, weight: 1, attributes: {} },
      { source: 1, target: 2, layer: 1, weight: 2, attributes: { Since: '2024-01-02' } },
      { source: 2, target: 1, layer: 2, weight: 1, attributes: { Since: null } },
    ]);
    expect(c.directed).toBe(true);
  });
  it('gives two layers of one name distinct names', () => {
    const twice = combineNetworks(
      [
        { name: 'X', data: a },
        { name: 'x', data: a },
      ],
      false,
    );
    expect(twice.layers).toEqual(['X', 'x (2)']);
    expect(twice.nodes).toHaveLength(2);
  });
});
