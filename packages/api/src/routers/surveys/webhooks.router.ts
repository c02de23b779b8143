import { ZWebhookDelivery, ZWebhookSecret, ZWebhookSurveyInput } from '@tieline/validation';
import { z } from 'zod';
import { rotateWebhookSecret, webhookDeliveryLog, webhookSecret } from '../../services/surveys/webhooks';
import { router, surveysProcedure } from '../../trpc';
import { restMeta } from '../rest-meta';
import { errorResponses } from './error-responses';

const read = errorResponses(400, 401, 404, 500);
const rest = restMeta(['surveys'], read);

/** The completion webhook's owner side: the delivery log and the signing secret (docs/webhooks.md). */
export const webhooksRouter = router({
  log: surveysProcedure
    .meta(rest('GET', '/surveys/webhookDeliveries/{surveyId}', 'The newest 50 completion-webhook attempts'))
    .input(ZWebhookSurveyInput)
    .output(z.array(ZWebhookDelivery))
    .query(({ ctx, input }) => webhookDeliveryLog(ctx.deps, ctx.caller, input)),

  secret: surveysProcedure
    .meta(rest('GET', '/surveys/webhookSecret/{surveyId}', 'The secret completion webhooks are signed with'))
    .input(ZWebhookSurveyInput)
    .output(ZWebhookSecret)
    .query(({ ctx, input }) => webhookSecret(ctx.deps, ctx.caller, input)),

  rotateSecret: surveysProcedure
    .meta(
      rest('POST', '/surveys/webhookSecret/{surveyId}/rotate', 'Replace the signing secret with a new random one', {
        errorResponses: errorResponses(400, 401, 403, 404, 500),
      }),
    )
    .input(ZWebhookSurveyInput)
    .output(ZWebhookSecret)
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx.deps, ctx.caller, input)),
});
