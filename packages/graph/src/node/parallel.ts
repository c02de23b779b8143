// computeMetrics with the all-pairs part (betweenness, closeness, diameter) in worker threads. The
// CSR and the all-pairs plan (metrics/all-pairs.ts) live in SharedArrayBuffers, so every worker reads
// the same memory; workers take the plan's units (a batch of sources each) from a shared atomic
// counter, so a slow thread never holds up the rest.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { finishTotals, planAllPairs, totalWeight } from '../metrics/all-pairs';
import { assembleMetrics, localMeasures, pathGraph } from '../metrics/compute';
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
  const plan = planAllPairs(graph, shared);
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), plan.units));
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const total = totalWeight(plan);
  const totals = createPathTotals(graph.n);
  if (plan.units === 0) return finishTotals(plan, totals);
  const workers: Worker[] = [];
  let done = 0;
  try {
    await Promise.all(
      Array.from({ length: threads }, () => {
        const worker = startMetricsWorker({ plan, counter });
        workers.push(worker);
        return new Promise<void>((resolve, reject) => {
          worker.on('message', (message: { done?: number; totals?: TPathTotals }) => {
            if (message.done) {
              done += message.done;
              options.onProgress?.(Math.min(1, done / total));
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
  return finishTotals(plan, totals);
}

export async function computeMetricsParallel(
  data: TNetworkData,
  options: TMetricsOptions = {},
  parallel: TParallelOptions = {},
): Promise<TMetricsResult> {
  const csr = buildCsr(data, options, shared);
  const pending = allPairsParallel(pathGraph(csr, options, shared), {
    ...parallel,
    onProgress: (f) => parallel.onProgress?.(0.9 * f),
  });
  // The other measures take this thread while the workers run (a core is idle at their tail anyway).
  let local: ReturnType<typeof localMeasures>;
  try {
    local = localMeasures(options, csr);
  } catch (error) {
    pending.catch(() => {});
    throw error;
  }
  return assembleMetrics(data, options, csr, await pending, parallel, local);
}
