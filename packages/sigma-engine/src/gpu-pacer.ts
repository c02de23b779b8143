// How much drawing to hand the GPU at a time (progressive-draw.ts). Each program (key) has a drawing
// rate in items per ms; slices are sized to take `sliceMs` at that rate, and new slices are sent
// while less than `queueMs` of work is expected to be queued. Rates are learned from fences, which
// are only seen between frames, so only bounds are known: a slice seen done took at most the time
// since it was sent (with the work queued ahead of it), so done sooner than expected proves a faster
// rate (counted only when what was ahead was the same programs' work: otherwise the time saved may
// be theirs); a slice not yet done has run at least since it was sent and the slice before it was seen
// done, so not done well past its expected time proves a slower one. A fence seen late (the page
// was busy) proves nothing, so a busy page never shrinks the slices below what the GPU can do.

export interface TPacerOptions {
  sliceMs: number;
  queueMs: number;
  /** Items a program is first assumed to draw per ms. */
  firstRate: number;
  minSlice: number;
  /** A slice is overdue once this much later than expected (fences are read once a frame). */
  graceMs: number;
}

const DEFAULTS: TPacerOptions = { sliceMs: 25, queueMs: 50, firstRate: 50, minSlice: 250, graceMs: 20 };

type TWork<K> = [K, number][];

interface TSlice<K> {
  drawn: TWork<K>;
  sentAt: number;
  /** Expected GPU time of the work queued ahead of it when it was sent, and whether all of it was its own programs'. */
  aheadMs: number;
  aheadOwn: boolean;
}

export class GpuPacer<K> {
  private readonly rates = new Map<K, number>();
  /** Sent and not yet seen done, oldest first. */
  private readonly outstanding: TSlice<K>[] = [];
  /** When the last slice was seen done: the GPU began the next one no later. */
  private lastDone = 0;
  private readonly o: TPacerOptions;

  constructor(options: Partial<TPacerOptions> = {}) {
    this.o = { ...DEFAULTS, ...options };
  }

  rate(key: K): number {
    return this.rates.get(key) ?? this.o.firstRate;
  }

  /** Items of `key` in one slice. */
  sliceSize(key: K): number {
    return Math.max(this.o.minSlice, Math.floor(this.rate(key) * this.o.sliceMs));
  }

  /** Expected GPU time of some work, in ms. */
  cost(work: TWork<K>): number {
    return work.reduce((ms, [key, count]) => ms + count / this.rate(key), 0);
  }

  /** Whether all of `work` may be drawn at once: nothing is queued and it takes about a slice. */
  fits(work: TWork<K>): boolean {
    return this.outstanding.length === 0 && this.cost(work) <= this.o.sliceMs;
  }

  /** Whether another slice may be sent: less than `queueMs` of work is expected to be queued. */
  canSend(): boolean {
    return this.queuedMs() < this.o.queueMs;
  }

  private queuedMs() {
    return this.cost(this.outstanding.flatMap((s) => s.drawn));
  }

  get pending(): number {
    return this.outstanding.length;
  }

  sent(drawn: TWork<K>, now: number) {
    const own = new Set(drawn.map(([key]) => key));
    const aheadOwn = this.outstanding.every((s) => s.drawn.every(([key]) => own.has(key)));
    this.outstanding.push({ drawn, sentAt: now, aheadMs: this.queuedMs(), aheadOwn });
  }

  /** The oldest slice was seen done at `now`. */
  done(now: number) {
    const slice = this.outstanding.shift();
    if (!slice) return;
    this.lastDone = now;
    const took = Math.max(1, now - slice.sentAt);
    const expected = slice.aheadMs + this.cost(slice.drawn);
    if (took < expected && slice.aheadOwn) this.scale(slice.drawn, expected / took);
  }

  /** The oldest slice was seen not yet done at `now`. */
  notDone(now: number) {
    const slice = this.outstanding[0];
    if (!slice) return;
    const took = now - Math.max(slice.sentAt, this.lastDone);
    const expected = this.cost(slice.drawn);
    if (took > expected + this.o.graceMs) this.scale(slice.drawn, expected / took);
  }

  /** At most doubles or halves a rate at once: one odd frame does not swing the slices. */
  private scale(work: TWork<K>, factor: number) {
    const f = Math.min(2, Math.max(0.5, factor));
    for (const [key] of new Map(work)) this.rates.set(key, this.rate(key) * f);
  }
}
