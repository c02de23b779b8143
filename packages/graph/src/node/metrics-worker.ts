// Worker thread: takes units of the all-pairs plan from a shared counter and runs them over the arrays
// the main thread shares (SharedArrayBuffer), then sends back its partial totals.
import { parentPort, workerData } from 'node:worker_threads';
import { createAllPairsState, runUnit, type TAllPairsPlan, threadTotals } from '../metrics/all-pairs';

export interface TWorkerInput {
  plan: TAllPairsPlan;
  /** counter[0]: the next unit nobody has taken yet. */
  counter: Int32Array;
}

const { plan, counter } = workerData as TWorkerInput;
const state = createAllPairsState(plan);
for (;;) {
  const unit = Atomics.add(counter, 0, 1);
  if (unit >= plan.units) break;
  parentPort!.postMessage({ done: runUnit(plan, state, unit) });
}
const totals = threadTotals(plan, state);
parentPort!.postMessage({ totals }, [
  totals.betweenness.buffer,
  totals.distanceSum.buffer,
  totals.reached.buffer,
  totals.harmonic.buffer,
] as ArrayBuffer[]);
