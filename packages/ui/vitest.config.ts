import { defineConfig } from 'vitest/config';

// jsdom gives lexical and radix a DOM; tests live beside the code they prove (src/**/*.test.ts[x]).
// A loaded 2-core CI machine runs an editor test in ~8 s where an idle one takes ~1 s: no 5 s default.
// One worker runs every file in turn (no isolation): one process and one jsdom to start instead of one a
// file. On a throttled host, vitest could not start the per-file workers within its fixed 60 s.
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 60_000,
    isolate: false,
    maxWorkers: 1,
  },
});
