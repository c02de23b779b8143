import { reorderProblem, type TReorderQuestionsInput, type TSurvey } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { editQuestions } from './edit-questions';

/** PUT surveys/{surveyId}/questions/order: every question id once, in the new order (reorderProblem). */
export async function reorderQuestions(
  deps: Deps,
  caller: SignedInCaller,
  input: TReorderQuestionsInput,
): Promise<TSurvey> {
  const { survey } = await editQuestions(deps, caller, input, (questions) => {
    const problem = reorderProblem(questions, input.order);
    if (problem) throw new AppError('BAD_REQUEST', problem);
    const byId = new Map(questions.map((q) => [q._id, q]));
    return { questions: input.order.map((id) => byId.get(id)!), result: undefined };
  });
  return survey;
}
