import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_KB, initialJs } from '../../../scripts/initial-js.mjs';

// A size, not a time: the built files, so it holds on any machine. turbo.json builds the app before this
// test (`pnpm test`, CI); a checkout that never built skips it, except in CI. `pnpm bench bundles` prints more.
const dist = join(import.meta.dirname, '../dist');
const budget = INITIAL_JS_BUDGET_KB.admin;

describe.skipIf(!process.env.CI && !existsSync(join(dist, 'index.html')))('admin initial JS', () => {
  it(`is at most ${budget} kB gzip -9 (the entry and its modulepreloads)`, () => {
    const measured = initialJs(dist);
    expect(measured.initialFiles).toBeGreaterThan(0);
    expect(measured.initialGzipKb, 'lazy-load what only some pages use (docs/BENCHMARKS.md)').toBeLessThanOrEqual(
      budget,
    );
  });
});
