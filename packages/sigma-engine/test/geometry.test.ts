import { describe, expect, it } from 'vitest';
import { fitInside, freeArea, insidePolygon, relativeStep } from '../src/geometry';

describe('the lasso', () => {
  it('finds points inside a lasso', () => {
    const square = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 0, y: 10 },
    ];
    expect(insidePolygon({ x: 5, y: 5 }, square)).toBe(true);
    expect(insidePolygon({ x: 15, y: 5 }, square)).toBe(false);
  });
});

describe('layout settle rule', () => {
  const before = { x: [0, 100, 0, 100], y: [0, 0, 50, 50] };
  it('measures the mean move per iteration as a share of the larger side', () => {
    // Every node moved 2 units over 4 iterations: 0.5 per iteration, on a drawing 100 wide.
    const after = { x: [2, 102, 2, 102], y: [0, 0, 50, 50] };
    expect(relativeStep(before, after, 4)).toBeCloseTo(0.005);
    expect(relativeStep(before, after, 1)).toBeCloseTo(0.02);
  });
  it('is zero when nothing moved or no iteration ran', () => {
    expect(relativeStep(before, before, 10)).toBe(0);
    expect(relativeStep(before, { x: [5, 5, 5, 5], y: [0, 0, 0, 0] }, 0)).toBe(0);
  });
});

describe('fitting the drawing beside the legend', () => {
  it('takes the side of the legend that leaves the drawing larger, below the tools', () => {
    // A wide canvas: beside a tall legend.
    expect(freeArea(1000, 600, 50, { x: 8, y: 300, width: 200, height: 292 })).toEqual({
      x: 208,
      y: 50,
      width: 792,
      height: 550,
    });
    // A narrow canvas: above a short, wide legend.
    expect(freeArea(400, 700, 50, { x: 8, y: 600, width: 256, height: 92 })).toEqual({
      x: 0,
      y: 50,
      width: 400,
      height: 550,
    });
    expect(freeArea(400, 700, 0, null)).toEqual({ x: 0, y: 0, width: 400, height: 700 });
  });

  it('zooms out to the free area and centres the drawing in it', () => {
    // A stand-in for sigma at angle 0: framed = 0.5 + (pixel - centre) / 1000 * ratio, around the camera.
    const toFramed = (p: { x: number; y: number }, c: { x: number; y: number; ratio: number }) => ({
      x: c.x + ((p.x - 500) / 1000) * c.ratio,
      y: c.y + ((p.y - 300) / 1000) * c.ratio,
    });
    const free = { x: 200, y: 0, width: 800, height: 600 };
    const camera = fitInside(1000, 600, free, toFramed);
    expect(camera.ratio).toBeCloseTo(1.25);
    // The drawing's centre (0.5, 0.5) is at the free area's centre (600, 300).
    const centre = toFramed({ x: 600, y: 300 }, camera);
    expect(centre.x).toBeCloseTo(0.5);
    expect(centre.y).toBeCloseTo(0.5);
    expect(fitInside(1000, 600, { x: 0, y: 0, width: 100, height: 100 }, toFramed)).toEqual({
      x: 0.5,
      y: 0.5,
      ratio: 1,
      angle: 0,
    });
  });
});
