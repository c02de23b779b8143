import { defineConfig } from 'vitest/config';

// Creating a PGlite cluster (initdb in WASM) takes ~5 s idle, nearly a minute on a loaded machine, and the
// lock test (two clusters) 139 s on a throttled one.
// Files share one process (isolate: false): each would load drizzle and PGlite again for a second of CPU.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 300_000, isolate: false },
});
