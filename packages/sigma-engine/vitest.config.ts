import { defineConfig } from 'vitest/config';

// The canary test (test/sigma-internals.test.ts) starts Chromium: a loaded 2-core CI machine needs time.
export default defineConfig({ test: { include: ['test/**/*.test.ts'], testTimeout: 60_000 } });
