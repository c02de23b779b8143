import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { saveLabel } from '../src/flow/last-saved';
import { indexedDbStore, positionStore } from '../src/offline/pending-store';
import { SaveQueue } from '../src/offline/save-queue';
import { contractServer, NEW, text } from './contract-server';

// The save state under the page title (issue 25): a reopened link whose answers the server holds says
// they are saved, as it does after a save in the same visit; never 'Not saved yet'.

const settle = () => new Promise((r) => setTimeout(r, 40));
const options = (key: string, server: ReturnType<typeof contractServer>) => ({
  key,
  store: indexedDbStore(),
  positions: positionStore(),
  send: server.send,
  debounceMs: 5,
  retryMs: 5,
});
const labelOf = (queue: SaveQueue, now = Date.now()) => {
  const s = queue.getState();
  return saveLabel({ at: s.lastSaved, savedBefore: s.savedBefore, saving: s.saving, deviceOnly: false }, now);
};

describe('the save label', () => {
  it('a response never saved is not saved yet; saving shows while the first save is out', () => {
    expect(saveLabel({ at: null, savedBefore: false, saving: false, deviceOnly: false }, 0)).toBe('Not saved yet');
    expect(saveLabel({ at: null, savedBefore: false, saving: true, deviceOnly: false }, 0)).toBe('Saving…');
  });

  it('a save in this visit shows its time; offline changes wait on the device', () => {
    expect(saveLabel({ at: 1000, savedBefore: false, saving: false, deviceOnly: false }, 4000)).toBe(
      'Last saved 3 seconds ago',
    );
    expect(saveLabel({ at: 1000, savedBefore: true, saving: false, deviceOnly: false }, 61_000)).toBe(
      'Last saved 1 minute ago',
    );
    expect(saveLabel({ at: null, savedBefore: true, saving: false, deviceOnly: true }, 0)).toBe('Saved on this device');
  });

  it('answers saved on an earlier visit read as saved, also while this visit saves again', () => {
    expect(saveLabel({ at: null, savedBefore: true, saving: false, deviceOnly: false }, 0)).toBe('Saved');
    expect(saveLabel({ at: null, savedBefore: true, saving: true, deviceOnly: false }, 0)).toBe('Saved');
  });

  it('reopening a link after answers were saved says Saved; a new link says Not saved yet', async () => {
    const server = contractServer();
    const key = crypto.randomUUID();
    const first = await SaveQueue.open(options(key, server), NEW);
    expect(first.getState().savedBefore).toBe(false);
    expect(labelOf(first)).toBe('Not saved yet');
    first.update([text('q1', 'Engineer')], ['q1'], 0);
    await settle();
    expect(server.revision).toBe(1);
    expect(labelOf(first)).toMatch(/^Last saved \d+ seconds? ago$/);
    first.close();

    // The same link opened again (this device or another): nothing saved in this visit yet.
    const again = await SaveQueue.open(options(key, server), server.read());
    expect(again.getState().lastSaved).toBeNull();
    expect(again.getState().savedBefore).toBe(true);
    expect(labelOf(again)).toBe('Saved');
    again.close();
  });
});
