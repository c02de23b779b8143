// The JS a built app's index.html loads before anything else (its module script and modulepreload links),
// measured as gzip -9 and as the server sends it (the .br/.gz files of compress-dist.mjs). Shared by
// `pnpm bench bundles` and the size tests of apps/admin and apps/respondent (docs/BENCHMARKS.md).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const kb = (bytes) => +(bytes / 1024).toFixed(1);

/** Bytes the server sends for `file` with Accept-Encoding `ext` (.br/.gz made by the build), else the file's. */
const served = (file, ext) => {
  try {
    return statSync(file + ext).size;
  } catch {
    return statSync(file).size;
  }
};

/** The files of `dist` that its index.html names with extension `ext` (the app's base path removed). */
export function initialFiles(dist, ext) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(new RegExp(`(?:src|href)="([^"]+\\.${ext})"`, 'g'))].map((m) =>
    join(dist, m[1].replace(/^\/(responses\/)?/, '')),
  );
}

/** The initial JS of the app built in `dist`, in kB (1,024 bytes). */
export function initialJs(dist) {
  const files = initialFiles(dist, 'js');
  const sum = (list, size) => kb(list.reduce((total, f) => total + size(f), 0));
  return {
    initialFiles: files.length,
    initialGzipKb: sum(files, (f) => gzipSync(readFileSync(f), { level: 9 }).length),
    servedBrotliKb: sum(files, (f) => served(f, '.br')),
    servedGzipKb: sum(files, (f) => served(f, '.gz')),
    rawKb: sum(files, (f) => statSync(f).size),
    cssServedBrotliKb: sum(initialFiles(dist, 'css'), (f) => served(f, '.br')),
    totalChunks: readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js')).length,
  };
}

/** Initial JS budgets, gzip -9 kB (docs/BENCHMARKS.md). */
export const INITIAL_JS_BUDGET_KB = { admin: 150, respondent: 90 };
