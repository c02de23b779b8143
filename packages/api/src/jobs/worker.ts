import type { Db } from '@tieline/db';
import type { JobDeps } from './define';
import { type JobHandler, runDue } from './queue';
import { JOBS } from './registry';

/** A handler per registered kind: the stored payload is parsed by the kind's schema before it runs. */
export function jobHandlers(deps: JobDeps): Record<string, JobHandler> {
  return Object.fromEntries(
    Object.values(JOBS).map((def): [string, JobHandler] => [
      def.kind,
      (payload, job) => def.handle(deps, payload, { attempt: job.attempts, maxAttempts: job.maxAttempts }),
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

/** How often an idle worker looks for due jobs, and for jobs a crashed worker's lease let go (lease.ts). */
export const POLL_MS = 2_000;

/** Polls the job table; `wake()` makes freshly queued mail go out without waiting for the poll. */
export function startWorker(
  db: Db,
  handlers: Record<string, JobHandler>,
  opts: { pollMs?: number; onError?: (e: unknown) => void; autoStart?: boolean } = {},
): Worker {
  const pollMs = opts.pollMs ?? POLL_MS;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const loop = async () => {
    do {
      again = false;
      try {
        while ((await runDue(db, handlers)) > 0 && !stopped) {}
      } catch (e) {
        opts.onError?.(e);
      }
    } while (again && !stopped);
  };
  const tick = () => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = loop().finally(() => {
      running = null;
    });
    return running;
  };
  if (opts.autoStart !== false) {
    timer = setInterval(() => void tick(), pollMs);
    timer.unref();
  }
  return {
    wake: () => void tick(),
    drain: async () => {
      await tick();
      while (running) await running;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
