import { AONA_MSG } from '@tieline/validation';
import type { SignedInCaller } from '../auth/actor';
import type { Deps } from '../deps';
import { slotAccount } from './fair-slots';
import { workerInSlot } from './slot-run';

// An analysis that stays one request (AONA, a comparison of two snapshots): it takes one of the
// server's analysis slots (deps.analysisSlots, shared with metrics jobs and Discover summaries,
// accounts in turn), waiting in line up to ANALYSIS_WAIT_MS (then 429 with its place), and runs in a
// worker under a heap cap and AONA_TIME_LIMIT_MS (an overrun or out of memory: 503 saying so).

/** Heap cap of one analysis's worker: 20,000 people with their ties fit with room to spare. */
export const ANALYSIS_HEAP_MB = 1024;

export function runAnalysisWorker<T>(
  deps: Deps,
  caller: SignedInCaller,
  run: { worker: string; label: string; input: unknown },
): Promise<T> {
  const timeMs = deps.env.AONA_TIME_LIMIT_MS;
  const ticket = { account: slotAccount(caller.actor), user: caller.actor.userId, label: run.label };
  return workerInSlot<T>(
    deps.analysisSlots,
    ticket,
    deps.env.ANALYSIS_WAIT_MS,
    { name: run.worker, input: run.input, limits: { heapMb: ANALYSIS_HEAP_MB, timeMs } },
    {
      busy: AONA_MSG.busy,
      tooHeavy: (death) => (death === 'time' ? AONA_MSG.timeLimit(timeMs) : AONA_MSG.outOfMemory),
    },
  );
}
