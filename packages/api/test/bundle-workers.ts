import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
// @ts-expect-error: a plain ES module shared with build.mjs, without types
import { buildServer, buildWorkers } from '../build-workers.mjs';

// Vitest global setup: the worker scripts and the server bundled once for the whole run, as build.mjs
// bundles them (src/workers/script-worker.ts reads TIELINE_WORKER_DIR; test/process-helpers.ts starts
// `server.js` from there). The test files inherit the variable. From TypeScript source, a worker spends
// ~0.8 s of CPU in tsx's loader at each start, and a server ~2.5 s more than its bundle.
export default async function bundleWorkers(): Promise<() => Promise<void>> {
  // Directly inside the package, as dist/ is: the server finds the repository (migrations, apps) two
  // folders above its own, and the bundles' external packages (PGlite, argon2) resolve from node_modules.
  const dir = await mkdtemp(join(import.meta.dirname, '..', '.test-bundle-'));
  await Promise.all([buildWorkers(dir), buildServer(join(dir, 'server.js'))]);
  process.env.TIELINE_WORKER_DIR = dir;
  return () => rm(dir, { recursive: true, force: true });
}
