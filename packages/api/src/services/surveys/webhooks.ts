import { randomBytes } from 'node:crypto';
import { desc, eq, surveys, webhookDeliveries } from '@tieline/db';
import {
  type TWebhookDelivery,
  type TWebhookSecret,
  type TWebhookSurveyInput,
  WEBHOOK_LOG_SIZE,
} from '@tieline/validation';
import { requireSurvey } from '../../access/surveys';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';

/** The newest attempts to post this survey's submissions to its completion webhook. */
export async function webhookDeliveryLog(
  deps: Deps,
  caller: SignedInCaller,
  input: TWebhookSurveyInput,
): Promise<TWebhookDelivery[]> {
  const survey = await requireSurvey(deps.db, caller.actor, input.surveyId);
  const rows = await deps.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.surveyId, survey.id))
    .orderBy(desc(webhookDeliveries.at), desc(webhookDeliveries.attempt))
    .limit(WEBHOOK_LOG_SIZE);
  return rows.map((r) => ({
    _id: r.id,
    responseId: r.responseId,
    url: r.url,
    attempt: r.attempt,
    statusCode: r.statusCode,
    outcome: r.outcome,
    error: r.error,
    durationMs: r.durationMs,
    at: r.at.toISOString(),
  }));
}

/** The survey's signing secret, for the owner to configure their receiver with. */
export async function webhookSecret(
  deps: Deps,
  caller: SignedInCaller,
  input: TWebhookSurveyInput,
): Promise<TWebhookSecret> {
  const survey = await requireSurvey(deps.db, caller.actor, input.surveyId);
  return { secret: survey.webhookSecret };
}

/**
 * A new random secret (256 bits, hex as the column's default): posts from now on are signed with it;
 * a retry of an earlier submission is signed with whatever the secret is when it is sent.
 */
export async function rotateWebhookSecret(
  deps: Deps,
  caller: SignedInCaller,
  input: TWebhookSurveyInput,
): Promise<TWebhookSecret> {
  const survey = await requireSurvey(deps.db, caller.actor, input.surveyId);
  const secret = randomBytes(32).toString('hex');
  await deps.db.update(surveys).set({ webhookSecret: secret }).where(eq(surveys.id, survey.id));
  return { secret };
}
