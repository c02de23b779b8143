// Stability (change/stability.ts) with its samples split over worker threads: each sample draws from its
// own generator, so the answer is the same whatever the number of threads.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { summarizeStability, type TStabilityOptions, type TStabilitySamples } from '../change/stability';
import type { TStability } from '../change/types';
import type { TNetworkData } from '../model';
import type { TParallelOptions } from './parallel';
import type { TStabilityWorkerInput } from './stability-worker';
import { startWorker } from './start-worker';

const startStabilityWorker = (input: TStabilityWorkerInput) => startWorker('stability-worker', import.meta.url, input);

export async function stabilityParallel(
  data: TNetworkData,
  options: TStabilityOptions = {},
  parallel: TParallelOptions = {},
): Promise<TStability> {
  const samples = options.samples ?? 200;
  const threads = Math.max(1, Math.min(samples, parallel.threads ?? availableParallelism()));
  const workers: Worker[] = [];
  let done = 0;
  try {
    const parts = await Promise.all(
      Array.from({ length: threads }, (_, i) => {
        const from = Math.floor((i * samples) / threads);
        const to = Math.floor(((i + 1) * samples) / threads);
        const worker = startStabilityWorker({ data, options, from, to });
        workers.push(worker);
        return new Promise<TStabilitySamples>((resolve, reject) => {
          worker.on('message', (message: { done?: number; part?: TStabilitySamples }) => {
            if (message.done) {
              done += message.done;
              parallel.onProgress?.(done / samples);
            }
            if (message.part) resolve(message.part);
          });
          worker.on('error', reject);
          worker.on('exit', (code) => reject(new Error(`stability worker exited with code ${code}`)));
        });
      }),
    );
    return summarizeStability(data, options, parts);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
