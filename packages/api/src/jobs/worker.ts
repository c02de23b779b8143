import type { Db } from '@tieline/db';
import type { JobDeps } from './define';
import type { LeaseTimes } from './lease';
import { JOB_LANES, type JobLane } from './payloads';
import { claim, giveUp, type JobHandler, type JobHandlers, reapDead, runJob } from './queue';
import { JOBS } from './registry';

/** A handler per registered kind: the stored payload is parsed by the kind's schema before it runs. */
export function jobHandlers(deps: JobDeps): Record<string, JobHandler> {
  return Object.fromEntries(
    Object.values(JOBS).map((def): [string, JobHandler] => [
      def.kind,
      {
        run: (payload, _job, attempt) => def.handle(deps, payload, attempt),
        giveUp: (payload, end) => def.giveUp(deps, payload, end),
        ...(def.title ? { title: def.title } : {}),
      },
    ]),
  );
}

export interface Worker {
  /** Run due jobs now instead of at the next poll (called after enqueueing). */
  wake: () => void;
  /** Run until no job is due; for tests and shutdown. */
  drain: () => Promise<void>;
  stop: () => Promise<void>;
}

/** How often an idle worker looks for due jobs, and for jobs a crashed server's lease let go (lease.ts). */
export const POLL_MS = 2_000;

/**
 * Jobs a server runs at once in each lane. Work runs in worker processes (parsers, imports, analyses), so
 * two keep a two-core machine busy without starving the event loop; mail is mostly waiting on SMTP.
 */
export const SLOTS: Record<JobLane, number> = { mail: 2, work: 2 };

interface Lane {
  lane: JobLane;
  slots: number;
  /** Claim loops running (at most `slots`). */
  loops: Set<Promise<void>>;
  /** Slots claiming or running a job: counted before a claim is sent, so two loops never both take the last. */
  taken: number;
  /** Set by every wake: a loop that found nothing looks once more, so no wake is lost while it was busy. */
  pending: boolean;
}

/**
 * Polls the job table, running each lane in claim loops of its own: up to SLOTS[lane] jobs at once, so
 * a password reset never waits behind an import. `wake()` makes freshly queued mail go out without
 * waiting for the poll.
 */
export function startWorker(
  db: Db,
  handlers: JobHandlers,
  opts: {
    pollMs?: number;
    onError?: (e: unknown) => void;
    autoStart?: boolean;
    slots?: Partial<Record<JobLane, number>>;
    lease?: LeaseTimes;
  } = {},
): Worker {
  const pollMs = opts.pollMs ?? POLL_MS;
  const onError = opts.onError ?? (() => {});
  const lanes: Lane[] = JOB_LANES.map((lane) => ({
    lane,
    slots: opts.slots?.[lane] ?? SLOTS[lane],
    loops: new Set(),
    taken: 0,
    pending: false,
  }));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let reaping: Promise<void> | null = null;

  const loop = async (l: Lane) => {
    while (!stopped) {
      l.pending = false;
      l.taken++;
      try {
        // The last free slot goes only to an account with nothing running in the lane.
        const job = await claim(db, l.lane, {
          busyOk: l.taken < l.slots,
          ...(opts.lease ? { lease: opts.lease } : {}),
        });
        if (!job) {
          if (l.pending) continue;
          return;
        }
        await runJob(db, job, handlers, { ...(opts.lease ? { lease: opts.lease } : {}), onError });
      } catch (error) {
        onError(error);
        return;
      } finally {
        l.taken--;
      }
    }
  };
  const fill = () => {
    if (stopped) return;
    for (const l of lanes) {
      l.pending = true;
      while (l.loops.size < l.slots) {
        const running: Promise<void> = loop(l).finally(() => l.loops.delete(running));
        l.loops.add(running);
      }
    }
  };
  /** Jobs whose server died are put back (or failed for good) before the lanes look for work. */
  const reap = () => {
    reaping ??= reapDead(db)
      .then(async (ended) => {
        for (const { job, end } of ended) await giveUp(handlers, job, end, onError);
      }, onError)
      .finally(() => {
        reaping = null;
      });
    return reaping;
  };
  const idle = async () => {
    for (;;) {
      const loops = lanes.flatMap((l) => [...l.loops]);
      if (loops.length === 0) return;
      await Promise.all(loops);
    }
  };
  if (opts.autoStart !== false) {
    timer = setInterval(() => void reap().then(fill), pollMs);
    timer.unref();
  }
  return {
    wake: fill,
    drain: async () => {
      await reap();
      fill();
      await idle();
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await reaping;
      await idle();
    },
  };
}
