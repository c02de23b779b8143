import { createHmac } from 'node:crypto';
import { eq, responses, surveys, webhookDeliveries } from '@tieline/db';
import type { TAnswer, TQuestionData } from '@tieline/validation';
import { OutboundRefused, postOutbound } from '../../http/outbound';
import { referencedNodeIds, surveyNodeNames } from '../../services/responses/answer-refs';
import { defineJob } from '../define';
import { JOB_PAYLOADS } from '../payloads';
import { type TCompletionWebhookBody, webhookAnswers } from './webhook-body';

export type { TCompletionWebhookBody } from './webhook-body';

/** Tries per submission: with the queue's backoff (5 s, 10 s, 20 s, 40 s, 80 s) about 2.5 minutes. */
export const WEBHOOK_MAX_ATTEMPTS = 6;

/**
 * `sha256=<hex>` of HMAC-SHA256 over "<timestamp>.<body>" with the survey's secret: the receiver
 * recomputes it (docs/webhooks.md), and the timestamp in the signed text lets it refuse old replays.
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * Posts the submitted response to the survey's completion webhook (spec §2 completion message), signed
 * with the survey's secret, and logs every attempt in webhook_deliveries for the owner. Any answer but
 * 2xx, a timeout or a network failure throws, so the queue retries with backoff until the last attempt
 * (logged 'failed'); redirects are not followed (the owner set this exact address). An address refused
 * as private is logged 'failed' at once: retrying would not change it. The respondent's save never
 * waits for any of this. A response deleted meanwhile has nothing to post.
 */
export const completionWebhookJob = defineJob({
  kind: 'completion-webhook',
  schema: JOB_PAYLOADS['completion-webhook'],
  run: async (deps, { responseId, url }, { attempt, maxAttempts }) => {
    const [row] = await deps.db
      .select({ response: responses, survey: surveys })
      .from(responses)
      .innerJoin(surveys, eq(surveys.id, responses.surveyId))
      .where(eq(responses.id, responseId));
    if (!row) return;
    const questions = row.survey.questions as unknown as TQuestionData[];
    const answers = row.response.answers as TAnswer[];
    const names = await surveyNodeNames(deps.db, row.survey.id, referencedNodeIds(questions, answers));
    const payload: TCompletionWebhookBody = {
      event: 'response.submitted',
      surveyId: row.survey.id,
      surveyName: row.survey.name,
      responseId: row.response.id,
      respondent: { name: row.response.nodeName, email: row.response.nodeEmail },
      submitted: row.response.submitted?.toISOString() ?? null,
      answers: webhookAnswers(questions, answers, names),
    };
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);

    const start = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    let refused = false;
    try {
      const res = await postOutbound(
        url,
        body,
        {
          'Content-Type': 'application/json',
          'User-Agent': 'Tieline-Webhook/1',
          'X-Tieline-Event': 'response.submitted',
          'X-Tieline-Timestamp': String(timestamp),
          'X-Tieline-Signature': webhookSignature(row.survey.webhookSecret, timestamp, body),
        },
        { allowPrivate: deps.env.WEBHOOK_ALLOW_PRIVATE, timeoutMs: deps.env.WEBHOOK_TIMEOUT_MS },
      );
      statusCode = res.status;
      if (res.status < 200 || res.status >= 300) error = `The receiver answered ${res.status}`;
    } catch (e) {
      refused = e instanceof OutboundRefused;
      error = e instanceof Error ? e.message || e.name : String(e);
    }
    const outcome = error === null ? 'delivered' : refused || attempt >= maxAttempts ? 'failed' : 'retrying';
    await deps.db.insert(webhookDeliveries).values({
      surveyId: row.survey.id,
      responseId: row.response.id,
      url,
      attempt,
      statusCode,
      outcome,
      error: error?.slice(0, 500) ?? null,
      durationMs: Math.round(performance.now() - start),
    });
    if (error !== null && !refused) throw new Error(error);
  },
});
