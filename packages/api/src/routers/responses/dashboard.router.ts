import {
  ZClearAllResult,
  ZDashboardResponse,
  ZId,
  ZPagedResponses,
  ZPagedResponsesInput,
  ZResponseCounts,
  ZResponsesTimeline,
  ZSearchResponsesInput,
  ZSurveyIdInput,
  ZUpdateResponseAddressInput,
  ZUpdateResponseStatusInput,
} from '@tieline/validation';
import { z } from 'zod';
import {
  clearAllResponses,
  updateResponseAddress,
  updateResponseStatus,
} from '../../services/responses/dashboard-edits';
import {
  pagedResponses,
  responseCounts,
  responsesTimeline,
  searchResponses,
} from '../../services/responses/dashboard-pages';
import { router, surveysProcedure } from '../../trpc';

const tags = ['responses'];
const read = { 400: 'Invalid input', 401: 'Not signed in', 404: 'No such survey among those the caller may see' };
const write = {
  ...read,
  403: 'Cross-site request refused',
  404: 'No such survey or response among those the caller may see',
};
const surveyInput = z.object({ surveyId: ZId });

// The owner's responses dashboard (spec §2, §7): the paged list, search, counts, the chart's timeline,
// status and address edits, clear all. Every call reaches the survey through access/surveys.ts.
export const dashboardRouter = router({
  paged: surveysProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/responses/paged/{surveyId}',
        tags,
        summary: 'A page of responses: sortBy name|submitted|status, filterByStatus, page, perPage, sortDirection 1|-1',
        errorResponses: read,
      },
    })
    .input(ZPagedResponsesInput)
    .output(ZPagedResponses)
    .query(({ ctx, input }) => pagedResponses(ctx.deps, ctx.caller, input)),

  search: surveysProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/responses/search/{surveyId}',
        tags,
        summary: 'Responses whose name or email contains searchText (case and accents ignored), at most 100',
        errorResponses: read,
      },
    })
    .input(ZSearchResponsesInput)
    .output(z.array(ZDashboardResponse))
    .query(({ ctx, input }) => searchResponses(ctx.deps, ctx.caller, input)),

  counts: surveysProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/surveys/responseCounts/{id}',
        tags,
        summary: 'Total, Submitted, Bounced and the count of every status',
        errorResponses: read,
      },
    })
    .input(ZSurveyIdInput)
    .output(ZResponseCounts)
    .query(({ ctx, input }) => responseCounts(ctx.deps, ctx.caller, input)),

  timeline: surveysProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/responses/timeline/{surveyId}',
        tags,
        summary: 'Responses started and submitted per UTC day',
        errorResponses: read,
      },
    })
    .input(surveyInput)
    .output(ZResponsesTimeline)
    .query(({ ctx, input }) => responsesTimeline(ctx.deps, ctx.caller, input)),

  updateStatus: surveysProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/responses/status/{responseId}',
        tags,
        summary: 'Set any status by hand; Submitted stamps the submitted time when missing',
        errorResponses: write,
      },
    })
    .input(ZUpdateResponseStatusInput)
    .output(ZDashboardResponse)
    .mutation(({ ctx, input }) => updateResponseStatus(ctx.deps, ctx.caller, input)),

  updateAddress: surveysProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/responses/address/{responseId}',
        tags,
        summary: "A respondent's corrected email (response and list); Bounced goes back to Not Sent",
        errorResponses: { ...write, 409: 'Another respondent of the survey has this address' },
      },
    })
    .input(ZUpdateResponseAddressInput)
    .output(ZDashboardResponse)
    .mutation(({ ctx, input }) => updateResponseAddress(ctx.deps, ctx.caller, input)),

  clearAll: surveysProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/responses/clearAll/{surveyId}',
        tags,
        summary: 'Clear every answer, time, history and added name of the survey',
        errorResponses: write,
      },
    })
    .input(surveyInput)
    .output(ZClearAllResult)
    .mutation(({ ctx, input }) => clearAllResponses(ctx.deps, ctx.caller, input)),
});
