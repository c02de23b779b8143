import { MSG } from '@tieline/validation';
import type { SignedInCaller } from '../auth/actor';
import type { Deps } from '../deps';
import { type FairSlots, type SlotTicket, SlotWaitExpired, slotAccount } from './fair-slots';
import { runScriptWorker, type WorkerOptions } from './script-worker';
import { waitRefusal } from './slot-run';

// A worker a request starts (reading an upload, combining, turning or exporting a whole network) runs in
// one of the server's work slots (deps.workSlots): at most WORK_SLOTS at once on a server and
// WORK_SLOTS_PER_ACCOUNT for one account, the rest waiting in line, accounts in turn. Without them one
// account sending twenty exports of a 250,000-tie network at once started twenty processes of up to 1 GB
// each. Analyses have their own slots (slot-run.ts); jobs their lanes (jobs/worker.ts). Only this file,
// those two and the jobs start workers (architecture.test.ts).

/**
 * People plus ties up to which work on a whole document runs on the server's thread (a few tens of ms):
 * a worker process costs ~0.3 s to start, which a small network's owner would wait for every time.
 */
export const INLINE_WORK_MAX = 10_000;

/** Whose turn a request's worker waits for; `null` for work outside any request (a job, the seed). */
export interface RequestWork {
  slots: FairSlots;
  ticket: SlotTicket;
  waitMs: number;
}

/** The caller's place in the work slots, for `label` (what the worker does, shown to nobody yet). */
export function requestWork(deps: Pick<Deps, 'workSlots' | 'env'>, caller: SignedInCaller, label: string): RequestWork {
  const ticket = { account: slotAccount(caller.actor), user: caller.actor.userId, label };
  return { slots: deps.workSlots, ticket, waitMs: deps.env.WORK_WAIT_MS };
}

/** `fn` in the caller's work slot; a wait past WORK_WAIT_MS is a 429 saying its place in line. */
async function inSlot<T>(work: RequestWork | null, fn: () => Promise<T>): Promise<T> {
  if (!work) return fn();
  try {
    return await work.slots.run(work.ticket, fn, work.waitMs);
  } catch (error) {
    // A worker's death is the caller's to word (an upload's reader says its file is too large).
    throw error instanceof SlotWaitExpired ? waitRefusal(error, MSG.workBusy) : error;
  }
}

/** runScriptWorker in the caller's work slot (`work` null: at once, a job's lane or the seed bounds it). */
export function runRequestWorker<T>(
  work: RequestWork | null,
  name: string,
  input: unknown,
  onProgress?: (fraction: number) => void,
  options?: WorkerOptions,
): Promise<T> {
  return inSlot(work, () => runScriptWorker<T>(name, input, onProgress, options));
}

/**
 * Work on whole documents of `size` people plus ties in all (the rows' counts): on the server's thread
 * when small (INLINE_WORK_MAX), else in the worker `name`, in the caller's work slot. `load` reads the
 * input (documents from the database) only once the slot is taken: ten exports of one large network at
 * once read it two at a time, not ten (each read holds the embedded database for a moment).
 */
export async function runSized<I, T>(
  work: RequestWork | null,
  size: number,
  name: string,
  load: () => Promise<I>,
  inline: (input: I) => T | Promise<T>,
): Promise<T> {
  if (size <= INLINE_WORK_MAX) return await inline(await load());
  return await inSlot(work, async () => runScriptWorker<T>(name, await load()));
}
