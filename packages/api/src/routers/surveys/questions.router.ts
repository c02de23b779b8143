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
import { restMeta } from '../rest-meta';
import { errorResponses } from './error-responses';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 500);
const rest = restMeta(['questions'], errors);

// Every operation carries the survey version it was based on and answers the saved survey (with its
// new version), so the builder keeps writing without a reload.
export const questionsRouter = router({
  // Before `update`: the bridges match paths in this order, and /questions/order would otherwise be read
  // as the question id "order".
  reorder: surveysProcedure
    .meta(rest('PUT', '/surveys/{surveyId}/questions/order', 'Reorder questions'))
    .input(ZReorderQuestionsInput)
    .output(ZSurvey)
    .mutation(({ ctx, input }) => reorderQuestions(ctx.deps, ctx.caller, input)),

  update: surveysProcedure
    .meta(rest('PUT', '/surveys/{surveyId}/questions/{questionId}', 'Finish editing a question'))
    .input(ZUpdateQuestionInput)
    .output(ZSurvey)
    .mutation(({ ctx, input }) => updateQuestion(ctx.deps, ctx.caller, input)),

  insert: surveysProcedure
    .meta(rest('POST', '/surveys/{surveyId}/questions', 'Insert a new question at an index'))
    .input(ZInsertQuestionInput)
    .output(ZQuestionCreated)
    .mutation(({ ctx, input }) => insertQuestion(ctx.deps, ctx.caller, input)),

  duplicate: surveysProcedure
    .meta(rest('POST', '/surveys/{surveyId}/questions/{questionId}/duplicate', 'Copy a question after the original'))
    .input(ZQuestionRefInput)
    .output(ZQuestionCreated)
    .mutation(({ ctx, input }) => duplicateQuestion(ctx.deps, ctx.caller, input)),

  delete: surveysProcedure
    .meta(rest('DELETE', '/surveys/{surveyId}/questions/{questionId}', 'Delete a question'))
    .input(ZDeleteQuestionInput)
    .output(ZSurvey)
    .mutation(({ ctx, input }) => deleteQuestion(ctx.deps, ctx.caller, input)),
});
