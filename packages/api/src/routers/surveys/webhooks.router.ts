import { ZWebhookDelivery, ZWebhookSecret, ZWebhookSurveyInput } from '@tieline/validation';
import { z } from 'zod';
import { rotateWebhookSecret, webhookDeliveryLog, webhookSecret } from '../../services/surveys/webhooks';
import { router, surveysProcedure } from '../../trpc';
import { errorResponses } from './error-responses';

const tags = ['surveys'];
const read = errorResponses(400, 401, 404, 500);

/** The completion webhook's owner side: the delivery log and the signing secret (docs/webhooks.md). */
export const webhooksRouter = router({
  log: surveysProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/surveys/webhookDeliveries/{surveyId}',
        tags,
        summary: 'The newest 50 completion-webhook attempts',
        errorResponses: read,
      },
    })
    .input(ZWebhookSurveyInput)
    .output(z.array(ZWebhookDelivery))
    .query(({ ctx, input }) => webhookDeliveryLog(ctx.deps, ctx.caller, input)),

  secret: surveysProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/surveys/webhookSecret/{surveyId}',
        tags,
        summary: 'The secret completion webhooks are signed with',
        errorResponses: read,
      },
    })
    .input(ZWebhookSurveyInput)
    .output(ZWebhookSecret)
    .query(({ ctx, input }) => webhookSecret(ctx.deps, ctx.caller, input)),

  rotateSecret: surveysProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/surveys/webhookSecret/{surveyId}/rotate',
        tags,
        summary: 'Replace the signing secret with a new random one',
        errorResponses: errorResponses(400, 401, 403, 404, 500),
      },
    })
    .input(ZWebhookSurveyInput)
    .output(ZWebhookSecret)
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx.deps, ctx.caller, input)),
});
