import { randomUUID } from 'node:crypto';
import { RESULT_PART, type TParentMessage, type TWorkerMessage } from './script-worker';

// The worker's side of runScriptWorker (script-worker.ts): a child process whose input arrives as the
// first message and whose progress, requests and result go back over the IPC channel. A worker script
// imports this first: `await workerInput()`, `post(...)` for progress, `nextAnswer()` for a streaming
// worker, `postResult(value)` at the end.

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

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' &&
  v !== null &&
  (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/**
 * The result, to the server. Its long arrays (rows, people, ties) travel first, RESULT_PART elements a
 * message, each sent once the server has taken the one before, and the rest follows with a placeholder
 * where each array was: the server reads one part a turn and keeps answering others, where one message
 * of 80,000 list rows took it ~250 ms to read. The placeholder is an object whose one key is this run's
 * random mark, which no uploaded data can spell.
 */
export async function postResult<T>(value: T): Promise<void> {
  const mark = `\u0000tieline-part:${randomUUID()}`;
  let next = 0;
  const split = async (v: unknown): Promise<unknown> => {
    if (Array.isArray(v)) {
      if (v.length <= RESULT_PART) {
        const out: unknown[] = [];
        for (const item of v) out.push(await split(item));
        return out;
      }
      const id = next++;
      for (let i = 0; i < v.length; i += RESULT_PART) {
        post({ kind: 'part', mark, id, items: v.slice(i, i + RESULT_PART) });
        await nextAnswer();
      }
      return { [mark]: id };
    }
    if (!isPlain(v)) return v;
    const entries: [string, unknown][] = [];
    for (const [key, item] of Object.entries(v)) entries.push([key, await split(item)]);
    return Object.fromEntries(entries);
  };
  post({ kind: 'result', value: (await split(value)) as T });
}
