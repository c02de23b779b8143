import type { z } from 'zod';
import type { Deps } from '../deps';
import type { Mailer } from '../mail/mailer';
import { type JobLane, laneOf } from './payloads';

/** What a job may use: everything services have, plus the mailer that only jobs talk to. */
export type JobDeps = Deps & { mailer: Mailer };

/** How a job ended for good: `died` when its worker thread or its server died (the message says where). */
export interface JobEnd {
  died: boolean;
  /** For a death, what users may read ("Stopped: the import ran out of memory twice at ..."); else the error's. */
  message: string;
}

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

/** Which try this is: a job that keeps its own log (webhook deliveries) says whether another follows. */
export interface JobAttempt {
  attempt: number;
  maxAttempts: number;
  /**
   * Records where the job is ("conversation general", "users.json"), kept on the job row: a job whose
   * worker or server dies twice at the same step fails for good naming it (jobs/queue.ts). Rejects when
   * the job's lease was lost (another server took it over), so the work stops. Absent when a job is run
   * directly (tests, scripts).
   */
  step?: (label: string) => Promise<void>;
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
