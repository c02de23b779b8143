import type { DbHandle } from '@tieline/db';
import { eq, jobs } from '@tieline/db';
import { createTestDb } from '@tieline/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HEARTBEAT_MS, LEASE_MS } from '../src/jobs/lease';
import { backoffMs, claim, complete, enqueue, reapDead, runDue } from '../src/jobs/queue';
import { POLL_MS, startWorker } from '../src/jobs/worker';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.db.delete(jobs);
});

const job = async (id: string) => (await h.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
/** Makes a job due now (instead of after its backoff). */
const due = (id: string) =>
  h.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1) })
    .where(eq(jobs.id, id));

describe('job queue', () => {
  it('runs a job once and marks it done', async () => {
    const seen: unknown[] = [];
    const id = await enqueue(h.db, 'echo', { n: 1 });
    expect(await runDue(h.db, { echo: async (p) => void seen.push(p) })).toBe(1);
    expect(await runDue(h.db, { echo: async (p) => void seen.push(p) })).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await job(id)).state).toBe('done');
  });

  it('retries a failing job later with backoff, then gives up after maxAttempts', async () => {
    const id = await enqueue(h.db, 'flaky', {}, { maxAttempts: 2 });
    const failing = { flaky: async () => Promise.reject(new Error('smtp down')) };
    await runDue(h.db, failing);
    let row = await job(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'smtp down' });
    expect(row.runAt.getTime()).toBeGreaterThan(Date.now() + 3_000);
    expect(await runDue(h.db, failing)).toBe(0); // not due yet
    await h.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1) })
      .where(eq(jobs.id, id));
    await runDue(h.db, failing);
    row = await job(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 2 });
    expect(backoffMs(1)).toBe(5_000);
    expect(backoffMs(3)).toBe(20_000);
    expect(backoffMs(50)).toBe(3_600_000);
  });

  it('a worker drains everything queued when woken, oldest first', async () => {
    const ran: number[] = [];
    const worker = startWorker(
      h.db,
      { echo: async (p) => void ran.push((p as { i: number }).i) },
      { autoStart: false },
    );
    for (let i = 0; i < 7; i++) await enqueue(h.db, 'echo', { i });
    await worker.drain();
    expect(ran).toEqual([0, 1, 2, 3, 4, 5, 6]);
    await worker.stop();
  });
});

describe('job leases', () => {
  it('a worker that lost its lease cannot finish the job another worker took over', async () => {
    const id = await enqueue(h.db, 'echo', {});
    const first = await claim(h.db, 'work');
    await h.db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1) })
      .where(eq(jobs.id, id));
    await reapDead(h.db);
    await due(id);
    const second = await claim(h.db, 'work');
    expect(second?.attempts).toBe(2);
    await complete(h.db, first!); // the first worker wakes up late
    expect((await job(id)).state).toBe('running');
    await complete(h.db, second!);
    expect((await job(id)).state).toBe('done');
  });

  // Short lease times stand in for LEASE_MS and HEARTBEAT_MS, so the test waits out real leases quickly.
  const short = { leaseMs: 400, heartbeatMs: 100 };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('keeps the lease of a job that runs longer than a lease', async () => {
    const id = await enqueue(h.db, 'slow', {});
    let stolen = 0;
    const handlers = {
      slow: async () => {
        // Another worker keeps trying for three leases' time; the heartbeat never lets go.
        for (const until = Date.now() + 3 * short.leaseMs; Date.now() < until; await sleep(50)) {
          await reapDead(h.db);
          if (await claim(h.db, 'work', { lease: short })) stolen++;
        }
      },
    };
    expect(await runDue(h.db, handlers, { lease: short })).toBe(1);
    expect(stolen).toBe(0);
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 1, deaths: 0 });
  });

  it("frees a crashed worker's job once its lease runs out, with no renewal, after a backoff", async () => {
    const id = await enqueue(h.db, 'echo', {});
    expect(await claim(h.db, 'work', { lease: short })).not.toBeNull(); // a worker takes it and dies: no heartbeat
    expect(await claim(h.db, 'work', { lease: short })).toBeNull();
    await sleep(short.leaseMs + 50);
    let ran = 0;
    const echo = { echo: async () => void ran++ };
    expect(await runDue(h.db, echo, { lease: short })).toBe(0); // put back, waiting for its backoff
    expect(await job(id)).toMatchObject({ state: 'queued', deaths: 1, deathCause: 'server' });
    await due(id);
    expect(await runDue(h.db, echo, { lease: short })).toBe(1);
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it("takes a crashed worker's job over within 30 s: one lease after its last beat, at the next poll, after the first backoff", () => {
    expect(HEARTBEAT_MS * 4).toBeLessThanOrEqual(LEASE_MS);
    expect(LEASE_MS + POLL_MS + backoffMs(1)).toBeLessThanOrEqual(30_000);
  });

  it('gives up on a job whose worker died on its last attempt', async () => {
    const id = await enqueue(h.db, 'echo', {}, { maxAttempts: 1 });
    await claim(h.db, 'work');
    await h.db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1) })
      .where(eq(jobs.id, id));
    let ran = 0;
    expect(await runDue(h.db, { echo: async () => void ran++ })).toBe(0);
    expect(ran).toBe(0);
    expect(await job(id)).toMatchObject({
      state: 'failed',
      lastError: 'Stopped: the server stopped at the start on its last try',
    });
  });
});
