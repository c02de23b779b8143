import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import CHROMIUM_ARGS from './chromium-args.json' with { type: 'json' };

// Debian's chromium with these flags; Playwright never downloads a browser here. Its headless shell
// (apt-get install chromium-headless-shell: the same build without the desktop browser's window and
// compositor, what Playwright itself runs headless) when present: the journeys take about half the CPU.
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // CI runs the database tests on PostgreSQL beside these journeys (.ci/run): on its 2 cores a long
  // journey (sign up, upload, the explorer, axe) can pass 30 s with nothing wrong. Speed is measured in
  // bench/, never here.
  // CI's host has run 10-20x slower for an hour at a time: CI allows twice as long again.
  timeout: process.env.CI ? 120_000 : 30_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  outputDir: 'test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`,
    // In CI a trace of the retry only: recording every journey (snapshots, screencast) doubled its CPU.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
