import { linkedFrom, SURVEY_MSG, type TQuestionRefInput, type TSurvey } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { editQuestions, indexOfQuestion } from './edit-questions';

/**
 * DELETE surveys/{surveyId}/questions/{questionId}; refused (409) while other questions pipe from it,
 * naming them by their numbers as the Cannot Delete Question dialog shows them.
 */
export async function deleteQuestion(deps: Deps, caller: SignedInCaller, input: TQuestionRefInput): Promise<TSurvey> {
  const { survey } = await editQuestions(deps, caller, input, (questions) => {
    const index = indexOfQuestion(questions, input.questionId);
    const linked = linkedFrom(questions, input.questionId);
    if (linked.length > 0) throw new AppError('CONFLICT', SURVEY_MSG.linkedBy(linked));
    return { questions: questions.toSpliced(index, 1), result: undefined };
  });
  return survey;
}
