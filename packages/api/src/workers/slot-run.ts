import { AppError } from '../errors';
import { type FairSlots, type SlotTicket, SlotWaitExpired } from './fair-slots';
import { runScriptWorker, WorkerDiedError, type WorkerLimits } from './script-worker';

// A request's analysis in a worker, in one of the server's analysis slots (issue 36), its refusals said
// as each feature words them: AONA runs, Discover summaries, a series' snapshot measures.

export interface SlotRefusals {
  /** 429: every slot stayed taken for the whole wait; the place in line it had, and the runs holding them. */
  busy: (running: number, position: number) => string;
  /** 503: the worker ran out of memory or past its time limit. */
  tooHeavy: (death: 'memory' | 'time') => string;
}

/** 429 for a wait in line past its allowance: its place then, and how many runs held the slots. */
export function waitRefusal(error: SlotWaitExpired, busy: SlotRefusals['busy']): AppError {
  return new AppError('TOO_MANY_REQUESTS', busy(error.running, error.position), {
    retryAfterSeconds: 10,
    details: { position: error.position, running: error.running },
  });
}

/** The refusal a caller gets for `error` (a wait past its allowance, a worker's death), or the error itself. */
export function slotRefusal(error: unknown, refusals: SlotRefusals): unknown {
  if (error instanceof SlotWaitExpired) return waitRefusal(error, refusals.busy);
  if (error instanceof WorkerDiedError && error.reason !== 'exit') {
    return new AppError('SERVICE_UNAVAILABLE', refusals.tooHeavy(error.reason), { cause: error });
  }
  return error;
}

export async function workerInSlot<T>(
  slots: FairSlots,
  ticket: SlotTicket,
  waitMs: number,
  worker: { name: string; input: unknown; limits: Partial<WorkerLimits> },
  refusals: SlotRefusals,
): Promise<T> {
  try {
    return await slots.run(
      ticket,
      () => runScriptWorker<T>(worker.name, worker.input, undefined, worker.limits),
      waitMs,
    );
  } catch (error) {
    throw slotRefusal(error, refusals);
  }
}
