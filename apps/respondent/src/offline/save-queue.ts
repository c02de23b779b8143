import type { TAnswer } from '@tieline/validation';
import { mergeAnswers, type TConflict } from './merge';
import { memoryStore, type TPending, type TPosition, type TSentSave } from './pending-store';
import type { TQueueOptions, TQueueState, TSendOutcome, TServerResponse } from './queue-types';
import { resumePage } from './resume-page';

type TLive = TPending & { base: TAnswer[]; conflicts: TConflict[] };

const MAX_STALE_RETRIES = 5;

export function newSaveId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * The answers of one response and the saves that carry them to the server (spec §4 "nothing lost").
 * Every change is written to the pending store first; saves send the latest answers with the revision
 * last seen and a fresh saveId, debounced while typing and at once on Next or Submit. A save that did not
 * reach the server is retried as it was (same saveId and body), so it applies at most once; a stale save
 * (409) merges this device's unconfirmed changes with the server's answers (three-way, `merge.ts`) and
 * is sent again. While the browser is offline nothing is sent, so a save (or a submission) is built from
 * the latest answers when it leaves: changes made after an offline Submit go with it.
 */
export class SaveQueue {
  /** Where reopening the link resumes: a question page, or null for the welcome page. */
  readonly resumePage: number | null;
  private p: TLive;
  private state: TQueueState;
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private retryDelay: number;
  private writes: Promise<void> = Promise.resolve();
  private written: TPosition | null = null;
  private readonly o: Required<TQueueOptions>;
  private closed = false;

  private constructor(
    options: TQueueOptions,
    pending: TLive,
    server: { submitted: boolean; savedBefore: boolean },
    resume: number | null,
  ) {
    this.o = {
      newSaveId,
      now: Date.now,
      debounceMs: 800,
      retryMs: 2000,
      maxRetryMs: 30_000,
      dryRun: false,
      positions: memoryStore<TPosition>(),
      isOnline: () => true,
      multiple: () => false,
      tidy: (answers) => answers,
      conflictMessage: '',
      ...options,
    };
    this.resumePage = resume;
    this.retryDelay = this.o.retryMs;
    this.p = pending;
    this.state = {
      answers: pending.answers,
      revision: pending.revision,
      offline: false,
      saving: false,
      lastSaved: null,
      savedBefore: server.savedBefore,
      unconfirmed: false,
      submitQueued: false,
      canWithdraw: false,
      submitted: server.submitted,
      refused: null,
      conflicts: pending.conflicts,
      lateChanges: false,
    };
    this.sync();
  }

  /**
   * Opens the queue of one response: the server's answers with whatever this device kept unconfirmed
   * merged in, and the page to resume at. Sends the kept changes at once.
   */
  static async open(options: TQueueOptions, server: TServerResponse): Promise<SaveQueue> {
    const { store, positions, key } = options;
    const [kept, position] = server.submitted
      ? [undefined, undefined]
      : await Promise.all([store.get(key).catch(() => undefined), positions?.get(key).catch(() => undefined)]);
    if (server.submitted) {
      await Promise.all([store.delete(key), positions?.delete(key)]).catch(() => undefined);
    }
    const fresh: TPending = {
      answers: server.answers,
      dirty: [],
      seq: 0,
      revision: server.revision,
      page: server.page ?? 0,
      submit: false,
      sent: null,
    };
    // A record kept before the three-way merge has no base: the server's answers stand in (this device wins).
    const pending: TLive = { ...(kept ?? fresh), base: kept?.base ?? server.answers, conflicts: kept?.conflicts ?? [] };
    const resume = server.submitted ? null : resumePage(server, position, kept);
    const queue = new SaveQueue(
      options,
      resume === null ? pending : { ...pending, page: resume },
      { submitted: server.submitted, savedBefore: server.revision > 0 },
      resume,
    );
    if (kept) {
      queue.rebase(server.answers, server.revision);
      if (queue.hasWork()) void queue.flush();
    }
    return queue;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): TQueueState => this.state;

  /** New answers after a change to the given questions; saved after a pause in typing. */
  update(answers: TAnswer[], changed: readonly string[], page: number): void {
    // Once a submission may have reached the server, the response is closed to changes.
    if (this.state.submitted || this.p.sent?.submitted) return;
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

  /** The respondent is on this question page now (kept on the device, and sent with the next save). */
  visit(page: number): void {
    if (page === this.p.page && page === this.written?.page) return;
    this.p = { ...this.p, page };
    this.persist();
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

  /** Takes back a queued submission that has not left this device (to change an answer); false once it may have. */
  withdraw(): boolean {
    if (!this.p.submit || this.p.sent?.submitted) return false;
    this.p = { ...this.p, submit: false };
    this.persist();
    this.sync();
    return true;
  }

  /** The respondent has seen the other device's answer to this question (and kept or taken it). */
  dismiss(questionId: string): void {
    this.p = { ...this.p, conflicts: this.p.conflicts.filter((c) => c.questionId !== questionId) };
    this.persist();
    this.sync();
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
      if (!this.o.isOnline()) {
        // Nothing can leave now. A Continue save waits as it is; every other save is built when it leaves.
        if (force && first && !this.p.sent) this.prepare();
        this.state = { ...this.state, offline: true };
        return;
      }
      const sent = this.p.sent ?? (this.hasWork() || (force && first) ? this.prepare() : null);
      first = false;
      if (!sent || this.closed) return;
      const { seq: _seq, ...body } = sent;
      const outcome = await this.o.send(body).catch((): TSendOutcome => ({ kind: 'unreachable' }));
      if (this.closed) return;
      switch (outcome.kind) {
        case 'ok': {
          const submitted = sent.submitted;
          // A retried save answers the current revision: if others saved after it, keep the one it made,
          // so the next save meets a 409 with their answers instead of overwriting them.
          const revision = Math.min(outcome.revision, sent.revision + 1);
          this.p = {
            ...this.p,
            dirty: this.p.dirty.filter(([, seq]) => seq > sent.seq),
            sent: null,
            revision,
            base: sent.answers,
            submit: submitted ? false : this.p.submit,
            conflicts: submitted ? [] : this.p.conflicts,
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
          this.p = { ...this.p, sent: null };
          this.rebase(outcome.answers, outcome.revision);
          this.state = { ...this.state, offline: false };
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
          // Submitted elsewhere: the server takes nothing more, and the respondent is told if changes were waiting.
          this.state = { ...this.state, offline: false, submitted: true, lateChanges: this.p.dirty.length > 0 };
          this.p = { ...this.p, sent: null, submit: false, dirty: [], conflicts: [] };
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

  /**
   * Merges this device's unconfirmed changes with the server's answers at `revision` (after a 409, or
   * when a reopened link finds changes kept on the device). New conflicts pause a queued submission
   * that has not left: the respondent sees both answers before anything is submitted.
   */
  private rebase(theirs: TAnswer[], revision: number): void {
    const merged = mergeAnswers({
      base: this.p.base,
      mine: this.p.answers,
      theirs,
      dirty: this.p.dirty.map(([id]) => id),
      multiple: this.o.multiple,
    });
    const found = new Set(merged.conflicts.map((c) => c.questionId));
    const conflicts = [...this.p.conflicts.filter((c) => !found.has(c.questionId)), ...merged.conflicts];
    const pause = found.size > 0 && this.p.submit;
    this.p = {
      ...this.p,
      answers: this.o.tidy(merged.answers),
      base: theirs,
      revision,
      conflicts,
      submit: this.p.submit && !pause,
      // A kept submission save here was never applied (a 409 leaves none; on opening, the server said it
      // is not submitted), so pausing drops it.
      sent: pause && this.p.sent?.submitted ? null : this.p.sent,
    };
    if (pause) this.state = { ...this.state, refused: { message: this.o.conflictMessage, problems: {} } };
    this.persist();
    this.sync();
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

  /** Writes what is unconfirmed (or forgets it once confirmed) and where the respondent is, in order. */
  private persist(): void {
    if (this.o.dryRun) return;
    const { store, positions, key } = this.o;
    const snapshot = this.p;
    const keep = this.hasWork() || snapshot.conflicts.length > 0;
    const position = this.state.submitted ? null : { page: snapshot.page, revision: snapshot.revision };
    const moved = position?.page !== this.written?.page || position?.revision !== this.written?.revision;
    this.written = position;
    this.writes = this.writes
      .then(() => (keep ? store.put(key, snapshot) : store.delete(key)))
      .catch(() => undefined)
      .then(() => (!moved ? undefined : position ? positions.put(key, position) : positions.delete(key)))
      .catch(() => undefined);
  }

  private sync(): void {
    this.state = {
      ...this.state,
      answers: this.p.answers,
      revision: this.p.revision,
      saving: this.running !== null,
      unconfirmed: this.hasWork(),
      submitQueued: this.p.submit,
      canWithdraw: this.p.submit && !this.p.sent?.submitted,
      conflicts: this.p.conflicts,
    };
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
