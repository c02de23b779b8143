import { defineConfig } from 'vitest/config';

// Creating a PGlite cluster (initdb in WASM) takes ~5 s idle and nearly a minute on a loaded machine.
// Files share one process (isolate: false): each would load drizzle and PGlite again for a second of CPU.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000, isolate: false },
});
