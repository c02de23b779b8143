import { ZRandomUUID, ZRespondentSurvey } from '@tieline/validation';
import { z } from 'zod';
import { surveyByRandomUUID } from '../../services/surveys/survey-by-random-uuid';
import { publicProcedure, router } from '../../trpc';

export const surveysRouter = router({
  byRandomUUID: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/surveys/byRandomUUID/{id}', tags: ['respondent'] } })
    .input(z.object({ id: ZRandomUUID }))
    .output(ZRespondentSurvey)
    .query(({ ctx, input }) => surveyByRandomUUID(ctx.deps, ctx.caller, input)),
});
