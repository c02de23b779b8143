import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLimits } from '../src/connectors/slack/export-sync';
import { RESULT_PART, runScriptWorker, WorkerDiedError } from '../src/workers/script-worker';
import type { TSlackExportAnswer, TSlackExportWorkerInput } from '../src/workers/slack-export';
import { zipOf } from './passive-slack-export-fixtures';

// runScriptWorker's deaths, with the real slack-export worker under tiny limits: past its heap cap it
// dies of memory, past its time limit of time, and a worker that ends without answering of exit; each
// rejects with a WorkerDiedError saying which, and the test process (the server) lives on. A worker
// that streams batches waits for each answer, and one the server refuses stops it.

const limits = readLimits({
  SLACK_EXPORT_MAX_BYTES: 1024 ** 3,
  SLACK_EXPORT_MAX_FILES: 100,
  SLACK_EXPORT_WORKER_HEAP_MB: 512,
});
const USERS = [
  { id: 'U1', team_id: 'T1', profile: { email: 'ann@acme.com' } },
  { id: 'U2', team_id: 'T1', profile: { email: 'bob@acme.com' } },
];

async function exportFile(files: Record<string, unknown>) {
  const path = join(await mkdtemp(join(tmpdir(), 'tieline-worker-')), 'export.zip');
  await writeFile(path, await zipOf(files));
  return path;
}

const deathOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof WorkerDiedError ? { reason: error.reason, words: error.words } : error),
  );

describe('runScriptWorker', { timeout: 120_000 }, () => {
  it('answers what the worker answers: the workspace of an export', async () => {
    const path = await exportFile({ 'users.json': USERS, 'channels.json': [] });
    const input: TSlackExportWorkerInput = { mode: 'check', path, limits };
    expect(await runScriptWorker<TSlackExportAnswer>('slack-export', input)).toEqual({
      ok: true,
      teamId: 'T1',
      people: 2,
    });
  });

  it("sends a result's long arrays in parts, a server turn each, and puts them back in place", async () => {
    let turns = 0;
    const ticking = setInterval(() => {
      turns += 1;
    }, 0);
    const n = 5 * RESULT_PART + 7;
    const answer = await runScriptWorker<Record<string, unknown>>('../../test/workers/long-answer', { n }).finally(() =>
      clearInterval(ticking),
    );
    const rows = Array.from({ length: n }, (_, i) => ({ name: `P${i}`, cells: [String(i), 'x'] }));
    expect(answer).toEqual({
      ok: true,
      list: {
        name: 'Sheet',
        rows,
        nested: [[...rows.slice(0, 3)], Array.from({ length: RESULT_PART + 1 }, (_, i) => i)],
      },
      look: { '\u0000tieline-part:guess': 0 },
      proto: JSON.parse('{"__proto__": {"polluted": true}}'),
      bytes: new Uint8Array([1, 2, 3]),
      // Six parts of the rows, two of the numbers.
      partsSent: 8,
    });
    expect(Object.getPrototypeOf(answer.proto)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The server had turns while the parts came.
    expect(turns).toBeGreaterThanOrEqual(8);
  });

  it('a worker past its heap cap dies of memory', async () => {
    // ~20 MB of messages in one day file: parsed, far more than a 24 MB heap (many small objects: the
    // kind of allocation V8 stops gracefully, see export-zip.ts on the kind it cannot).
    const messages = Array.from({ length: 60_000 }, (_, i) => ({
      type: 'message',
      ts: `${1709280000 + i}.000100`,
      user: 'U1',
      text: `<@U2> ${Math.random().toString(36).repeat(6)}`,
    }));
    const path = await exportFile({
      'users.json': USERS,
      'channels.json': [{ id: 'C1', name: 'general', members: ['U1', 'U2'] }],
      'general/2024-03-01.json': messages,
    });
    const input: TSlackExportWorkerInput = { mode: 'import', path, limits, cursors: {}, fieldLabels: {} };
    const dying = runScriptWorker('slack-export', input, undefined, { heapMb: 24, onRequest: async () => null });
    expect(await deathOf(dying)).toEqual({ reason: 'memory', words: 'ran out of memory' });
  });

  it('a worker that grows one array past its heap cap dies of memory, alone', async () => {
    // In a worker thread this aborted the test process itself (exit 134): the reason workers are processes.
    expect(await deathOf(runScriptWorker('../../test/workers/one-array', null, undefined, { heapMb: 64 }))).toEqual({
      reason: 'memory',
      words: 'ran out of memory',
    });
  });

  it('a worker whose report of memory comes in one write with kilobytes of trace after it dies of memory', async () => {
    expect(await deathOf(runScriptWorker('../../test/workers/long-report', null))).toEqual({
      reason: 'memory',
      words: 'ran out of memory',
    });
  });

  it('a worker past its time limit dies of time', async () => {
    const path = await exportFile({ 'users.json': USERS, 'channels.json': [] });
    const input: TSlackExportWorkerInput = { mode: 'check', path, limits };
    expect(await deathOf(runScriptWorker('slack-export', input, undefined, { timeMs: 5 }))).toEqual({
      reason: 'time',
      words: 'ran past its time limit',
    });
  });

  it('a worker that ends without answering dies of exit', async () => {
    // Resolved beside script-worker.ts: the test worker under test/workers.
    expect(await deathOf(runScriptWorker('../../test/workers/exits', null))).toEqual({
      reason: 'exit',
      words: 'stopped unexpectedly',
    });
  });

  it('a streaming worker waits for each answer; a request the server refuses stops it with that error', async () => {
    const path = await exportFile({
      'users.json': USERS,
      'channels.json': [{ id: 'C1', name: 'general', members: ['U1', 'U2'] }],
      'general/2024-03-01.json': [{ type: 'message', ts: '1709280000.000100', user: 'U1', text: '<@U2>' }],
    });
    const input: TSlackExportWorkerInput = { mode: 'import', path, limits, cursors: {}, fieldLabels: {} };
    const asked: string[] = [];
    const answer = await runScriptWorker<TSlackExportAnswer>('slack-export', input, undefined, {
      onRequest: async (request) => {
        const r = request as { type: string; label?: string };
        asked.push(r.label ?? r.type);
        return null;
      },
    });
    expect(answer).toEqual({
      ok: true,
      summary: { people: 2, conversations: 1, messages: 1, interactions: 1, fields: {} },
    });
    expect(asked).toEqual([
      'users.json',
      'people',
      'channels.json',
      'groups.json',
      'dms.json',
      'mpims.json',
      'conversations',
      'conversation general',
      'interactions',
    ]);

    const refused = runScriptWorker('slack-export', input, undefined, {
      onRequest: async (request) => {
        if ((request as { type: string }).type === 'people') throw new Error('disk full');
        return null;
      },
    });
    await expect(refused).rejects.toThrow('disk full');
  });
});
