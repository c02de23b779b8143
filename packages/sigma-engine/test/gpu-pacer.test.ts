import { describe, expect, it } from 'vitest';
import { GpuPacer } from '../src/gpu-pacer';

const options = { sliceMs: 25, queueMs: 50, firstRate: 100, minSlice: 250, graceMs: 20 };

describe('GpuPacer', () => {
  it('sizes a slice to take sliceMs at the rate assumed, never below minSlice', () => {
    const pacer = new GpuPacer<string>(options);
    expect(pacer.sliceSize('ties')).toBe(2_500);
    expect(new GpuPacer<string>({ ...options, firstRate: 1 }).sliceSize('ties')).toBe(250);
  });

  it('draws small work at once, and only when nothing is queued', () => {
    const pacer = new GpuPacer<string>(options);
    expect(pacer.fits([['ties', 2_000]])).toBe(true);
    expect(
      pacer.fits([
        ['ties', 2_000],
        ['nodes', 1_000],
      ]),
    ).toBe(false);
    pacer.sent([['nodes', 100]], 0);
    expect(pacer.fits([['ties', 10]])).toBe(false);
  });

  it('sends while less than queueMs of work is queued', () => {
    const pacer = new GpuPacer<string>(options);
    pacer.sent([['ties', 2_500]], 0);
    expect(pacer.canSend()).toBe(true);
    pacer.sent([['ties', 2_500]], 0);
    expect(pacer.canSend()).toBe(false);
    pacer.done(30);
    expect(pacer.canSend()).toBe(true);
    expect(pacer.pending).toBe(1);
  });

  it('grows the rate when a slice is seen done sooner than expected (a quick GPU), by at most twice', () => {
    const pacer = new GpuPacer<string>(options);
    pacer.sent([['ties', 2_500]], 0);
    pacer.done(16);
    expect(pacer.rate('ties')).toBeCloseTo(100 * (25 / 16));
    pacer.sent([['ties', 100_000]], 100);
    pacer.done(116);
    expect(pacer.rate('ties')).toBeCloseTo(100 * (25 / 16) * 2);
  });

  it('counts the work queued ahead of a slice in the time it may take', () => {
    const pacer = new GpuPacer<string>(options);
    pacer.sent([['ties', 2_500]], 0);
    pacer.sent([['ties', 2_500]], 0);
    pacer.done(40);
    expect(pacer.rate('ties')).toBe(100);
    // The second had 25 ms queued ahead of it: 50 ms expected, seen done after 45.
    pacer.done(45);
    expect(pacer.rate('ties')).toBeCloseTo(100 * (50 / 45));
  });

  it('learns nothing from a quick slice queued behind another program’s work', () => {
    const pacer = new GpuPacer<string>(options);
    pacer.sent([['nodes', 2_500]], 0);
    pacer.sent([['ties', 2_500]], 0);
    pacer.done(20);
    pacer.done(30);
    // The nodes may have taken 5 ms and the ties 25, or the other way round.
    expect(pacer.rate('ties')).toBe(100);
    expect(pacer.rate('nodes')).toBeCloseTo(100 * (25 / 20));
  });

  it('shrinks the rate of a slice still not done well past its time', () => {
    const pacer = new GpuPacer<string>(options);
    pacer.sent([['ties', 2_500]], 0);
    pacer.notDone(40);
    expect(pacer.rate('ties')).toBe(100);
    pacer.notDone(50);
    expect(pacer.rate('ties')).toBeCloseTo(50);
    // Now expected to take 50 ms: the next frames prove nothing more until it is late again.
    pacer.notDone(66);
    expect(pacer.rate('ties')).toBeCloseTo(50);
  });

  it('counts a slice queued behind another from when that one was seen done', () => {
    const pacer = new GpuPacer<string>(options);
    pacer.sent([['ties', 2_500]], 0);
    pacer.sent([['nodes', 2_500]], 0);
    pacer.done(100);
    // The nodes slice may have begun long before 100 ms: 10 ms later proves nothing.
    pacer.notDone(110);
    expect(pacer.rate('nodes')).toBe(100);
    pacer.notDone(200);
    expect(pacer.rate('nodes')).toBeCloseTo(50);
  });

  it('learns each program on its own', () => {
    const pacer = new GpuPacer<string>(options);
    pacer.sent([['nodes', 1_000]], 0);
    pacer.notDone(100);
    expect(pacer.rate('nodes')).toBeCloseTo(50);
    expect(pacer.rate('ties')).toBe(100);
  });
});
