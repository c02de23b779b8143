import { workerInput } from '../../src/workers/worker-side';

// A worker (test/script-worker.test.ts) that grows one array past any heap cap, the allocation V8
// cannot stop gracefully: in a worker thread it aborted the whole process (the server with it).
await workerInput<null>();
const grown: number[] = [];
for (;;) grown.push(grown.length);
