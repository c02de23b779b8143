import { startWorker } from '@tieline/graph/node';

// CPU-heavy work (reading an uploaded file, an import, an analysis) runs in a worker thread so the
// server keeps answering while it works. In the bundle (build.mjs) a worker is `<name>.js` beside
// dist/server.js; from TypeScript source it is `<name>.ts` beside this file (startWorker,
// @tieline/graph/node). Every worker runs under a heap cap and a wall-clock limit: one upload can neither
// take the server's memory nor hold a core for ever. Running out of either ends the thread (its memory
// goes with it) and rejects with a WorkerDiedError saying which.

/**
 * What a one-shot worker posts: progress while it works, then its one result. A worker that streams its
 * output (an import handing over batches) posts requests and waits for each answer before going on, so
 * the thread can never run ahead of what the server has written.
 */
export type TWorkerMessage<T> =
  | { kind: 'progress'; fraction: number }
  | { kind: 'request'; value: unknown }
  | { kind: 'result'; value: T };

export interface WorkerLimits {
  /** Old-generation heap cap of the thread, in MB. */
  heapMb: number;
  /** Wall-clock limit of the whole run, in ms. */
  timeMs: number;
}

/** Limits, and for a worker that posts requests, what answers them (its answer is posted back). */
export interface WorkerOptions extends Partial<WorkerLimits> {
  onRequest?: (request: unknown) => Promise<unknown>;
}

/** Defaults for a worker that names none: generous for any upload within the documented size limits. */
export const DEFAULT_WORKER_LIMITS: WorkerLimits = { heapMb: 1024, timeMs: 10 * 60_000 };

/**
 * One metrics run's worker (the job's, a Discover summary's): generous, since 10,000 people / 50,000 ties
 * measure in ~8 s (docs/BENCHMARKS.md), yet a run cannot hold its slot for ever.
 */
export const METRICS_WORKER_LIMITS: WorkerLimits = { heapMb: 1024, timeMs: 10 * 60_000 };

/** Why a worker died instead of answering: its heap cap, its time limit, or a crash / early exit. */
export type TWorkerDeath = 'memory' | 'time' | 'exit';

const DEATH_WORDS: Record<TWorkerDeath, string> = {
  memory: 'ran out of memory',
  time: 'ran past its time limit',
  exit: 'stopped unexpectedly',
};

/** A worker that ended without answering. `reason` is what jobs count as a death (jobs/queue.ts). */
export class WorkerDiedError extends Error {
  constructor(
    readonly worker: string,
    readonly reason: TWorkerDeath,
    detail = '',
  ) {
    super(`The ${worker} worker ${DEATH_WORDS[reason]}${detail ? ` (${detail})` : ''}`);
    this.name = 'WorkerDiedError';
  }

  /** "ran out of memory", "ran past its time limit", ... for messages users read. */
  get words(): string {
    return DEATH_WORDS[this.reason];
  }
}

const isOutOfMemory = (error: unknown) =>
  error instanceof Error && (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';

/**
 * Runs a one-shot worker: resolves with its result, passes its progress on, and rejects when it fails
 * (the error it threw), dies (WorkerDiedError: memory, time, exit) or exits without a result.
 */
export function runScriptWorker<T>(
  name: string,
  workerData: unknown,
  onProgress?: (fraction: number) => void,
  options: WorkerOptions = {},
): Promise<T> {
  const { heapMb, timeMs } = { ...DEFAULT_WORKER_LIMITS, ...options };
  return new Promise<T>((resolve, reject) => {
    const worker = startWorker(name, import.meta.url, workerData, { maxOldGenerationSizeMb: heapMb });
    let settled = false;
    // The request being answered: the run settles only once it is finished, so a caller cleaning up
    // after a death never races a write still under way.
    let answering: Promise<unknown> = Promise.resolve();
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      void answering.then(fn, fn);
    };
    const timer = setTimeout(() => settle(() => reject(new WorkerDiedError(name, 'time'))), timeMs);
    timer.unref();
    worker.on('message', (message: TWorkerMessage<T>) => {
      if (message.kind === 'progress') return void onProgress?.(message.fraction);
      if (message.kind === 'request') {
        const answer = options.onRequest
          ? options.onRequest(message.value)
          : Promise.reject(new Error(`The ${name} worker asked what nobody answers`));
        answering = answer.then(
          (value) => void (settled || worker.postMessage(value)),
          (error: unknown) => settle(() => reject(error)),
        );
        return;
      }
      settle(() => resolve(message.value));
    });
    worker.once('error', (error) =>
      settle(() => reject(isOutOfMemory(error) ? new WorkerDiedError(name, 'memory') : error)),
    );
    worker.once('exit', (code) => settle(() => reject(new WorkerDiedError(name, 'exit', `code ${code}`))));
  });
}
