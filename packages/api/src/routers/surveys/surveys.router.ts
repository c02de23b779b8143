import {
  ZCreateSurveyInput,
  ZOk,
  ZRandomUUID,
  ZRespondentSurvey,
  ZSurvey,
  ZSurveyIdInput,
  ZSurveyListInput,
  ZSurveySummary,
  ZTestEmailIdInput,
  ZUpdateSurveyInput,
} from '@tieline/validation';
import { z } from 'zod';
import { createSurvey, duplicateSurvey } from '../../services/surveys/create-survey';
import { getSurvey, listSurveys } from '../../services/surveys/read-surveys';
import { surveyByRandomUUID, surveyByTestEmailId } from '../../services/surveys/survey-by-random-uuid';
import { deleteSurvey, updateSurvey } from '../../services/surveys/update-survey';
import { publicProcedure, router, surveysProcedure } from '../../trpc';
import { restMeta } from '../rest-meta';
import { errorResponses } from './error-responses';
import { questionsRouter } from './questions.router';
import { webhooksRouter } from './webhooks.router';

const read = errorResponses(400, 401, 404, 500);
const write = errorResponses(400, 401, 403, 404, 409, 500);
const rest = restMeta(['surveys'], write);
const change = errorResponses(400, 401, 403, 404, 500);

export const surveysRouter = router({
  byRandomUUID: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/surveys/byRandomUUID/{id}', tags: ['respondent'] } })
    .input(z.object({ id: ZRandomUUID }))
    .output(ZRespondentSurvey)
    .query(({ ctx, input }) => surveyByRandomUUID(ctx.deps, ctx.caller, input)),

  // A test email's link: the survey whatever its status, answered by nobody (the app saves nothing).
  byTestEmailId: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/surveys/byTestEmailId/{id}', tags: ['respondent'] } })
    .input(ZTestEmailIdInput)
    .output(ZRespondentSurvey)
    .query(({ ctx, input }) => surveyByTestEmailId(ctx.deps, ctx.caller, input)),

  list: surveysProcedure
    .meta(
      rest('GET', '/surveys', 'Surveys the caller may see, with counts', {
        errorResponses: errorResponses(400, 401, 500),
      }),
    )
    .input(ZSurveyListInput)
    .output(z.array(ZSurveySummary))
    .query(({ ctx, input }) => listSurveys(ctx.deps, ctx.caller, input)),

  // Spec path POST /api/base/surveys/: trpc-to-openapi drops trailing slashes from paths and requests
  // alike, so /surveys and /surveys/ both reach it.
  create: surveysProcedure
    .meta(rest('POST', '/surveys', 'A new survey', { errorResponses: errorResponses(400, 401, 403, 500) }))
    .input(ZCreateSurveyInput)
    .output(ZSurvey)
    .mutation(({ ctx, input }) => createSurvey(ctx.deps, ctx.caller, input)),

  get: surveysProcedure
    .meta(rest('GET', '/surveys/{id}', 'The whole survey', { errorResponses: read }))
    .input(ZSurveyIdInput)
    .output(ZSurvey)
    .query(({ ctx, input }) => getSurvey(ctx.deps, ctx.caller, input)),

  update: surveysProcedure
    .meta(rest('PUT', '/surveys/{id}', 'Save survey fields (version-checked)'))
    .input(ZUpdateSurveyInput)
    .output(ZSurvey)
    .mutation(({ ctx, input }) => updateSurvey(ctx.deps, ctx.caller, input)),

  duplicate: surveysProcedure
    .meta(rest('POST', '/surveys/{id}/duplicate', 'A copy without responses', { errorResponses: change }))
    .input(ZSurveyIdInput)
    .output(ZSurvey)
    .mutation(({ ctx, input }) => duplicateSurvey(ctx.deps, ctx.caller, input)),

  delete: surveysProcedure
    .meta(rest('DELETE', '/surveys/{id}', 'Delete with its responses', { errorResponses: change }))
    .input(ZSurveyIdInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await deleteSurvey(ctx.deps, ctx.caller, input);
      return { ok: true } as const;
    }),

  questions: questionsRouter,
  webhooks: webhooksRouter,
});
