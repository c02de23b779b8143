// computeMetrics with the all-pairs part (betweenness, closeness, diameter) in worker threads. The
// CSR is built once in SharedArrayBuffers, so every worker reads the same memory; workers take sources
// in chunks from a shared atomic counter, so a slow thread never holds up the rest.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { assembleMetrics, pathGraph } from '../metrics/compute';
import { buildCsr, type TAllocate } from '../metrics/csr';
import { addTotals, createPathTotals, type TPathGraph, type TPathTotals } from '../metrics/paths';
import type { TMetricsOptions, TMetricsResult } from '../metrics/types';
import type { TNetworkData } from '../model';
import type { TWorkerInput } from './metrics-worker';
import { startWorker } from './start-worker';

export interface TParallelOptions {
  /** Worker threads; the machine's available parallelism by default. */
  threads?: number;
  onProgress?(fraction: number): void;
}

const shared: TAllocate = (bytes) => new SharedArrayBuffer(bytes);

const startMetricsWorker = (input: TWorkerInput) => startWorker('metrics-worker', import.meta.url, input);

/** Runs every source of `graph` over `threads` workers and adds up their totals. */
export async function allPairsParallel(graph: TPathGraph, options: TParallelOptions = {}): Promise<TPathTotals> {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const counter = new Int32Array(new SharedArrayBuffer(4));
  // Small chunks balance the load; 64 sources amortize the atomic and the progress message.
  const chunk = Math.max(1, Math.min(64, Math.floor(graph.n / (threads * 50))));
  const totals = createPathTotals(graph.n);
  const workers: Worker[] = [];
  let done = 0;
  try {
    await Promise.all(
      Array.from({ length: threads }, () => {
        const worker = startMetricsWorker({ graph, counter, chunk });
        workers.push(worker);
        return new Promise<void>((resolve, reject) => {
          worker.on('message', (message: { done?: number; totals?: TPathTotals }) => {
            if (message.done) {
              done += message.done;
              options.onProgress?.(done / graph.n);
            }
            if (message.totals) {
              addTotals(totals, message.totals);
              resolve();
            }
          });
          worker.on('error', reject);
          worker.on('exit', (code) => reject(new Error(`metrics worker exited with code ${code}`)));
        });
      }),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return totals;
}

export async function computeMetricsParallel(
  data: TNetworkData,
  options: TMetricsOptions = {},
  parallel: TParallelOptions = {},
): Promise<TMetricsResult> {
  const csr = buildCsr(data, options, shared);
  const totals = await allPairsParallel(pathGraph(csr, options, shared), {
    ...parallel,
    onProgress: (f) => parallel.onProgress?.(0.9 * f),
  });
  return assembleMetrics(data, options, csr, totals, parallel);
}
