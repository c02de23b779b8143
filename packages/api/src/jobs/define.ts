import type { z } from 'zod';
import type { Deps } from '../deps';
import type { Mailer } from '../mail/mailer';

/** What a job may use: everything services have, plus the mailer that only jobs talk to. */
export type JobDeps = Deps & { mailer: Mailer };

/** One kind of background work: its payload schema and what it does with a parsed payload. */
export interface JobDefinition<K extends string, S extends z.ZodType> {
  kind: K;
  schema: S;
  run: (deps: JobDeps, payload: z.output<S>, attempt: JobAttempt) => Promise<void>;
}

/** Which try this is: a job that keeps its own log (webhook deliveries) says whether another follows. */
export interface JobAttempt {
  attempt: number;
  maxAttempts: number;
  /**
   * Records where the job is ("conversation general", "users.json"), kept on the job row: a job whose
   * worker or server dies twice at the same step fails for good naming it (jobs/queue.ts). Absent when
   * a job is run directly (tests, scripts).
   */
  step?: (label: string) => Promise<void>;
}

/**
 * A job kind with `handle`, which parses the stored payload by the kind's schema before running it: a
 * row written by an older version or by hand fails loudly instead of running on a wrong shape.
 */
export function defineJob<K extends string, S extends z.ZodType>(def: JobDefinition<K, S>) {
  return {
    ...def,
    handle: (deps: JobDeps, payload: unknown, attempt: JobAttempt = { attempt: 1, maxAttempts: 1 }) =>
      def.run(deps, def.schema.parse(payload), attempt),
  };
}
