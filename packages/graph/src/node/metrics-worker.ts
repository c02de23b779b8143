// Worker thread: takes sources from a shared counter and runs the all-pairs kernel over the CSR the
// main thread shares (SharedArrayBuffer), then sends back its partial totals.
import { parentPort, workerData } from 'node:worker_threads';
import { addSource, createPathTotals, createPathWorkspace, type TPathGraph } from '../metrics/paths';

export interface TWorkerInput {
  graph: TPathGraph;
  /** counter[0]: the next source nobody has taken yet. */
  counter: Int32Array;
  chunk: number;
}

const { graph, counter, chunk } = workerData as TWorkerInput;
const totals = createPathTotals(graph.n);
const ws = createPathWorkspace(graph.n);
for (;;) {
  const first = Atomics.add(counter, 0, chunk);
  if (first >= graph.n) break;
  const end = Math.min(graph.n, first + chunk);
  for (let s = first; s < end; s++) addSource(graph, ws, totals, s);
  parentPort!.postMessage({ done: end - first });
}
parentPort!.postMessage({ totals }, [
  totals.betweenness.buffer,
  totals.distanceSum.buffer,
  totals.reached.buffer,
  totals.harmonic.buffer,
] as ArrayBuffer[]);
