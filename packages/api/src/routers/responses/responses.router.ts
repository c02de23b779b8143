import {
  ZAddedNode,
  ZRandomUUID,
  ZRespondentAdded,
  ZResponseSave,
  ZResponseView,
  ZSaveResult,
  ZStartInput,
  ZStartPage,
  ZStartResult,
  ZSuppListItemAdded,
} from '@tieline/validation';
import { z } from 'zod';
import { LIMITS } from '../../auth/rate-limit';
import { respondentAdded, suppListItemAdded } from '../../services/responses/add-node';
import { readResponse } from '../../services/responses/read-response';
import { saveResponse } from '../../services/responses/save-response';
import { startPage, startResponse } from '../../services/responses/start-response';
import { publicProcedure, rateLimitedProcedure, router } from '../../trpc';
import { dashboardRouter } from './dashboard.router';
import { historyRouter } from './history.router';

const tags = ['respondent'];
// Error statuses of the respondent calls, for their OpenAPI entries.
const errors = {
  save: {
    400: 'Invalid answers (with `problems` by question id on submission), or the response was already submitted',
    403: 'The survey is Offline or Completed',
    404: 'Unknown link',
    409: 'Stale revision: the body carries the current `revision` and `answers`',
  },
  link: { 400: 'Invalid input', 403: 'The survey does not take answers now', 404: 'Unknown link or list' },
};

// The respondent side (spec §7): personal links carry no session; the link (randomUUID) is the key.
export const responsesRouter = router({
  history: historyRouter,

  get: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/responses/{randomUUID}',
        tags,
        errorResponses: { 400: 'Not a link', 404: 'Unknown link' },
      },
    })
    .input(z.object({ randomUUID: ZRandomUUID }))
    .output(ZResponseView)
    .query(({ ctx, input }) => readResponse(ctx.deps, ctx.caller, input)),

  save: publicProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/responses/{randomUUID}',
        tags,
        summary: 'Save answers: applied only on the current revision; a repeated saveId changes nothing',
        errorResponses: errors.save,
      },
    })
    .input(ZResponseSave)
    .output(ZSaveResult)
    .mutation(({ ctx, input }) =>
      saveResponse(ctx.deps, ctx.caller, { ...input, userAgent: String(ctx.req.headers['user-agent'] ?? '') }),
    ),

  startPage: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/responses/start/{surveyId}', tags, errorResponses: errors.link } })
    .input(z.object({ surveyId: z.uuid() }))
    .output(ZStartPage)
    .query(({ ctx, input }) => startPage(ctx.deps, ctx.caller, input)),

  start: rateLimitedProcedure('start', LIMITS.startsPerAddress)
    .meta({
      openapi: {
        method: 'POST',
        path: '/responses/start/{surveyId}',
        tags,
        summary: 'Start through the single link: a personal link, or an email with one',
        errorResponses: errors.link,
      },
    })
    .input(ZStartInput)
    .output(ZStartResult)
    .mutation(({ ctx, input }) => startResponse(ctx.deps, ctx.caller, input)),

  respondentAddedByRespondent: rateLimitedProcedure('added-name', LIMITS.addedNamesPerAddress)
    .meta({
      openapi: {
        method: 'POST',
        path: '/responses/respondentAddedByRespondent/{surveyId}',
        tags,
        errorResponses: errors.link,
      },
    })
    .input(ZRespondentAdded)
    .output(ZAddedNode)
    .mutation(({ ctx, input }) => respondentAdded(ctx.deps, ctx.caller, input)),

  suppListItemAddedByRespondent: rateLimitedProcedure('added-name', LIMITS.addedNamesPerAddress)
    .meta({
      openapi: {
        method: 'POST',
        path: '/responses/suppListItemAddedByRespondent/{surveyId}',
        tags,
        errorResponses: errors.link,
      },
    })
    .input(ZSuppListItemAdded)
    .output(ZAddedNode)
    .mutation(({ ctx, input }) => suppListItemAdded(ctx.deps, ctx.caller, input)),

  dashboard: dashboardRouter,
});
