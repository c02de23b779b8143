// A worker (test/script-worker.test.ts) that dies as V8 does when the heap is full, its report and a long
// native stack trace after it in one write: runScriptWorker must still see a death of memory.
import { writeSync } from 'node:fs';

const trace = Array.from(
  { length: 120 },
  (_, i) => ` ${i + 1}: 0x10ea385 v8::internal::HeapAllocator::Allocate [node]`,
);
writeSync(
  2,
  `\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n${trace.join('\n')}\n`,
);
process.abort();
