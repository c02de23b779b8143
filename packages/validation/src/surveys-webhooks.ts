import { z } from 'zod';
import { ZId } from './common';

/** A survey's completion-webhook settings by survey id (delivery log, signing secret). */
export const ZWebhookSurveyInput = z.object({ surveyId: ZId });
export type TWebhookSurveyInput = z.input<typeof ZWebhookSurveyInput>;

export const WEBHOOK_OUTCOMES = ['delivered', 'retrying', 'failed'] as const;

/** One attempt to post a submitted response to the completion webhook. */
export const ZWebhookDelivery = z.object({
  _id: z.string(),
  responseId: z.string().nullable(),
  url: z.string(),
  attempt: z.number().int(),
  /** The receiver's HTTP status; null when none came (refused, timed out, unreachable). */
  statusCode: z.number().int().nullable(),
  outcome: z.enum(WEBHOOK_OUTCOMES),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  at: z.string(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

/** How many attempts the owner's log shows: the newest. */
export const WEBHOOK_LOG_SIZE = 50;

/** The key the completion webhook is signed with (HMAC-SHA256, docs/webhooks.md). */
export const ZWebhookSecret = z.object({ secret: z.string() });
export type TWebhookSecret = z.infer<typeof ZWebhookSecret>;
