// Node-only entry (@tieline/graph/node): worker threads for the expensive all-pairs part and samples.
export { compareSnapshotsParallel } from './compare-parallel';
export { allPairsParallel, computeMetricsParallel, type TParallelOptions } from './parallel';
export { stabilityParallel } from './stability-parallel';
export { startWorker } from './start-worker';
