import { startWorker } from '@tieline/graph/node';

// CPU-heavy work (reading an uploaded network, writing and reading a survey's workbook) runs in a
// worker thread so the server keeps answering while it works. In the bundle (build.mjs) a worker is
// `<name>.js` beside dist/server.js; from TypeScript source it is `<name>.ts` beside this file
// (startWorker, @tieline/graph/node).

/** What a one-shot worker posts: progress while it works, then its one result. */
export type TWorkerMessage<T> = { kind: 'progress'; fraction: number } | { kind: 'result'; value: T };

/**
 * Runs a one-shot worker: resolves with its result, passes its progress on, and rejects when it fails
 * or exits without a result.
 */
export function runScriptWorker<T>(
  name: string,
  workerData: unknown,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = startWorker(name, import.meta.url, workerData);
    let answered = false;
    worker.on('message', (message: TWorkerMessage<T>) => {
      if (message.kind === 'progress') return onProgress?.(message.fraction);
      answered = true;
      resolve(message.value);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`worker ${name} exited with code ${code} before answering`));
    });
  });
}
