import type { TSceneItem } from '@tieline/sigma-engine';

// Geometry the PNG and SVG exports share: arrowheads on directed ties and labels placed without
// overlap, so both files show the same picture.

export type TSceneEdge = { from: TSceneItem; to: TSceneItem; color: string; size: number };

/** Labels are drawn for nodes at least this big (sigma's rule of thumb), biggest first. */
export const LABEL_SIZE = 6;
const FONT_SIZE = 12;
/** A generous average glyph width of the 12px sans-serif font, so estimated boxes cover the text. */
const CHAR_WIDTH = 7;
const LABEL_GAP = 3;

/**
 * A directed tie drawn from `from` to the arrow's base, and the arrowhead (tip on the target's rim).
 * Null for a self-loop or ends drawn on top of each other.
 */
export function arrowOf(e: TSceneEdge): { end: { x: number; y: number }; points: [number, number][] } | null {
  const dx = e.to.x - e.from.x;
  const dy = e.to.y - e.from.y;
  const length = Math.hypot(dx, dy);
  if (length <= e.to.size + 1) return null;
  const ux = dx / length;
  const uy = dy / length;
  const head = Math.min(Math.max(6, 3 * e.size), length - e.to.size);
  const half = head * 0.35;
  const tip = { x: e.to.x - ux * e.to.size, y: e.to.y - uy * e.to.size };
  const base = { x: tip.x - ux * head, y: tip.y - uy * head };
  return {
    end: base,
    points: [
      [tip.x, tip.y],
      [base.x - uy * half, base.y + ux * half],
      [base.x + uy * half, base.y - ux * half],
    ],
  };
}

export interface TPlacedLabel {
  x: number;
  y: number;
  text: string;
}

/**
 * The labels to draw: nodes of at least LABEL_SIZE, biggest first; a label whose box would overlap one
 * already placed is left out (a grid of cells keeps the check near-linear on big networks).
 */
export function placeLabels(nodes: TSceneItem[]): TPlacedLabel[] {
  const CELL = 64;
  const grid = new Map<string, { x0: number; y0: number; x1: number; y1: number }[]>();
  const cells = (b: { x0: number; y0: number; x1: number; y1: number }) => {
    const out: string[] = [];
    for (let cx = Math.floor(b.x0 / CELL); cx <= Math.floor(b.x1 / CELL); cx++)
      for (let cy = Math.floor(b.y0 / CELL); cy <= Math.floor(b.y1 / CELL); cy++) out.push(`${cx} ${cy}`);
    return out;
  };
  const placed: TPlacedLabel[] = [];
  const candidates = nodes.filter((n) => n.size >= LABEL_SIZE && n.label).sort((a, b) => b.size - a.size);
  for (const n of candidates) {
    const x = n.x + n.size + LABEL_GAP;
    const y = n.y + FONT_SIZE / 3;
    const box = { x0: x, y0: y - FONT_SIZE, x1: x + n.label.length * CHAR_WIDTH, y1: y + FONT_SIZE / 3 };
    const keys = cells(box);
    const overlaps = keys.some((k) =>
      (grid.get(k) ?? []).some((o) => box.x0 < o.x1 && o.x0 < box.x1 && box.y0 < o.y1 && o.y0 < box.y1),
    );
    if (overlaps) continue;
    for (const k of keys) grid.set(k, [...(grid.get(k) ?? []), box]);
    placed.push({ x, y, text: n.label });
  }
  return placed;
}
