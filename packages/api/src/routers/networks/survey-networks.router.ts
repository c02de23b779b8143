import { ZNetworkFromSurveyInput, ZNetworkIdInput, ZNetworkSummary } from '@tieline/validation';
import { createSurveyNetwork, refreshSurveyNetwork } from '../../services/networks/survey-network';
import { networksProcedure, router } from '../../trpc';
import { rest } from './error-responses';

/** Networks made from a survey's answers. */
export const surveyNetworksRouter = router({
  create: networksProcedure
    .meta(
      rest(
        'POST',
        '/networks/fromSurvey/{surveyId}',
        "A network from a survey's answers: one layer per relationship question",
      ),
    )
    .input(ZNetworkFromSurveyInput)
    .output(ZNetworkSummary)
    .mutation(({ ctx, input }) => createSurveyNetwork(ctx.deps, ctx.caller, input)),

  refresh: networksProcedure
    .meta(rest('POST', '/networks/{id}/refresh', "A new version from the survey's answers as they are now"))
    .input(ZNetworkIdInput)
    .output(ZNetworkSummary)
    .mutation(({ ctx, input }) => refreshSurveyNetwork(ctx.deps, ctx.caller, input)),
});
