import { AONA_MSG } from '@tieline/validation';
import type { SignedInCaller } from '../auth/actor';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { SlotWaitExpired, slotAccount } from './fair-slots';
import { runScriptWorker, WorkerDiedError } from './script-worker';

// An analysis that stays one request (AONA, a comparison of two snapshots): it takes one of the
// server's analysis slots (deps.analysisSlots, shared with metrics jobs and Discover summaries,
// accounts in turn), waiting in line up to ANALYSIS_WAIT_MS (then 429 with its place), and runs in a
// worker under a heap cap and AONA_TIME_LIMIT_MS (an overrun or out of memory: 503 saying so).

/** Heap cap of one analysis's worker: 20,000 people with their ties fit with room to spare. */
export const ANALYSIS_HEAP_MB = 1024;

export async function runAnalysisWorker<T>(
  deps: Deps,
  caller: SignedInCaller,
  run: { worker: string; label: string; input: unknown },
): Promise<T> {
  const timeMs = deps.env.AONA_TIME_LIMIT_MS;
  const ticket = { account: slotAccount(caller.actor), user: caller.actor.userId, label: run.label };
  try {
    return await deps.analysisSlots.run(
      ticket,
      () => runScriptWorker<T>(run.worker, run.input, undefined, { heapMb: ANALYSIS_HEAP_MB, timeMs }),
      deps.env.ANALYSIS_WAIT_MS,
    );
  } catch (error) {
    if (error instanceof SlotWaitExpired) {
      throw new AppError('TOO_MANY_REQUESTS', AONA_MSG.busy(error.running, error.position), {
        retryAfterSeconds: 10,
        details: { position: error.position, running: error.running },
      });
    }
    if (error instanceof WorkerDiedError && error.reason !== 'exit') {
      const message = error.reason === 'time' ? AONA_MSG.timeLimit(timeMs) : AONA_MSG.outOfMemory;
      throw new AppError('SERVICE_UNAVAILABLE', message, { cause: error });
    }
    throw error;
  }
}
