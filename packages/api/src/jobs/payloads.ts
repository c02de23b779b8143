import type { SQL } from '@tieline/db';
import { z } from 'zod';
import type { Mail } from '../mail/mailer';

// Every kind of background work and the payload it takes: what `deps.enqueue` is typed by. Kept apart
// from the definitions (jobs/definitions/, which run services that take deps) so that deps.ts can name
// the Enqueue type without importing the services that import deps.ts: no import circle.

/** Tables whose statistics a bulk write can leave stale (the names are this list, never input). */
export const ANALYZED = ['nodes', 'responses'] as const;

export const ZMail = z.object({
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  replyTo: z.string().optional(),
  fromName: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
}) satisfies z.ZodType<Mail>;

export const JOB_PAYLOADS = {
  'analyze-tables': z.object({ tables: z.array(z.enum(ANALYZED)).min(1) }),
  'completion-webhook': z.object({ responseId: z.uuid(), url: z.url() }),
  email: ZMail,
  'network-metrics': z.object({ networkId: z.uuid(), version: z.number().int(), options: z.string() }),
  'network-stability': z.object({ networkId: z.uuid(), version: z.number().int(), options: z.string() }),
  'passive-pseudonymize': z.object({ accountId: z.uuid() }),
  'passive-query-run': z.object({ runId: z.uuid() }),
  'passive-sync': z.object({ connectionId: z.uuid() }),
  'password-reset': z.object({ email: z.string() }),
  'survey-email': z.object({ sendId: z.uuid() }),
  'survey-networks-refresh': z.object({ surveyId: z.uuid() }),
} as const;

export type JobKind = keyof typeof JOB_PAYLOADS;
export type JobPayload<K extends JobKind> = z.input<(typeof JOB_PAYLOADS)[K]>;

/**
 * Each server runs each lane in claim loops of its own (jobs/worker.ts): mail is light and must go out
 * soon (a reset link, an invitation), work may run for hours (imports, syncs, query runs, analyses).
 */
export type JobLane = 'mail' | 'work';
export const JOB_LANES = ['mail', 'work'] as const satisfies readonly JobLane[];

/**
 * The lane of each kind, 'work' unless named here. Kept with the payloads rather than the definitions
 * because the lane is written when a job is enqueued, by services that cannot import the definitions.
 */
export const LANE_OF: { readonly [K in JobKind]?: JobLane } = {
  'completion-webhook': 'mail',
  email: 'mail',
  'password-reset': 'mail',
  'survey-email': 'mail',
};

export const laneOf = (kind: string): JobLane => LANE_OF[kind as JobKind] ?? 'work';

/**
 * Whose work a job is, for fairness between accounts (one account's jobs never take every slot of a
 * lane): the organization's id, else the user's own. Jobs with no account share the key ''.
 */
export const accountKeyOf = (who: { organizationId: string | null; userId: string }) =>
  who.organizationId ?? who.userId;

export type Enqueue = <K extends JobKind>(
  kind: K,
  payload: JobPayload<K>,
  opts?: Pick<EnqueueOptions, 'runAt' | 'account'>,
) => Promise<void>;

export interface EnqueueOptions {
  maxAttempts?: number;
  /** Not before this time (a continuation waiting for a backoff). */
  runAt?: Date;
  /**
   * Whose work it is (payloads.ts accountKeyOf, or an expression of accounts.ts): a lane's slots are
   * shared fairly between accounts. Absent: '' (work of no account, shared as one).
   */
  account?: string | SQL;
  /** Overrides the kind's lane (payloads.ts LANE_OF); for tests of kinds that are not registered. */
  lane?: JobLane;
}
