import { pipeAnswers } from '@tieline/validation';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { saveResponse } from '../lib/api';
import { TEXT } from '../lib/messages';
import { indexedDbStore, memoryStore, positionStore } from '../offline/pending-store';
import type { TQueueState } from '../offline/queue-types';
import { SaveQueue } from '../offline/save-queue';
import type { TLoaded } from './use-survey';

const RETRY_EVERY_MS = 15_000;
const SETS = new Set(['multipleSelection', 'searchAndSelect', 'matrixSelection']);

/**
 * The save queue of this response (preview: a queue that keeps answers in memory and sends nothing),
 * wired to the browser's online/offline events and a periodic retry.
 */
export function useSaveQueue(data: TLoaded, randomUUID: string | null): SaveQueue | null {
  const [queue, setQueue] = useState<SaveQueue | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once per loaded response.
  useEffect(() => {
    let canceled = false;
    let opened: SaveQueue | null = null;
    const { survey, response } = data;
    const live = randomUUID !== null;
    // Selections of multiple-choice questions (and matrix rows) merge as sets when two devices change them.
    const multiple = new Set(
      survey.questions.filter((q) => q.allowMultipleSelections && SETS.has(q.type)).map((q) => q._id),
    );
    SaveQueue.open(
      {
        key: randomUUID ?? `preview:${survey._id}`,
        store: live ? indexedDbStore() : memoryStore(),
        send: (save) => saveResponse(randomUUID ?? '', survey._id, save),
        dryRun: !live,
        ...(live ? { positions: positionStore() } : {}),
        isOnline: () => navigator.onLine,
        multiple: (id) => multiple.has(id),
        tidy: (answers) => pipeAnswers(survey.questions, answers),
        conflictMessage: TEXT.conflictPaused,
      },
      {
        answers: response?.answers ?? [],
        revision: response?.revision ?? 0,
        submitted: response ? response.submitted !== null || response.status === 'Submitted' : false,
        page: response?.page ?? null,
      },
    ).then((q) => {
      if (canceled) return q.close();
      opened = q;
      if (!navigator.onLine) q.setOnline(false);
      setQueue(q);
    });
    const online = () => opened?.setOnline(true);
    const offline = () => opened?.setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    const timer = window.setInterval(() => opened?.tick(), RETRY_EVERY_MS);
    return () => {
      canceled = true;
      opened?.close();
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.clearInterval(timer);
    };
  }, [data]);

  return queue;
}

const NONE: TQueueState = {
  answers: [],
  revision: 0,
  offline: false,
  saving: false,
  lastSaved: null,
  savedBefore: false,
  unconfirmed: false,
  submitQueued: false,
  canWithdraw: false,
  submitted: false,
  refused: null,
  conflicts: [],
  lateChanges: false,
};
const noop = () => () => undefined;

export function useQueueState(queue: SaveQueue | null): TQueueState {
  return useSyncExternalStore(queue?.subscribe ?? noop, queue?.getState ?? (() => NONE));
}
