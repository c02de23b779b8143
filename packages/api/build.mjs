// Bundles the server and its npm dependencies into dist/server.js: one file parses faster at start than
// hundreds of modules resolved one by one. PGlite (WASM and data files beside its code) and argon2 (a
// native addon) stay external and load from node_modules, as does the payment provider's library (~1 MB,
// loaded only when payments are configured: services/billing/payments.ts).
import { build } from 'esbuild';

const options = {
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
await build({ ...options, entryPoints: ['src/main.ts'], outfile: 'dist/server.js' });
// The command that makes a super admin (README "Administration") opens the same database as the server.
await build({ ...options, entryPoints: ['src/make-super-admin.ts'], outfile: 'dist/make-super-admin.js' });
// The network-metrics worker threads (@tieline/graph/node) load this file from beside the bundle.
await build({ ...options, entryPoints: ['../graph/src/node/metrics-worker.ts'], outfile: 'dist/metrics-worker.js' });
// Network files are read in a worker thread (src/workers/script-worker.ts) loaded from beside the bundle.
await build({ ...options, entryPoints: ['src/workers/network-parse.ts'], outfile: 'dist/network-parse.js' });
await build({ ...options, entryPoints: ['src/workers/network-metrics.ts'], outfile: 'dist/network-metrics.js' });
await build({ ...options, entryPoints: ['src/workers/aona.ts'], outfile: 'dist/aona.js' });
// Change over time (issue 34): comparisons, and stability with its sample threads (@tieline/graph/node).
await build({ ...options, entryPoints: ['src/workers/network-compare.ts'], outfile: 'dist/network-compare.js' });
await build({ ...options, entryPoints: ['src/workers/network-stability.ts'], outfile: 'dist/network-stability.js' });
await build({
  ...options,
  entryPoints: ['../graph/src/node/stability-worker.ts'],
  outfile: 'dist/stability-worker.js',
});
await build({ ...options, entryPoints: ['src/workers/series-measures.ts'], outfile: 'dist/series-measures.js' });
// A Slack export is read (upload check and import) in this worker thread, under a heap cap and a time limit.
await build({ ...options, entryPoints: ['src/workers/slack-export.ts'], outfile: 'dist/slack-export.js' });
// Meltwater exports and uploaded spreadsheets are parsed in worker threads too (issue 36).
await build({ ...options, entryPoints: ['src/workers/meltwater-parse.ts'], outfile: 'dist/meltwater-parse.js' });
await build({ ...options, entryPoints: ['src/workers/xlsx-read.ts'], outfile: 'dist/xlsx-read.js' });
