import type { TDrawing, TRect } from '@tieline/sigma-engine';

// What the explorer's canvas is set up with: the drawing's options (local storage can force them) and
// the boxes of what lies over the canvas.

/**
 * How the drawing is made: sliced in software WebGL only (`auto`), unless `tieline.explorer.drawing`
 * in local storage says `sliced` or `whole` (the explorer benchmark measures both); past 100,000 ties,
 * or `tieline.explorer.firstTies` (journeys lower it), the first drawing has a sample of the ties.
 */
export function drawingOptions(): { drawing: TDrawing; firstTies?: number } {
  const v = window.localStorage.getItem('tieline.explorer.drawing');
  const first = Number(window.localStorage.getItem('tieline.explorer.firstTies'));
  return { drawing: v === 'sliced' || v === 'whole' ? v : 'auto', ...(first > 0 ? { firstTies: first } : {}) };
}

/** An element's box relative to another box (the canvas), or null when it is not on the page. */
export function relativeRect(el: Element | null, to: DOMRect): TRect | null {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return { x: r.left - to.left, y: r.top - to.top, width: r.width, height: r.height };
}
