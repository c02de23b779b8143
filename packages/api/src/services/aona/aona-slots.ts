import { AONA_ANALYSES, type TAonaAnalysis, type TAonaQueue } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { runAnalysisWorker } from '../../workers/analysis-run';
import type { TAonaWorkerAnswer, TAonaWorkerInput } from '../../workers/aona';

// AONA runs are bounded (issue 36): each takes one of the server's analysis slots and stays a
// synchronous request (workers/analysis-run.ts). One that finds no free slot waits in line while the
// page asks GET /aona/queue for its place; past ANALYSIS_WAIT_MS it answers 429 with the place it had.

/** The analysis `input.analysis` in a slot of the caller's account, its worker's deaths as messages. */
export function runAonaWorker(deps: Deps, caller: SignedInCaller, input: TAonaWorkerInput): Promise<TAonaWorkerAnswer> {
  return runAnalysisWorker<TAonaWorkerAnswer>(deps, caller, { worker: 'aona', label: input.analysis, input });
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
