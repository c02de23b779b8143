// Bundles the server and its npm dependencies into dist/server.js: one file parses faster at start than
// hundreds of modules resolved one by one. PGlite (WASM and data files beside its code) and argon2 (a
// native addon) stay external and load from node_modules, as does the payment provider's library (~1 MB,
// loaded only when payments are configured: services/billing/payments.ts).
import { build } from 'esbuild';
import { buildServer, buildWorkers, bundleOptions as options } from './build-workers.mjs';

await buildServer('dist/server.js');
// The command that makes a super admin (README "Administration") opens the same database as the server.
await build({ ...options, entryPoints: ['src/make-super-admin.ts'], outfile: 'dist/make-super-admin.js' });
// The worker processes and threads (src/workers/script-worker.ts, @tieline/graph/node) load from beside the bundle.
await buildWorkers('dist');
