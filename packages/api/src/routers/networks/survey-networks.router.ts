import { ZNetworkFromSurveyInput, ZNetworkIdInput, ZNetworkSummary } from '@tieline/validation';
import { createSurveyNetwork, refreshSurveyNetwork } from '../../services/networks/survey-network';
import { networksProcedure, router } from '../../trpc';
import { errorResponses } from './error-responses';

const tags = ['networks'];
const write = errorResponses(400, 401, 403, 404, 409, 500);

/** Networks made from a survey's answers. */
export const surveyNetworksRouter = router({
  create: networksProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/networks/fromSurvey/{surveyId}',
        tags,
        summary: "A network from a survey's answers: one layer per relationship question",
        errorResponses: write,
      },
    })
    .input(ZNetworkFromSurveyInput)
    .output(ZNetworkSummary)
    .mutation(({ ctx, input }) => createSurveyNetwork(ctx.deps, ctx.caller, input)),

  refresh: networksProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/networks/{id}/refresh',
        tags,
        summary: "A new version from the survey's answers as they are now",
        errorResponses: write,
      },
    })
    .input(ZNetworkIdInput)
    .output(ZNetworkSummary)
    .mutation(({ ctx, input }) => refreshSurveyNetwork(ctx.deps, ctx.caller, input)),
});
