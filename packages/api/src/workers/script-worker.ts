import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// CPU-heavy work (reading an uploaded file, an import, an analysis) runs in a worker so the server keeps
// answering while it works. In the bundle (build.mjs) a worker is `<name>.js` beside dist/server.js;
// from TypeScript source it is `<name>.ts` beside this file, run with tsx's loader. Every worker runs
// under a heap cap and a wall-clock limit: one upload can neither take the server's memory nor hold a
// core for ever. Running out of either ends the worker (its memory goes with it) and rejects with a
// WorkerDiedError saying which.
//
// A worker is a child process (worker-side.ts is its end of the channel), not a worker thread: a
// thread's heap cap is best effort, and some allocations past it (one array grown by push, one large
// array parsed from JSON) abort the whole process, the server with it (nodejs/node#47224; measured here:
// a 60-million-element JSON array under a 256 MB cap, exit 134). A process past its cap dies alone.

/**
 * What a one-shot worker posts: progress while it works, then its one result. A worker that streams its
 * output (an import handing over batches) posts requests and waits for each answer before going on, so
 * the worker can never run ahead of what the server has written.
 */
export type TWorkerMessage<T> =
  | { kind: 'progress'; fraction: number }
  | { kind: 'request'; value: unknown }
  /** A piece of one of the result's long arrays (worker-side.ts postResult); answered once it is taken. */
  | { kind: 'part'; mark: string; id: number; items: unknown[] }
  | { kind: 'result'; value: T };

/** Elements of a result's long array per message (postResult): a few milliseconds of the server's thread each. */
export const RESULT_PART = 2_000;

/** The result with each of its parted arrays back in place (see postResult). */
function joinParts(value: unknown, mark: string, parts: Map<number, unknown[]>): unknown {
  if (Array.isArray(value)) return value.map((v) => joinParts(v, mark, parts));
  if (typeof value !== 'object' || value === null) return value;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === mark) return parts.get((value as Record<string, number>)[mark]!) ?? [];
  return Object.fromEntries(keys.map((k) => [k, joinParts((value as Record<string, unknown>)[k], mark, parts)]));
}

/** What the server sends a worker (worker-side.ts): its input first, then the answer to each request. */
export type TParentMessage = { kind: 'input'; value: unknown } | { kind: 'answer'; value: unknown };

export interface WorkerLimits {
  /** Old-generation heap cap of the worker, in MB. */
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

/** What V8 prints when a process passes its heap cap (--max-old-space-size) and aborts. */
const OUT_OF_MEMORY = /heap out of memory|Allocation failed/;

/**
 * A worker script beside this file: `<name>.ts` from source (tsx's loader first), `<name>.js` in the bundle.
 * From source, `TIELINE_WORKER_DIR` names a folder of bundled workers to use instead (the api tests make
 * one per run: test/bundle-workers.ts); a worker not in it still runs from source.
 */
function scriptOf(name: string): { path: string; loader: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const bundled =
    fromSource && process.env.TIELINE_WORKER_DIR ? join(process.env.TIELINE_WORKER_DIR, `${name}.js`) : null;
  if (bundled && existsSync(bundled)) return { path: bundled, loader: [] };
  const path = fileURLToPath(new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, import.meta.url));
  return { path, loader: fromSource ? ['--import', import.meta.resolve('tsx')] : [] };
}

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
  const { path, loader } = scriptOf(name);
  return new Promise<T>((resolve, reject) => {
    const child = fork(path, [], {
      execArgv: [...loader, `--max-old-space-size=${heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    let settled = false;
    // The request being answered: the run settles only once it is finished, so a caller cleaning up
    // after a death never races a write still under way.
    let answering: Promise<unknown> = Promise.resolve();
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      void answering.then(fn, fn);
    };
    const send = (message: TParentMessage) => {
      if (!settled && child.connected) child.send(message);
    };
    const timer = setTimeout(() => settle(() => reject(new WorkerDiedError(name, 'time'))), timeMs);
    timer.unref();
    // What the worker writes to stderr is the server's log; V8's report of a death of memory is in it,
    // followed by a native stack trace that can be longer than any tail kept: the report is looked for in
    // each chunk as it arrives, joined to the end of the one before (a report cut in two). A chunk can
    // hold the report and kilobytes of trace after it: the whole chunk is searched, then cut.
    let stderrTail = '';
    let outOfMemory = false;
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      const text = stderrTail + chunk.toString('utf8');
      outOfMemory ||= OUT_OF_MEMORY.test(text);
      stderrTail = text.slice(-100);
    });
    // The result's long arrays, as their parts arrive (postResult).
    let mark: string | null = null;
    const parts = new Map<number, unknown[]>();
    child.on('message', (message: TWorkerMessage<T> | { kind: 'error'; message: string }) => {
      if (message.kind === 'progress') return void onProgress?.(message.fraction);
      if (message.kind === 'part') {
        mark = message.mark;
        const into = parts.get(message.id) ?? [];
        for (const item of message.items) into.push(item);
        parts.set(message.id, into);
        // The next part comes once this turn is over: other calls are answered in between.
        return void setImmediate(() => send({ kind: 'answer', value: null }));
      }
      if (message.kind === 'error')
        return settle(() => reject(new Error(`The ${name} worker failed: ${message.message}`)));
      if (message.kind === 'request') {
        const answer = options.onRequest
          ? options.onRequest(message.value)
          : Promise.reject(new Error(`The ${name} worker asked what nobody answers`));
        answering = answer.then(
          (value) => send({ kind: 'answer', value }),
          (error: unknown) => settle(() => reject(error)),
        );
        return;
      }
      const value = mark === null ? message.value : (joinParts(message.value, mark, parts) as T);
      settle(() => resolve(value));
    });
    child.once('error', (error) => settle(() => reject(error)));
    // 'close': the process ended and its stderr is read to the end.
    child.once('close', (code, signal) => {
      const reason = outOfMemory ? 'memory' : 'exit';
      settle(() => reject(new WorkerDiedError(name, reason, `code ${code ?? signal}`)));
    });
    send({ kind: 'input', value: workerData });
  });
}
