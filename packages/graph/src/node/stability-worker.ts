// Worker thread of stabilityParallel: one range of stability samples (each drawn from its own seeded
// generator), posted back as typed arrays.
import { parentPort, workerData } from 'node:worker_threads';
import { stabilitySamples, type TStabilityOptions } from '../change/stability';
import type { TNetworkData } from '../model';

export interface TStabilityWorkerInput {
  data: TNetworkData;
  options: TStabilityOptions;
  from: number;
  to: number;
}

const { data, options, from, to } = workerData as TStabilityWorkerInput;
const part = stabilitySamples(data, options, from, to, () => parentPort!.postMessage({ done: 1 }));
parentPort!.postMessage({ part }, [part.values.buffer, part.top.buffer] as ArrayBuffer[]);
