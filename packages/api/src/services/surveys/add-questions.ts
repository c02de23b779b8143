import { randomUUID } from 'node:crypto';
import {
  newQuestion,
  SURVEY_MSG,
  type TInsertQuestionInput,
  type TQuestionCreated,
  type TQuestionRefInput,
} from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { withNewIds } from './copy-questions';
import { editQuestions, indexOfQuestion } from './edit-questions';
import { respondentListOf } from './survey-wire';

const created = ({ survey, result }: { survey: TQuestionCreated['survey']; result: string }): TQuestionCreated => ({
  questionId: result,
  survey,
});

/** POST surveys/{surveyId}/questions: a new question of `type` with its defaults, at `index`. */
export async function insertQuestion(
  deps: Deps,
  caller: SignedInCaller,
  input: TInsertQuestionInput,
): Promise<TQuestionCreated> {
  // Read before the access check in editQuestions: for a survey the actor may not see it reveals nothing.
  const respondentList = await respondentListOf(deps.db, input.surveyId);
  const outcome = await editQuestions(deps, caller, input, (questions) => {
    if (input.index > questions.length) throw new AppError('BAD_REQUEST', SURVEY_MSG.indexOutOfRange);
    const question = newQuestion(input.type, randomUUID, respondentList);
    return { questions: questions.toSpliced(input.index, 0, question), result: question._id };
  });
  return created(outcome);
}

/**
 * POST surveys/{surveyId}/questions/{questionId}/duplicate: a copy right after the original, with new
 * ids for it and its options; it takes answers from the same earlier questions and the same list.
 */
export async function duplicateQuestion(
  deps: Deps,
  caller: SignedInCaller,
  input: TQuestionRefInput,
): Promise<TQuestionCreated> {
  const outcome = await editQuestions(deps, caller, input, (questions) => {
    const index = indexOfQuestion(questions, input.questionId);
    const question = withNewIds(questions[index]!);
    return { questions: questions.toSpliced(index + 1, 0, question), result: question._id };
  });
  return created(outcome);
}
