import type { z } from 'zod';
import type { Deps } from '../deps';
import type { Mailer } from '../mail/mailer';

/** What a job may use: everything services have, plus the mailer that only jobs talk to. */
export type JobDeps = Deps & { mailer: Mailer };

/** One kind of background work: its payload schema (checked when the job runs) and what it does. */
export interface JobDefinition<K extends string, S extends z.ZodType> {
  kind: K;
  schema: S;
  run: (deps: JobDeps, payload: z.output<S>) => Promise<void>;
}
