import { RESULT_PART } from '../../src/workers/script-worker';
import { postResult, workerInput } from '../../src/workers/worker-side';

// A worker (test/script-worker.test.ts) whose result holds long arrays, nested, beside data that looks
// like a part's placeholder: postResult sends the long ones in parts, one each server turn.

// What crosses the channel is counted here, and the count rides on the result.
const send = process.send!.bind(process);
let partsSent = 0;
process.send = ((message: { kind: string; value?: Record<string, unknown> }, ...rest: never[]) => {
  if (message.kind === 'part') partsSent += 1;
  if (message.kind === 'result') message.value = { ...message.value, partsSent };
  return send(message, ...rest);
}) as typeof process.send;

const { n } = await workerInput<{ n: number }>();
const rows = Array.from({ length: n }, (_, i) => ({ name: `P${i}`, cells: [String(i), 'x'] }));
await postResult({
  ok: true,
  list: { name: 'Sheet', rows, nested: [[...rows.slice(0, 3)], Array.from({ length: RESULT_PART + 1 }, (_, i) => i)] },
  look: { '\u0000tieline-part:guess': 0 },
  proto: JSON.parse('{"__proto__": {"polluted": true}}'),
  bytes: new Uint8Array([1, 2, 3]),
});
