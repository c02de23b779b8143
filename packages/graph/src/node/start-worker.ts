import { type ResourceLimits, Worker } from 'node:worker_threads';

// How a worker script is found, from TypeScript source and from a bundle alike (README.md). In a bundle
// (packages/api/build.mjs) the worker is `<name>.js` beside the bundle file; from source (vitest, tsx)
// it is `<name>.ts` beside the caller, imported after tsx's loader is registered inside the worker:
// Node 20 workers do not take loaders through execArgv.

/** Starts the worker script `name` that lies beside `base` (the caller's `import.meta.url`). */
export function startWorker(name: string, base: string, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  const fromSource = base.endsWith('.ts');
  const url = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, base);
  if (!fromSource) return new Worker(url, { workerData, resourceLimits });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const code = `import(${tsx}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(code, { eval: true, workerData, resourceLimits });
}
