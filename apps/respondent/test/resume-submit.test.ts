import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { indexedDbStore, memoryStore, positionStore } from '../src/offline/pending-store';
import { resumePage } from '../src/offline/resume-page';
import { SaveQueue } from '../src/offline/save-queue';
import { contractServer, NEW, type TContractServer, text } from './contract-server';

// Where a reopened link resumes, what happens to changes made after an offline Submit, and conflicts
// that reach a queued submission.

const key = () => crypto.randomUUID();
const settle = () => new Promise((r) => setTimeout(r, 40));

function device(k: string, server: TContractServer, network = { online: true }) {
  return {
    key: k,
    store: indexedDbStore(),
    positions: positionStore(),
    send: server.send,
    debounceMs: 5,
    retryMs: 5,
    isOnline: () => network.online,
    conflictMessage: 'Paused',
  };
}

describe('resumePage', () => {
  const server = (revision: number, page: number | null) => ({ ...NEW, revision, page });
  const kept = { answers: [], dirty: [], seq: 1, revision: 5, page: 2, submit: false, sent: null };

  it('a response never saved opens on the welcome page; otherwise on the page of the last save', () => {
    expect(resumePage(server(0, null), undefined, undefined)).toBeNull();
    expect(resumePage(server(4, 2), undefined, undefined)).toBe(2);
  });

  it('this device’s page wins while nobody saved since, or while it holds unconfirmed changes', () => {
    expect(resumePage(server(5, 1), { page: 3, revision: 5 }, undefined)).toBe(3);
    expect(resumePage(server(7, 1), { page: 3, revision: 5 }, undefined)).toBe(1);
    expect(resumePage(server(7, 1), { page: 3, revision: 5 }, kept)).toBe(3);
    expect(resumePage(server(7, 1), undefined, kept)).toBe(2);
  });
});

describe('reopening a link', () => {
  it('on the same device returns to the page visited last, even without a save; elsewhere to the last saved page', async () => {
    const server = contractServer();
    const k = key();
    const phone = await SaveQueue.open(device(k, server), server.read());
    expect(phone.resumePage).toBeNull();
    phone.visit(0);
    await phone.flush({ force: true });
    phone.update([text('q1', 'on page 1')], ['q1'], 1);
    await phone.flush();
    phone.visit(2);
    await phone.persisted();
    phone.close();
    expect(server.page).toBe(1);

    expect((await SaveQueue.open(device(k, server), server.read())).resumePage).toBe(2);
    const laptop = await SaveQueue.open({ key: k, store: memoryStore(), send: server.send }, server.read());
    expect(laptop.resumePage).toBe(1);
    // The laptop saves from page 3: the phone, reopened, follows it.
    laptop.update([text('q1', 'on page 1'), text('q3', 'from the laptop')], ['q3'], 3);
    await laptop.flush();
    expect((await SaveQueue.open(device(k, server), server.read())).resumePage).toBe(3);
  });

  it('a submitted response forgets the position', async () => {
    const server = contractServer();
    const k = key();
    const queue = await SaveQueue.open(device(k, server), server.read());
    queue.update([text('q1', 'done')], ['q1'], 1);
    await queue.submit(1);
    await queue.persisted();
    expect(await positionStore().get(k)).toBeUndefined();
    expect((await SaveQueue.open(device(k, server), server.read())).resumePage).toBeNull();
  });
});

describe('a submission made offline', () => {
  it('leaves nothing while offline, can be taken back, and carries every change made before it leaves', async () => {
    const server = contractServer();
    const network = { online: false };
    const queue = await SaveQueue.open(device(key(), server, network), NEW);
    queue.update([text('q1', 'first')], ['q1'], 1);
    await queue.submit(1);
    expect(server.calls).toHaveLength(0);
    expect(queue.getState()).toMatchObject({ submitQueued: true, canWithdraw: true, offline: true });

    // The respondent takes it back, changes an answer and submits again, still offline.
    expect(queue.withdraw()).toBe(true);
    expect(queue.getState()).toMatchObject({ submitQueued: false, canWithdraw: false });
    queue.update([text('q1', 'changed after submitting')], ['q1'], 0);
    await queue.submit(1);
    // A change that reaches the queue while the submission waits goes with it too.
    queue.update([text('q1', 'changed after submitting'), text('q2', 'late')], ['q2'], 1);
    network.online = true;
    queue.setOnline(true);
    await settle();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({ submitted: true });
    expect(server.answers).toEqual([text('q1', 'changed after submitting'), text('q2', 'late')]);
    expect(queue.getState()).toMatchObject({ submitted: true, unconfirmed: false });
  });

  it('once the submission may have reached the server, it cannot be taken back and changes are refused', async () => {
    const server = contractServer();
    const queue = await SaveQueue.open({ ...device(key(), server), retryMs: 1000 }, NEW);
    queue.update([text('q1', 'sent')], ['q1'], 0);
    server.loseNextReply = true;
    await queue.submit(0);
    expect(queue.getState()).toMatchObject({ submitQueued: true, canWithdraw: false });
    expect(queue.withdraw()).toBe(false);
    queue.update([text('q1', 'too late')], ['q1'], 0);
    expect(queue.getState().answers).toEqual([text('q1', 'sent')]);
    await queue.flush();
    expect(queue.getState()).toMatchObject({ submitted: true, lateChanges: false });
  });

  it('is paused by an answer another device changed meanwhile: both answers kept, nothing submitted unseen', async () => {
    const server = contractServer();
    const network = { online: false };
    const k = key();
    const queue = await SaveQueue.open(device(k, server, network), NEW);
    queue.update([text('q1', 'phone'), text('q2', 'phone only')], ['q1', 'q2'], 0);
    await queue.submit(0);
    server.answers = [text('q1', 'tablet')];
    server.revision = 1;
    network.online = true;
    queue.setOnline(true);
    await settle();
    expect(server.submitted).toBe(false);
    expect(server.answers).toEqual([text('q1', 'phone'), text('q2', 'phone only')]);
    expect(queue.getState()).toMatchObject({
      submitQueued: false,
      refused: { message: 'Paused', problems: {} },
      conflicts: [{ questionId: 'q1', other: text('q1', 'tablet') }],
    });
    // The notice survives a reload until the respondent has looked at it.
    await queue.persisted();
    queue.close();
    const reopened = await SaveQueue.open(device(k, server, network), server.read());
    expect(reopened.getState().conflicts).toHaveLength(1);
    reopened.dismiss('q1');
    await reopened.submit(0);
    expect(server.submitted).toBe(true);
    await reopened.persisted();
    expect(await indexedDbStore().get(k)).toBeUndefined();
  });

  it('kept on a closed page after a failed send, is paused on reopening when the same answer changed elsewhere', async () => {
    const server = contractServer();
    const k = key();
    const phone = await SaveQueue.open({ ...device(k, server), retryMs: 60_000 }, NEW);
    server.offline = true;
    phone.update([text('q1', 'phone')], ['q1'], 0);
    await phone.submit(0);
    expect(phone.getState().canWithdraw).toBe(false);
    await phone.persisted();
    phone.close();
    server.offline = false;
    server.answers = [text('q1', 'tablet')];
    server.revision = 1;

    const reopened = await SaveQueue.open(device(k, server), server.read());
    await settle();
    expect(server.submitted).toBe(false);
    expect(reopened.getState()).toMatchObject({
      submitQueued: false,
      conflicts: [{ questionId: 'q1', other: text('q1', 'tablet') }],
      refused: { message: 'Paused' },
    });
    expect(server.answers).toEqual([text('q1', 'phone')]);
  });

  it('submitted on another device first: this device says its waiting changes were not saved', async () => {
    const server = contractServer();
    const queue = await SaveQueue.open(device(key(), server), NEW);
    server.submitted = true;
    queue.update([text('q1', 'after the other device submitted')], ['q1'], 0);
    await queue.flush();
    expect(queue.getState()).toMatchObject({ submitted: true, lateChanges: true, unconfirmed: false });
  });
});

describe('a retried save', () => {
  it('answered with a later revision (others saved after it) meets their answers instead of overwriting them', async () => {
    const server = contractServer();
    const queue = await SaveQueue.open({ ...device(key(), server), retryMs: 1000 }, NEW);
    server.loseNextReply = true;
    queue.update([text('q1', 'mine')], ['q1'], 0);
    await queue.flush();
    // Another device saves q2 on top of the applied save before this one hears back.
    server.answers = [...server.answers, text('q2', 'other device')];
    server.revision = 2;
    await queue.flush();
    expect(queue.getState().revision).toBe(1);
    queue.update([text('q1', 'mine, again')], ['q1'], 0);
    await queue.flush();
    expect(server.answers).toEqual([text('q1', 'mine, again'), text('q2', 'other device')]);
  });
});
