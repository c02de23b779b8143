// Node-only entry (@tieline/graph/node): worker threads for the expensive all-pairs part.
export { allPairsParallel, computeMetricsParallel, type TParallelOptions } from './parallel';
export { startWorker } from './start-worker';
