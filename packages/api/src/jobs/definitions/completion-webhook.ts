import { eq, responses, surveys } from '@tieline/db';
import { z } from 'zod';
import { defineJob } from '../define';

const ZCompletionWebhookJob = z.object({ responseId: z.uuid(), url: z.url() });

/** What the completion webhook posts: the submitted response, as the survey owner's systems need it. */
export interface TCompletionWebhookBody {
  event: 'response.submitted';
  surveyId: string;
  surveyName: string;
  responseId: string;
  respondent: { name: string; email: string | null };
  submitted: string | null;
}

const TIMEOUT_MS = 10_000;

/**
 * Posts the submitted response to the survey's completion webhook (spec §2 completion message). Any
 * answer but 2xx, a timeout or a network failure throws, so the queue retries with backoff; redirects
 * are not followed (the owner set this exact address). A response deleted meanwhile has nothing to post.
 */
export const completionWebhookJob = defineJob({
  kind: 'completion-webhook',
  schema: ZCompletionWebhookJob,
  run: async (deps, { responseId, url }) => {
    const [row] = await deps.db
      .select({ response: responses, survey: surveys })
      .from(responses)
      .innerJoin(surveys, eq(surveys.id, responses.surveyId))
      .where(eq(responses.id, responseId));
    if (!row) return;
    const body: TCompletionWebhookBody = {
      event: 'response.submitted',
      surveyId: row.survey.id,
      surveyName: row.survey.name,
      responseId: row.response.id,
      respondent: { name: row.response.nodeName, email: row.response.nodeEmail },
      submitted: row.response.submitted?.toISOString() ?? null,
    };
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'Tieline-Webhook/1' },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.status < 200 || res.status >= 300) throw new Error(`Webhook ${url} answered ${res.status}`);
  },
});
