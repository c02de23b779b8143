import { describe, expect, it } from 'vitest';
import { BORN_COLOR, edgeStyleOf, labelSettings, tieStyler } from '../src/draw-style';

// The style's pure parts: when apply may leave the ties alone (edgeStyleOf), and how each tie looks.

const plain = { layers: [0, 1], edgeColorByLayer: true, edgeWidthByWeight: false, born: null };
const layerColor = (layer: number) => (layer === 0 ? '#0072B2' : '#D55E00');

describe('edgeStyleOf', () => {
  it('is the same for the same layers in any order, and differs with anything that changes a tie', () => {
    expect(edgeStyleOf({ ...plain, layers: [1, 0, 1] })).toEqual(edgeStyleOf(plain));
    expect(edgeStyleOf({ ...plain, layers: [0] }).key).not.toBe(edgeStyleOf(plain).key);
    expect(edgeStyleOf({ ...plain, edgeColorByLayer: false }).key).not.toBe(edgeStyleOf(plain).key);
    expect(edgeStyleOf({ ...plain, edgeWidthByWeight: true }).key).not.toBe(edgeStyleOf(plain).key);
    const born = new Uint8Array(2);
    // Born ties go by reference: a new changes view restyles even with equal contents.
    expect(edgeStyleOf({ ...plain, born }).born).toBe(born);
  });
});

describe('tieStyler', () => {
  const edges = [
    { source: 0, target: 1, layer: 0, weight: 1, attributes: {} },
    { source: 1, target: 2, layer: 1, weight: 4, attributes: {} },
  ];
  it('hides ties of layers not shown, colours by layer or grey, widens by weight', () => {
    const tie = tieStyler({ ...plain, layers: [1], edgeWidthByWeight: true }, edges, layerColor);
    expect(edges.map((e, i) => tie(e, i))).toEqual([
      { hidden: true, color: '#0072B2', size: 0.5 + 3.5 * (1 / 4) },
      { hidden: false, color: '#D55E00', size: 4 },
    ]);
    const grey = tieStyler({ ...plain, edgeColorByLayer: false }, edges, layerColor);
    expect(grey(edges[0]!, 0)).toEqual({ hidden: false, color: '#9ca3af', size: 1 });
  });
  it('draws born ties in their colour and the rest muted', () => {
    const tie = tieStyler({ ...plain, born: Uint8Array.of(0, 1) }, edges, layerColor);
    expect(tie(edges[1]!, 1).color).toBe(BORN_COLOR);
    expect(tie(edges[0]!, 0).color).not.toBe(BORN_COLOR);
  });
});

it('labelSettings: none, auto and all', () => {
  expect(labelSettings('none').renderLabels).toBe(false);
  expect(labelSettings('auto')).toEqual({ renderLabels: true, labelRenderedSizeThreshold: 5, labelDensity: 0.07 });
  expect(labelSettings('all')).toEqual({ renderLabels: true, labelRenderedSizeThreshold: 0, labelDensity: 10 });
});
