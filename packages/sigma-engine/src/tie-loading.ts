import type Sigma from 'sigma';
import { withoutEdgeEvents } from './sigma-internals';

// A large network's ties reach the drawing in two steps. The first drawing has every person and an even
// sample of the ties (every k-th), so the network is on screen in seconds; the rest are added to the
// graph in slices of the page's time, while that drawing is made and after, with sigma not told of each
// (it would reprocess every tie once per slice), and sigma processes them all at once when the last slice
// is in and the first drawing is on screen. At 50,000 people and
// 500,000 ties, building the graph and sigma's processing of it took ~5.5 s of the page's thread and
// software WebGL ~8 s to draw it: the first drawing waited for all of it.

/** Past this many ties, the first drawing has about this many of them. */
export const FIRST_TIES = 100_000;
/**
 * How long one slice adds ties before it gives the page back (ms): short while the first drawing is
 * being made (its slices wait on the page's thread between them), longer once it is on screen.
 */
const SLICE_MS = { drawing: 6, shown: 24 };

/** Every `stride`-th tie is in the first drawing: 1 (all of them) up to `first` ties. */
export function firstTieStride(ties: number, first = FIRST_TIES): number {
  return ties > first ? Math.ceil(ties / first) : 1;
}

/** Whether tie `i` is in the first drawing. */
export const inFirstDrawing = (i: number, stride: number) => i % stride === 0;

export interface TTieLoadingHost {
  /** Puts tie `i` in the graph. */
  add(i: number): void;
  /** `added` ties of `total` are in the graph (called after each slice and once at the end). */
  onProgress(added: number, total: number): void;
  /** Every tie is in the graph and sigma has them all (its next drawing shows them). */
  onDone(): void;
  /** Calls `then` once the first drawing is on screen (sigma's processing of every tie would start it over). */
  afterFirstDrawing(then: () => void): void;
}

/** Adds the ties the first drawing left out, a slice at a time. */
export class TieLoading {
  private next = 0;
  private added: number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private restore: (() => void) | null = null;
  /** Whether the first drawing is on screen. */
  private shown = false;
  done = false;

  constructor(
    private readonly renderer: Sigma,
    private readonly total: number,
    private readonly stride: number,
    private readonly host: TTieLoadingHost,
  ) {
    this.added = Math.ceil(total / stride);
  }

  /** Starts adding (while software WebGL draws the first drawing, the page's thread is mostly free). */
  start() {
    if (this.done || this.restore) return;
    this.host.afterFirstDrawing(() => {
      this.shown = true;
    });
    this.restore = withoutEdgeEvents(this.renderer);
    this.host.onProgress(this.added, this.total);
    this.timer = setTimeout(this.slice, 0);
  }

  private readonly slice = () => {
    this.timer = null;
    const until = performance.now() + (this.shown ? SLICE_MS.shown : SLICE_MS.drawing);
    while (this.next < this.total && performance.now() < until) this.addSome(2_000);
    if (this.next < this.total) {
      this.host.onProgress(this.added, this.total);
      this.timer = setTimeout(this.slice, 0);
    } else this.host.afterFirstDrawing(() => this.finish(true));
  };

  private addSome(count: number) {
    const end = Math.min(this.total, this.next + count);
    for (let i = this.next; i < end; i++) {
      if (inFirstDrawing(i, this.stride)) continue;
      this.host.add(i);
      this.added++;
    }
    this.next = end;
  }

  /** Adds every tie left now, in one task (an export needs them all), and has sigma process them. */
  finishNow() {
    if (this.done) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.restore ??= withoutEdgeEvents(this.renderer);
    this.addSome(this.total);
    this.finish(false);
  }

  private finish(scheduled: boolean) {
    if (this.done) return;
    this.done = true;
    this.restore?.();
    this.restore = null;
    // The one reprocessing of every tie; an export (finishNow) reads the result at once.
    this.renderer.refresh({ schedule: scheduled });
    this.host.onProgress(this.total, this.total);
    this.host.onDone();
  }

  kill() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.restore?.();
    this.restore = null;
    this.done = true;
  }
}
