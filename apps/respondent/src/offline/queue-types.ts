import type { TAnswer } from '@tieline/validation';
import type { TConflict } from './merge';
import type { TPendingStore, TPosition, TSentSave, TStore } from './pending-store';

// The save queue's contract with the flow (state, options) and with lib/api.ts (what a save came back with).

/** What one PUT came back with, as the queue needs it (lib/api.ts maps HTTP onto this). */
export type TSendOutcome =
  | { kind: 'ok'; revision: number }
  | { kind: 'stale'; revision: number; answers: TAnswer[] }
  | { kind: 'invalid'; message: string; problems: Record<string, string> }
  | { kind: 'alreadySubmitted' }
  /** Not reached, or a server error: try again later with the same saveId. */
  | { kind: 'unreachable' };

export type TSend = (save: Omit<TSentSave, 'seq'>) => Promise<TSendOutcome>;

export interface TQueueState {
  answers: TAnswer[];
  revision: number;
  /** The last save failed to reach the server (or the browser says it is offline). */
  offline: boolean;
  saving: boolean;
  /** Time of the last confirmed save of this visit (ms), null before the first. */
  lastSaved: number | null;
  /** The server held saves of this response when it opened (a reopened link): its answers are saved. */
  savedBefore: boolean;
  /** Changes (or a submission) not yet confirmed by the server. */
  unconfirmed: boolean;
  /** A submission is queued and not yet confirmed. */
  submitQueued: boolean;
  /** The queued submission has not left this device: it can still be taken back to change answers. */
  canWithdraw: boolean;
  submitted: boolean;
  /** The server refused the submission (or paused it over a conflict): its message and problems by question id. */
  refused: { message: string; problems: Record<string, string> } | null;
  /** Questions also answered differently on another device, until the respondent picks one answer. */
  conflicts: TConflict[];
  /** Changes made here reached the server after the response was submitted elsewhere: not saved. */
  lateChanges: boolean;
}

export interface TQueueOptions {
  key: string;
  store: TPendingStore;
  send: TSend;
  newSaveId?: () => string;
  now?: () => number;
  debounceMs?: number;
  /** Delay before the first retry after a failure; doubles up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Preview: answers are kept in memory only and never sent. */
  dryRun?: boolean;
  /** Where the respondent is on this device (resuming a reopened link). */
  positions?: TStore<TPosition>;
  /** False while the browser knows it has no network: nothing is sent, so nothing queued has left. */
  isOnline?: () => boolean;
  /** Questions whose selections merge as sets (multiple choice). */
  multiple?: (questionId: string) => boolean;
  /** Run over merged answers (piping: rows follow the merged selections). */
  tidy?: (answers: TAnswer[]) => TAnswer[];
  /** What the respondent is told when a submission is paused over a conflict. */
  conflictMessage?: string;
}

/** The server's side of a response, as the link's read answers it. */
export interface TServerResponse {
  answers: TAnswer[];
  revision: number;
  submitted: boolean;
  /** The page of the last accepted save; null before any. */
  page: number | null;
}
