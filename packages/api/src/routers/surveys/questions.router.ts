import {
  ZDeleteQuestionInput,
  ZInsertQuestionInput,
  ZQuestionCreated,
  ZQuestionRefInput,
  ZReorderQuestionsInput,
  ZSurvey,
  ZUpdateQuestionInput,
} from '@tieline/validation';
import { duplicateQuestion, insertQuestion } from '../../services/surveys/add-questions';
import { deleteQuestion } from '../../services/surveys/delete-question';
import { reorderQuestions } from '../../services/surveys/reorder-questions';
import { updateQuestion } from '../../services/surveys/update-question';
import { router, surveysProcedure } from '../../trpc';
import { errorResponses } from './error-responses';

const tags = ['questions'];
const errors = errorResponses(400, 401, 403, 404, 409, 413, 500);

// Every operation carries the survey version it was based on and answers the saved survey (with its
// new version), so the builder keeps writing without a reload.
export const questionsRouter = router({
  // Before `update`: the bridges match paths in this order, and /questions/order would otherwise be read
  // as the question id "order".
  reorder: surveysProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/surveys/{surveyId}/questions/order',
        tags,
        summary: 'Reorder questions',
        errorResponses: errors,
      },
    })
    .input(ZReorderQuestionsInput)
    .output(ZSurvey)
    .mutation(({ ctx, input }) => reorderQuestions(ctx.deps, ctx.caller, input)),

  update: surveysProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/surveys/{surveyId}/questions/{questionId}',
        tags,
        summary: 'Finish editing a question',
        errorResponses: errors,
      },
    })
    .input(ZUpdateQuestionInput)
    .output(ZSurvey)
    .mutation(({ ctx, input }) => updateQuestion(ctx.deps, ctx.caller, input)),

  insert: surveysProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/surveys/{surveyId}/questions',
        tags,
        summary: 'Insert a new question at an index',
        errorResponses: errors,
      },
    })
    .input(ZInsertQuestionInput)
    .output(ZQuestionCreated)
    .mutation(({ ctx, input }) => insertQuestion(ctx.deps, ctx.caller, input)),

  duplicate: surveysProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/surveys/{surveyId}/questions/{questionId}/duplicate',
        tags,
        summary: 'Copy a question after the original',
        errorResponses: errors,
      },
    })
    .input(ZQuestionRefInput)
    .output(ZQuestionCreated)
    .mutation(({ ctx, input }) => duplicateQuestion(ctx.deps, ctx.caller, input)),

  delete: surveysProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/surveys/{surveyId}/questions/{questionId}',
        tags,
        summary: 'Delete a question',
        errorResponses: errors,
      },
    })
    .input(ZDeleteQuestionInput)
    .output(ZSurvey)
    .mutation(({ ctx, input }) => deleteQuestion(ctx.deps, ctx.caller, input)),
});
