import { describe, expect, it } from 'vitest';
import { sceneToSvg } from '../src/features/explorer/export/export-view';

// The explorer's picture exports (SVG here; PNG is drawn from the same placement): arrowheads on the
// ties of a directed network, and labels that never overlap (bigger nodes keep theirs).

const node = (x: number, y: number, size: number, label: string) => ({ x, y, size, color: '#336699', label });

function scene(directed: boolean) {
  const a = node(100, 100, 10, 'Ann');
  const b = node(300, 100, 8, 'Bo');
  const c = node(100, 300, 8, 'Cy');
  return {
    width: 400,
    height: 400,
    directed,
    nodes: [a, b, c],
    edges: [
      { from: a, to: b, color: '#999999', size: 1 },
      { from: c, to: a, color: '#999999', size: 2 },
      { from: b, to: b, color: '#999999', size: 1 },
    ],
  };
}

const arrows = (svg: string) => svg.match(/<polygon [^>]*class="arrow"/g) ?? [];
const labels = (svg: string) => [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe('picture exports', () => {
  it('draw an arrowhead at the target of each tie of a directed network (not on self-loops)', () => {
    const svg = sceneToSvg(scene(true), 'Net');
    expect(arrows(svg)).toHaveLength(2);
    // The first tie ends at Bo's rim (x = 300 - 8), pointing right.
    expect(svg).toMatch(/<polygon points="292,100 /);
  });

  it('draw no arrowheads on an undirected network', () => {
    expect(arrows(sceneToSvg(scene(false), 'Net'))).toHaveLength(0);
  });

  it('leave out labels that would overlap a bigger node’s label', () => {
    const big = node(100, 100, 12, 'Alexandra Bigname');
    const near = node(110, 104, 8, 'Neighbour');
    const far = node(100, 200, 8, 'Far away');
    const svg = sceneToSvg({ width: 400, height: 400, directed: false, nodes: [near, big, far], edges: [] }, 'N');
    expect(labels(svg)).toEqual(['Alexandra Bigname', 'Far away']);
  });
});
