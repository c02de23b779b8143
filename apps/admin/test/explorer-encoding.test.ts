import type { TMetricsResult, TNetworkData } from '@tieline/graph';
import { describe, expect, it } from 'vitest';
import { defaultState, type TExplorerState } from '../src/features/explorer/explorer-state';
import { CATEGORY_COLORS, categoryColor, encode, OTHER_COLOR } from '../src/features/explorer/style/encoding';

// Teams T01..T20: team k has 21 - k members (T01 the largest), and one person has no team.
const teams = Array.from({ length: 20 }, (_, k) => `T${String(k + 1).padStart(2, '0')}`);
const people = [
  ...teams.flatMap((team, k) =>
    Array.from({ length: 21 - k }, (_, i) => ({ name: `${team}-${i}`, attributes: { Team: team } })),
  ),
  { name: 'Nobody', attributes: { Team: null } },
];
const data: TNetworkData = {
  directed: false,
  layers: ['Advice', 'Friendship'],
  nodeAttributes: [{ key: 'Team', type: 'category' }],
  edgeAttributes: [],
  nodes: people,
  edges: [],
};
const state = (change: Partial<TExplorerState['encoding']>, metricsLayer: number | null = null): TExplorerState => {
  const s = defaultState(2);
  return { ...s, metricsLayer, encoding: { ...s.encoding, ...change } };
};

describe('categories past the palette', () => {
  const e = encode(state({ color: 'a:Team' }), data, null);
  const legend = e.legend.color?.kind === 'category' ? e.legend.color.items : [];

  it('lists every category in the legend, largest first, then the blanks', () => {
    expect(legend.map((i) => i.label)).toEqual([...teams, 'Blank']);
    expect(legend.map((i) => i.count)).toEqual([...teams.map((_, k) => 21 - k), 1]);
    expect(legend.some((i) => i.label === 'Other')).toBe(false);
  });

  it('gives the 16 largest the colour-blind-safe palette and every other its own colour', () => {
    expect(legend.slice(0, 16).map((i) => i.color)).toEqual(CATEGORY_COLORS);
    const colours = legend.slice(0, 20).map((i) => i.color);
    expect(new Set(colours).size).toBe(20);
    expect(colours).not.toContain(OTHER_COLOR);
    for (const c of colours) expect(c).toMatch(/^#[0-9a-f]{6}$/i);
    expect(legend.at(-1)?.color).toBe(OTHER_COLOR);
  });

  it('colours each person as their category in the legend', () => {
    const byLabel = new Map(legend.map((i) => [i.label, i.color]));
    people.forEach((p, i) => {
      expect(e.color[i]).toBe(p.attributes.Team ? byLabel.get(String(p.attributes.Team)) : OTHER_COLOR);
    });
  });

  it('ranks by size before name, so a larger category takes an earlier colour', () => {
    expect(categoryColor(0)).toBe(CATEGORY_COLORS[0]);
    expect(categoryColor(-1)).toBe(OTHER_COLOR);
    expect(categoryColor(16)).not.toBe(categoryColor(17));
  });
});

describe('metrics of one layer', () => {
  const metrics = {
    network: { communities: 1 },
    nodes: people.map((_, i) => ({ degree: i % 3, community: 0 })),
  } as unknown as TMetricsResult;

  it('names the layer in the legend of what comes from metrics', () => {
    const e = encode(state({ size: 'm:degree', color: 'community' }, 1), data, metrics);
    expect(e.legend.size?.title).toBe('Degree (Friendship)');
    expect(e.legend.color?.title).toBe('Community (Friendship)');
  });

  it('leaves attributes and all-layer metrics as they were', () => {
    expect(encode(state({ color: 'a:Team' }, 1), data, null).legend.color?.title).toBe('Team');
    expect(encode(state({ size: 'm:degree' }), data, metrics).legend.size?.title).toBe('Degree');
  });
});
