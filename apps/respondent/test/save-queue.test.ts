import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { indexedDbStore } from '../src/offline/pending-store';
import { SaveQueue } from '../src/offline/save-queue';
import { contractServer, NEW, text } from './contract-server';

const key = () => crypto.randomUUID();
const options = (k: string, server: ReturnType<typeof contractServer>) => ({
  key: k,
  store: indexedDbStore(),
  send: server.send,
  debounceMs: 5,
  retryMs: 5,
});
const settle = () => new Promise((r) => setTimeout(r, 40));

describe('SaveQueue', () => {
  it('saves typed answers after a pause and forgets them once confirmed', async () => {
    const server = contractServer();
    const k = key();
    const queue = await SaveQueue.open(options(k, server), NEW);
    queue.update([text('q1', 'h')], ['q1'], 0);
    queue.update([text('q1', 'hello')], ['q1'], 0);
    await settle();
    expect(server.calls).toHaveLength(1);
    expect(server.answers).toEqual([text('q1', 'hello')]);
    expect(queue.getState()).toMatchObject({ unconfirmed: false, revision: 1, offline: false });
    await queue.persisted();
    expect(await indexedDbStore().get(k)).toBeUndefined();
  });

  it('keeps answers on the device while offline, retries with the same saveId, and sends them when back', async () => {
    const server = contractServer();
    const k = key();
    const queue = await SaveQueue.open({ ...options(k, server), retryMs: 1000 }, NEW);
    server.offline = true;
    queue.update([text('q1', 'typed offline')], ['q1'], 1);
    await queue.flush();
    expect(queue.getState()).toMatchObject({ offline: true, unconfirmed: true });
    await queue.persisted();
    expect((await indexedDbStore().get(k))?.answers).toEqual([text('q1', 'typed offline')]);

    // The device is closed: a new page on the same device restores the answers and sends them.
    queue.close();
    server.offline = false;
    const reopened = await SaveQueue.open(options(k, server), NEW);
    expect(reopened.getState().answers).toEqual([text('q1', 'typed offline')]);
    await settle();
    expect(server.answers).toEqual([text('q1', 'typed offline')]);
    const ids = server.calls.map((c) => c.saveId);
    expect(new Set(ids).size).toBe(1);
    expect(reopened.getState().unconfirmed).toBe(false);
  });

  it('applies a save once when its reply was lost', async () => {
    const server = contractServer();
    const queue = await SaveQueue.open(options(key(), server), NEW);
    server.loseNextReply = true;
    queue.update([text('q1', 'once')], ['q1'], 0);
    await queue.flush();
    expect(queue.getState().offline).toBe(true);
    await settle();
    expect(server.revision).toBe(1);
    expect(server.calls.map((c) => c.saveId)).toEqual([server.calls[0]!.saveId, server.calls[0]!.saveId]);
    expect(queue.getState()).toMatchObject({ offline: false, unconfirmed: false, revision: 1 });
  });

  it('merges over answers saved elsewhere (409) and retries with the new revision', async () => {
    const server = contractServer();
    const queue = await SaveQueue.open(options(key(), server), NEW);
    // Another device saves q2 first.
    server.answers = [text('q2', 'other device')];
    server.revision = 4;
    queue.update([text('q1', 'this device')], ['q1'], 0);
    await queue.flush();
    expect(server.answers).toEqual([text('q2', 'other device'), text('q1', 'this device')]);
    expect(queue.getState().answers).toEqual(server.answers);
    expect(server.calls.map((c) => c.revision)).toEqual([0, 4]);
  });

  it('does not lose a change made while a save is on its way', async () => {
    const server = contractServer();
    const queue = await SaveQueue.open(options(key(), server), NEW);
    queue.update([text('q1', 'first')], ['q1'], 0);
    const first = queue.flush();
    queue.update([text('q1', 'first'), text('q2', 'second')], ['q2'], 0);
    await first;
    await settle();
    expect(server.answers).toEqual([text('q1', 'first'), text('q2', 'second')]);
    expect(queue.getState().unconfirmed).toBe(false);
  });

  it('queues a submission while offline and completes it when back online', async () => {
    const server = contractServer();
    const k = key();
    const queue = await SaveQueue.open({ ...options(k, server), retryMs: 1000 }, NEW);
    queue.update([text('q1', 'done')], ['q1'], 2);
    server.offline = true;
    await queue.submit(2);
    expect(queue.getState()).toMatchObject({ submitQueued: true, submitted: false, offline: true });
    server.offline = false;
    queue.setOnline(true);
    await settle();
    expect(server.submitted).toBe(true);
    expect(queue.getState()).toMatchObject({ submitted: true, submitQueued: false, unconfirmed: false });
    await queue.persisted();
    expect(await indexedDbStore().get(k)).toBeUndefined();
  });

  it('reports a refused submission with its problems', async () => {
    const queue = await SaveQueue.open(
      {
        key: key(),
        store: indexedDbStore(),
        send: async () => ({
          kind: 'invalid',
          message: 'Invalid answers',
          problems: { q1: 'Please enter a response' },
        }),
      },
      NEW,
    );
    await queue.submit(0);
    expect(queue.getState()).toMatchObject({
      submitted: false,
      submitQueued: false,
      refused: { problems: { q1: 'Please enter a response' } },
    });
  });

  it('a Continue save is sent even without changes; preview sends nothing', async () => {
    const server = contractServer();
    const queue = await SaveQueue.open(options(key(), server), NEW);
    await queue.flush({ force: true, page: 0 });
    expect(server.calls).toHaveLength(1);
    const preview = await SaveQueue.open({ ...options(key(), server), dryRun: true }, NEW);
    preview.update([text('q1', 'x')], ['q1'], 0);
    await preview.flush({ force: true });
    await settle();
    expect(server.calls).toHaveLength(1);
    expect(preview.getState().answers).toEqual([text('q1', 'x')]);
  });
});
