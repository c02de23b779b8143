import type { z } from 'zod';
import type { Deps } from '../deps';
import type { Mailer } from '../mail/mailer';
import type { JobAttempt, JobEnd } from './attempt';
import { type JobLane, laneOf } from './payloads';

export type { JobAttempt, JobEnd } from './attempt';

/** What a job may use: everything services have, plus the mailer that only jobs talk to. */
export type JobDeps = Deps & { mailer: Mailer };

/** One kind of background work: its payload schema and what it does with a parsed payload. */
export interface JobDefinition<K extends string, S extends z.ZodType> {
  kind: K;
  schema: S;
  run: (deps: JobDeps, payload: z.output<S>, attempt: JobAttempt) => Promise<void>;
  /** What users call this work in the message of a death: "the import" ("the job" when absent). */
  title?: string;
  /**
   * Runs once when the job fails for good, whatever ended it (its last try's error, a second death at
   * one step, a server that died on its last try): the job's own status (a connection, a query run)
   * shows failed instead of running for ever. Not called when `run` handles an error itself and returns.
   */
  onGiveUp?: (deps: JobDeps, payload: z.output<S>, end: JobEnd) => Promise<unknown>;
}

/**
 * A job kind with `handle`, which parses the stored payload by the kind's schema before running it: a
 * row written by an older version or by hand fails loudly instead of running on a wrong shape. `lane`
 * is the kind's (payloads.ts LANE_OF).
 */
export function defineJob<K extends string, S extends z.ZodType>(def: JobDefinition<K, S>) {
  return {
    ...def,
    lane: laneOf(def.kind) as JobLane,
    handle: (deps: JobDeps, payload: unknown, attempt: JobAttempt = { attempt: 1, maxAttempts: 1 }) =>
      def.run(deps, def.schema.parse(payload), attempt),
    giveUp: (deps: JobDeps, payload: unknown, end: JobEnd) =>
      def.onGiveUp ? def.onGiveUp(deps, def.schema.parse(payload), end) : Promise.resolve(),
  };
}
