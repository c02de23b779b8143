import { AONA_ANALYSES, AONA_MSG, type TAonaAnalysis, type TAonaQueue } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import type { TAonaWorkerAnswer, TAonaWorkerInput } from '../../workers/aona';
import { slotAccount } from '../../workers/fair-slots';
import { workerInSlot } from '../../workers/slot-run';

// AONA runs are bounded (issue 36): each takes one of the server's analysis slots (deps.analysisSlots,
// shared with network metrics and Discover summaries, accounts in turn) and stays a synchronous
// request. One that finds no free slot waits in line (ANALYSIS_WAIT_MS, 30 s by default) while the
// page asks GET /aona/queue for its place; past that it answers 429 with the place it had. In its
// slot the analysis runs in a worker under a heap cap and AONA_TIME_LIMIT_MS; a worker that overruns
// or runs out of memory answers a message saying so, and nothing is saved.

/** Heap cap of one analysis's worker: 20,000 people with their ties fit with room to spare. */
export const AONA_HEAP_MB = 1024;

/** The analysis `input.analysis` in a slot of the caller's account, its worker's deaths as messages. */
export async function runAonaWorker(
  deps: Deps,
  caller: SignedInCaller,
  input: TAonaWorkerInput,
): Promise<TAonaWorkerAnswer> {
  const timeMs = deps.env.AONA_TIME_LIMIT_MS;
  const ticket = { account: slotAccount(caller.actor), user: caller.actor.userId, label: input.analysis };
  return await workerInSlot<TAonaWorkerAnswer>(
    deps.analysisSlots,
    ticket,
    deps.env.ANALYSIS_WAIT_MS,
    { name: 'aona', input, limits: { heapMb: AONA_HEAP_MB, timeMs } },
    {
      busy: AONA_MSG.busy,
      tooHeavy: (death) => (death === 'time' ? AONA_MSG.timeLimit(timeMs) : AONA_MSG.outOfMemory),
    },
  );
}

const isAnalysis = (label: string): label is TAonaAnalysis => (AONA_ANALYSES as readonly string[]).includes(label);

/** This server's slots and the caller's own AONA runs waiting for one, with their places in line. */
export function aonaQueue(deps: Deps, caller: SignedInCaller): TAonaQueue {
  const slots = deps.analysisSlots;
  return {
    running: slots.busy,
    slots: slots.limits.perServer,
    waiting: slots
      .waiting()
      .flatMap(({ ticket, position }) =>
        ticket.user === caller.actor.userId && isAnalysis(ticket.label) ? [{ analysis: ticket.label, position }] : [],
      ),
  };
}
