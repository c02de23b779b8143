import type { TAnswer } from '@tieline/validation';
import { mergeAnswers } from './merge';
import type { TPending, TPendingStore, TSentSave } from './pending-store';

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
  /** Time of the last confirmed save (ms), null before the first. */
  lastSaved: number | null;
  /** Changes (or a submission) not yet confirmed by the server. */
  unconfirmed: boolean;
  /** A submission is queued and not yet confirmed. */
  submitQueued: boolean;
  submitted: boolean;
  /** The server refused the submission: its message and problems by question id. */
  refused: { message: string; problems: Record<string, string> } | null;
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
}

const MAX_STALE_RETRIES = 5;

export function newSaveId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * The answers of one response and the saves that carry them to the server (spec §4 "nothing lost").
 * Every change is written to the pending store first; saves send the latest answers with the revision
 * last seen and a fresh saveId, debounced while typing and at once on Next or Submit. A save that did not
 * reach the server is retried as it was (same saveId and body), so it applies at most once; a stale save
 * (409) merges this device's unconfirmed changes over the server's answers and is sent again.
 */
export class SaveQueue {
  private p: TPending;
  private state: TQueueState;
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private retryDelay: number;
  private writes: Promise<void> = Promise.resolve();
  private readonly o: Required<TQueueOptions>;
  private closed = false;

  private constructor(options: TQueueOptions, pending: TPending, submitted: boolean) {
    this.o = {
      newSaveId,
      now: Date.now,
      debounceMs: 800,
      retryMs: 2000,
      maxRetryMs: 30_000,
      dryRun: false,
      ...options,
    };
    this.retryDelay = this.o.retryMs;
    this.p = pending;
    this.state = {
      answers: pending.answers,
      revision: pending.revision,
      offline: false,
      saving: false,
      lastSaved: null,
      unconfirmed: false,
      submitQueued: false,
      submitted,
      refused: null,
    };
    this.sync();
  }

  /**
   * Opens the queue of one response: the server's answers with whatever this device kept unconfirmed
   * merged on top. Sends the kept changes at once.
   */
  static async open(
    options: TQueueOptions,
    server: { answers: TAnswer[]; revision: number; submitted: boolean },
  ): Promise<SaveQueue> {
    const kept = server.submitted ? undefined : await options.store.get(options.key).catch(() => undefined);
    if (server.submitted) await options.store.delete(options.key).catch(() => undefined);
    const pending: TPending = kept
      ? {
          ...kept,
          answers: mergeAnswers(
            server.answers,
            kept.answers,
            kept.dirty.map(([id]) => id),
          ),
          revision: server.revision,
        }
      : { answers: server.answers, dirty: [], seq: 0, revision: server.revision, page: 0, submit: false, sent: null };
    const queue = new SaveQueue(options, pending, server.submitted);
    if (kept && queue.hasWork()) void queue.flush();
    return queue;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): TQueueState => this.state;

  /** The page the respondent was on when they last changed something (kept for the server's history). */
  get page(): number {
    return this.p.page;
  }

  /** New answers after a change to the given questions; saved after a pause in typing. */
  update(answers: TAnswer[], changed: readonly string[], page: number): void {
    if (this.state.submitted) return;
    this.p.seq += 1;
    const dirty = new Map(this.p.dirty);
    for (const id of changed) dirty.set(id, this.p.seq);
    this.p = { ...this.p, answers, dirty: [...dirty], page };
    this.persist();
    this.sync();
    if (this.o.dryRun) return;
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.flush(), this.o.debounceMs);
  }

  /** Saves now (Continue, Next): with `force`, even when nothing changed (the first save starts a response). */
  flush(options: { force?: boolean; page?: number } = {}): Promise<void> {
    clearTimeout(this.debounce);
    if (options.page !== undefined) this.p = { ...this.p, page: options.page };
    if (this.o.dryRun) return Promise.resolve();
    return this.drain(options.force ?? false);
  }

  /** Queues the submission and sends it; resolves when the server answered or the send failed. */
  submit(page: number): Promise<void> {
    if (this.state.submitted) return Promise.resolve();
    this.p = { ...this.p, submit: true, page };
    this.persist();
    this.state = { ...this.state, refused: null };
    this.sync();
    return this.flush();
  }

  /** The browser went offline or back online. */
  setOnline(online: boolean): void {
    if (!online) {
      this.state = { ...this.state, offline: true };
      this.emit();
      return;
    }
    this.retryDelay = this.o.retryMs;
    if (this.hasWork()) void this.flush();
    else {
      this.state = { ...this.state, offline: false };
      this.emit();
    }
  }

  /** Periodic safety net: sends whatever is still unconfirmed. */
  tick(): void {
    if (this.hasWork() && !this.running) void this.flush();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.debounce);
    clearTimeout(this.retry);
    this.listeners.clear();
  }

  /** Resolves once every change so far is written to the pending store. */
  persisted(): Promise<void> {
    return this.writes;
  }

  private hasWork(): boolean {
    return this.p.dirty.length > 0 || this.p.submit || this.p.sent !== null;
  }

  private drain(force: boolean): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop(force).finally(() => {
      this.running = null;
      this.sync();
    });
    this.sync();
    return this.running;
  }

  private async loop(force: boolean): Promise<void> {
    let stale = 0;
    let first = true;
    do {
      this.again = false;
      const sent = this.p.sent ?? (this.hasWork() || (force && first) ? this.prepare() : null);
      first = false;
      if (!sent || this.closed) return;
      const { seq: _seq, ...body } = sent;
      const outcome = await this.o.send(body).catch((): TSendOutcome => ({ kind: 'unreachable' }));
      if (this.closed) return;
      switch (outcome.kind) {
        case 'ok': {
          const dirty = this.p.dirty.filter(([, seq]) => seq > sent.seq);
          const submitted = sent.submitted;
          this.p = {
            ...this.p,
            dirty,
            sent: null,
            revision: outcome.revision,
            submit: submitted ? false : this.p.submit,
          };
          this.retryDelay = this.o.retryMs;
          this.state = {
            ...this.state,
            offline: false,
            lastSaved: this.o.now(),
            submitted: this.state.submitted || submitted,
          };
          this.persist();
          if (submitted) return;
          break;
        }
        case 'stale': {
          const answers = mergeAnswers(
            outcome.answers,
            this.p.answers,
            this.p.dirty.map(([id]) => id),
          );
          this.p = { ...this.p, answers, revision: outcome.revision, sent: null };
          this.state = { ...this.state, offline: false };
          this.persist();
          stale += 1;
          if (stale > MAX_STALE_RETRIES) {
            this.scheduleRetry();
            return;
          }
          this.again = true;
          break;
        }
        case 'invalid':
          this.p = { ...this.p, sent: null, submit: false };
          this.state = {
            ...this.state,
            offline: false,
            refused: { message: outcome.message, problems: outcome.problems },
          };
          this.persist();
          return;
        case 'alreadySubmitted':
          this.p = { ...this.p, sent: null, submit: false, dirty: [] };
          this.state = { ...this.state, offline: false, submitted: true };
          this.persist();
          return;
        case 'unreachable':
          this.state = { ...this.state, offline: true };
          this.scheduleRetry();
          return;
      }
      this.sync();
    } while (this.again || this.p.dirty.length > 0 || this.p.submit);
  }

  private prepare(): TSentSave {
    const sent: TSentSave = {
      saveId: this.o.newSaveId(),
      revision: this.p.revision,
      answers: this.p.answers,
      submitted: this.p.submit,
      page: this.p.page,
      seq: this.p.seq,
    };
    this.p = { ...this.p, sent };
    this.persist();
    return sent;
  }

  private scheduleRetry(): void {
    clearTimeout(this.retry);
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, this.o.maxRetryMs);
    this.retry = setTimeout(() => void this.flush(), delay);
  }

  private persist(): void {
    if (this.o.dryRun) return;
    const snapshot = this.p;
    const done = !this.hasWork();
    this.writes = this.writes
      .then(() => (done ? this.o.store.delete(this.o.key) : this.o.store.put(this.o.key, snapshot)))
      .catch(() => undefined);
  }

  private sync(): void {
    const next: TQueueState = {
      ...this.state,
      answers: this.p.answers,
      revision: this.p.revision,
      saving: this.running !== null,
      unconfirmed: this.hasWork(),
      submitQueued: this.p.submit,
    };
    this.state = next;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
