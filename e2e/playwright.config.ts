import { defineConfig, devices } from '@playwright/test';
import CHROMIUM_ARGS from './chromium-args.json' with { type: 'json' };

// Debian's chromium (apt-get install chromium) with these flags; Playwright never downloads a browser here.

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // CI runs the database tests on PostgreSQL beside these journeys (.ci/run): on its 2 cores a long
  // journey (sign up, upload, the explorer, axe) can pass 30 s with nothing wrong. Speed is measured in
  // bench/, never here.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  outputDir: 'test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
