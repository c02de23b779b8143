import type { TParentMessage, TWorkerMessage } from './script-worker';

// The worker's side of runScriptWorker (script-worker.ts): a child process whose input arrives as the
// first message and whose progress, requests and result go back over the IPC channel. A worker script
// imports this first: `await workerInput()`, `post(...)`, `nextAnswer()` for a streaming worker.

const inbox: TParentMessage[] = [];
const waiting: ((message: TParentMessage) => void)[] = [];

process.on('message', (message: TParentMessage) => {
  const take = waiting.shift();
  if (take) take(message);
  else inbox.push(message);
});
// The server went (killed, crashed): nobody is left to answer to, and nothing may outlive it.
process.on('disconnect', () => process.exit(1));
// A fault in the work is the run's error (the server rejects the run with it), then the process ends.
const fail = (error: unknown) => {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  if (process.send) process.send({ kind: 'error', message }, () => process.exit(1));
  else process.exit(1);
};
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);

const receive = () =>
  new Promise<TParentMessage>((resolve) => {
    const next = inbox.shift();
    if (next) resolve(next);
    else waiting.push(resolve);
  });

/** The run's input (the server's `workerData`). */
export async function workerInput<T>(): Promise<T> {
  const message = await receive();
  if (message.kind !== 'input') throw new Error(`A worker's first message is its input, not ${message.kind}`);
  return message.value as T;
}

/** Progress, a request or the result, to the server. */
export function post<T>(message: TWorkerMessage<T> | { kind: 'error'; message: string }): void {
  process.send?.(message);
}

/** The server's answer to the request just posted. */
export async function nextAnswer(): Promise<unknown> {
  return (await receive()).value;
}
