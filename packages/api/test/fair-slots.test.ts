// The line heavy runs wait in (workers/fair-slots.ts): limits per server and per account, first come
// first served within an account, round-robin across accounts, places in line, a slot freed however the
// run ends, and a wait that gives up with its place.
import { describe, expect, it } from 'vitest';
import { FairSlots, type SlotTicket, SlotWaitExpired } from '../src/workers/fair-slots';

const ticket = (account: string, label = account): SlotTicket => ({ account, user: `u-${account}`, label });

/** Acquires and records, by label, the order slots are granted in. */
function recorder(slots: FairSlots) {
  const granted: string[] = [];
  const releases = new Map<string, () => void>();
  const take = (t: SlotTicket, waitMs?: number) =>
    slots.acquire(t, waitMs).then((release) => {
      granted.push(t.label);
      releases.set(t.label, release);
      return release;
    });
  const release = async (label: string) => {
    releases.get(label)!();
    await new Promise((r) => setImmediate(r));
  };
  return { granted, take, release };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('FairSlots', () => {
  it('runs at most perServer at once; the next waits until one ends', async () => {
    const slots = new FairSlots({ perServer: 2, perAccount: 5 });
    const r = recorder(slots);
    void r.take(ticket('a', 'a1'));
    void r.take(ticket('b', 'b1'));
    void r.take(ticket('c', 'c1'));
    await settle();
    expect(r.granted).toEqual(['a1', 'b1']);
    expect(slots.busy).toBe(2);
    expect(slots.waiting().map((w) => [w.ticket.label, w.position])).toEqual([['c1', 1]]);
    await r.release('a1');
    expect(r.granted).toEqual(['a1', 'b1', 'c1']);
    expect(slots.waiting()).toEqual([]);
  });

  it('serves each account first come first served, and accounts in turn', async () => {
    const slots = new FairSlots({ perServer: 1, perAccount: 1 });
    const r = recorder(slots);
    void r.take(ticket('x', 'x1'));
    for (const label of ['a1', 'a2', 'a3']) void r.take(ticket('a', label));
    void r.take(ticket('b', 'b1'));
    void r.take(ticket('c', 'c1'));
    void r.take(ticket('b', 'b2'));
    await settle();
    // a queued three first, yet b and c each get a turn before a's second.
    expect(slots.waiting().map((w) => `${w.position}:${w.ticket.label}`)).toEqual([
      '1:a1',
      '2:b1',
      '3:c1',
      '4:a2',
      '5:b2',
      '6:a3',
    ]);
    for (const label of ['x1', 'a1', 'b1', 'c1', 'a2', 'b2']) await r.release(label);
    expect(r.granted).toEqual(['x1', 'a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('holds an account to perAccount while others pass it with slots free', async () => {
    const slots = new FairSlots({ perServer: 3, perAccount: 1 });
    const r = recorder(slots);
    void r.take(ticket('a', 'a1'));
    void r.take(ticket('a', 'a2'));
    void r.take(ticket('b', 'b1'));
    await settle();
    expect(r.granted).toEqual(['a1', 'b1']);
    expect(slots.busy).toBe(2);
    await r.release('a1');
    expect(r.granted).toEqual(['a1', 'b1', 'a2']);
  });

  it('frees the slot when the run throws, and passes the error on', async () => {
    const slots = new FairSlots({ perServer: 1, perAccount: 1 });
    const failing = slots.run(ticket('a'), async () => {
      throw new Error('worker died');
    });
    const next = slots.run(ticket('b'), async () => 'b ran');
    await expect(failing).rejects.toThrow('worker died');
    await expect(next).resolves.toBe('b ran');
    expect(slots.busy).toBe(0);
  });

  it('a release called twice frees one slot', async () => {
    const slots = new FairSlots({ perServer: 1, perAccount: 2 });
    const r = recorder(slots);
    const first = await r.take(ticket('a', 'a1'));
    void r.take(ticket('a', 'a2'));
    void r.take(ticket('a', 'a3'));
    first();
    first();
    await settle();
    expect(r.granted).toEqual(['a1', 'a2']);
    expect(slots.busy).toBe(1);
  });

  it('a wait past its allowance gives up with its place in line and leaves the line', async () => {
    const slots = new FairSlots({ perServer: 1, perAccount: 1 });
    const r = recorder(slots);
    await r.take(ticket('x', 'x1'));
    void r.take(ticket('a', 'a1'));
    const late = slots.acquire(ticket('b', 'b1'), 20);
    const error = await late.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SlotWaitExpired);
    expect(error).toMatchObject({ position: 2, running: 1 });
    expect(slots.waiting().map((w) => w.ticket.label)).toEqual(['a1']);
    await r.release('x1');
    expect(r.granted).toEqual(['x1', 'a1']);
  });

  it('a slot free at once is granted however short the allowance', async () => {
    const slots = new FairSlots({ perServer: 1, perAccount: 1 });
    await expect(slots.run(ticket('a'), async () => 'ran', 0)).resolves.toBe('ran');
  });
});
