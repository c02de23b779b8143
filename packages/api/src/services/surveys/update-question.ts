import {
  finishQuestionEdit,
  isAnswerType,
  isEligibleSource,
  linkedFrom,
  questionProblem,
  SURVEY_MSG,
  type TQuestionData,
  type TSurvey,
  type TUpdateQuestionInput,
} from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { sanitizeRichText } from '../../html/sanitize';
import { editQuestions, indexOfQuestion } from './edit-questions';
import { surveyListIds } from './survey-wire';

/**
 * PUT surveys/{surveyId}/questions/{questionId}: the builder's Finish. The fields sent replace the
 * question's, the text is sanitized, the relationship source is settled (finishQuestionEdit), and the
 * question must then pass the builder's rules. A question other questions pipe from must stay a source
 * they can use (409 naming them, as deleting it would be).
 */
export async function updateQuestion(
  deps: Deps,
  caller: SignedInCaller,
  input: TUpdateQuestionInput,
): Promise<TSurvey> {
  // A question's `list` must be one of this survey's lists, never another survey's (or tenant's).
  const ownLists = await surveyListIds(deps.db, input.surveyId);
  const { survey } = await editQuestions(deps, caller, input, (questions) => {
    const index = indexOfQuestion(questions, input.questionId);
    const current = questions[index]!;
    const { text, ...changes } = input.question;
    if (changes.type !== undefined && changes.type !== current.type) {
      if (!isAnswerType(changes.type) || !isAnswerType(current.type)) {
        throw new AppError('BAD_REQUEST', SURVEY_MSG.typeFixed);
      }
    }
    const edited: TQuestionData = finishQuestionEdit({
      ...current,
      ...changes,
      text: text === undefined ? current.text : sanitizeRichText(text),
    });
    if (edited.list !== null && !ownLists.has(edited.list))
      throw new AppError('BAD_REQUEST', SURVEY_MSG.listNotOfSurvey);
    const next = questions.with(index, edited);
    const problem = questionProblem(next, index);
    if (problem) throw new AppError('BAD_REQUEST', problem.message);
    const linked = isEligibleSource(edited) ? [] : linkedFrom(next, edited._id);
    if (linked.length > 0) throw new AppError('CONFLICT', SURVEY_MSG.linkedBy(linked));
    return { questions: next, result: undefined };
  });
  return survey;
}
