import { z } from 'zod';
import type { Mail } from '../mail/mailer';
import type { EnqueueOptions } from './queue';

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
  'passive-pseudonymize': z.object({ accountId: z.uuid() }),
  'passive-query-run': z.object({ runId: z.uuid() }),
  'passive-sync': z.object({ connectionId: z.uuid() }),
  'password-reset': z.object({ email: z.string() }),
  'survey-email': z.object({ sendId: z.uuid() }),
  'survey-networks-refresh': z.object({ surveyId: z.uuid() }),
} as const;

export type JobKind = keyof typeof JOB_PAYLOADS;
export type JobPayload<K extends JobKind> = z.input<(typeof JOB_PAYLOADS)[K]>;
export type Enqueue = <K extends JobKind>(
  kind: K,
  payload: JobPayload<K>,
  opts?: Pick<EnqueueOptions, 'runAt'>,
) => Promise<void>;
