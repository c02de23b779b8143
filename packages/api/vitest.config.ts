import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// The fake Microsoft server (test/fake-microsoft.ts) serves HTTPS with the test certificate; the test
// workers, forked from here, trust it (Node reads NODE_EXTRA_CA_CERTS when a process starts).
process.env.NODE_EXTRA_CA_CERTS = join(import.meta.dirname, 'test', 'fixtures', 'tls', 'loopback.crt');

export default defineConfig({
  test: { include: ['test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
});
