import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// The fake Microsoft server (test/fake-microsoft.ts) serves HTTPS with the test certificate; the test
// workers, forked from here, trust it (Node reads NODE_EXTRA_CA_CERTS when a process starts).
process.env.NODE_EXTRA_CA_CERTS = join(import.meta.dirname, 'test', 'fixtures', 'tls', 'loopback.crt');

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/bundle-workers.ts'],
    // Generous: CI's host has run 10-20x slower for an hour at a time; a timeout is not a speed check
    // (bench/ measures speed), and a file whose beforeAll times out skips every test in it.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // As the browser journeys: in CI a failed test runs once more (a test that fails twice fails CI).
    retry: process.env.CI ? 1 : 0,
    // Vitest's default on these 2-core machines is one file at a time (cores - 1), yet most files spend
    // much of their time waiting (server processes, sockets, timers, the PostgreSQL server): two files at
    // a time keep both cores busy. (Three on PostgreSQL ran 10.8 min beside the browser journeys, but CI
    // runs those at the same time and they must not starve.)
    maxWorkers: 2,
    // Each worker process loads the app once and runs file after file in it, instead of a new process per
    // file loading it again (~4 s of CPU a file, a third of the suite). So state a module keeps must be per
    // database handle (src/per-db.ts) or otherwise per app, and hooks a helper needs are registered by
    // each file that uses it (process-helpers.ts useServerProcesses).
    isolate: false,
  },
});
