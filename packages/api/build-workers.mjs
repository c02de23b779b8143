// The worker scripts, each its own bundle beside the server's (build.mjs). The api tests bundle them the
// same way once per run (test/bundle-workers.ts): a worker started from TypeScript source spends ~0.8 s
// of CPU in tsx's loader before its first line, a bundled one ~0.15 s.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** esbuild's options for the server and its workers alike. */
export const bundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  minifySyntax: true,
  legalComments: 'linked',
  logLevel: 'warning',
  external: ['@electric-sql/pglite', '@node-rs/argon2', 'stripe'],
  // CommonJS dependencies call require() for Node built-ins; give the ESM bundle one.
  banner: {
    js: "import { createRequire as __tielineRequire } from 'node:module'; const require = __tielineRequire(import.meta.url);",
  },
};

const entries = [
  // CPU-heavy work runs in child processes (src/workers/script-worker.ts).
  'src/workers/network-parse.ts',
  'src/workers/network-document.ts',
  'src/workers/discover-snapshot.ts',
  'src/workers/discover-summary.ts',
  'src/workers/network-metrics.ts',
  'src/workers/aona.ts',
  'src/workers/network-compare.ts',
  'src/workers/network-stability.ts',
  'src/workers/series-measures.ts',
  'src/workers/slack-export.ts',
  'src/workers/meltwater-parse.ts',
  'src/workers/xlsx-read.ts',
  // Their threads (@tieline/graph/node): all-pairs metrics and stability samples.
  '../graph/src/node/metrics-worker.ts',
  '../graph/src/node/stability-worker.ts',
];

/** Bundles every worker into `outdir` as `<name>.js`, with the server bundle's esbuild options. */
export async function buildWorkers(outdir) {
  await build({ ...bundleOptions, entryPoints: entries, outdir, entryNames: '[name]' });
}

/** Bundles the server (src/main.ts) into `outfile`: build.mjs writes dist/server.js, the api tests their own. */
export async function buildServer(outfile) {
  await build({ ...bundleOptions, entryPoints: [fileURLToPath(new URL('./src/main.ts', import.meta.url))], outfile });
}
