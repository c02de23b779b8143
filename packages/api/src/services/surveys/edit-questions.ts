import { QUESTION_LIMITS, SURVEY_MSG, type TQuestionData, type TSurvey } from '@tieline/validation';
import { requireSurvey } from '../../access/surveys';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { questionsOf, type SurveyRow, surveyWire } from './survey-wire';
import { writeSurvey } from './write-survey';

export interface QuestionsEdit<R> {
  questions: TQuestionData[];
  result: R;
}

/**
 * One question operation, the same way for all: the survey must be the actor's to see (404), still at
 * the version the builder read (409), and `edit` turns its questions into the new list (throwing for
 * rules it breaks); the list is then saved as one versioned write of the survey row.
 */
export async function editQuestions<R>(
  deps: Deps,
  caller: SignedInCaller,
  ref: { surveyId: string; version: number },
  edit: (questions: TQuestionData[], row: SurveyRow) => QuestionsEdit<R>,
): Promise<{ survey: TSurvey; result: R }> {
  const row = await requireSurvey(deps.db, caller.actor, ref.surveyId);
  // Before the edit: a stale builder is told to reload, not that a question it still shows is gone.
  if (row.version !== ref.version) throw new AppError('CONFLICT', SURVEY_MSG.stale);
  const { questions, result } = edit(questionsOf(row), row);
  if (questions.length > QUESTION_LIMITS.maxQuestions) throw new AppError('BAD_REQUEST', SURVEY_MSG.tooManyQuestions);
  if (JSON.stringify(questions).length > QUESTION_LIMITS.totalChars) {
    throw new AppError('PAYLOAD_TOO_LARGE', SURVEY_MSG.surveyTooLarge);
  }
  const saved = await writeSurvey(deps.db, row, ref.version, { questions });
  return { survey: await surveyWire(deps.db, saved), result };
}

/** Where question `id` is in the survey; 404 when it is not one of its questions. */
export function indexOfQuestion(questions: readonly TQuestionData[], id: string): number {
  const index = questions.findIndex((q) => q._id === id);
  if (index < 0) throw new AppError('NOT_FOUND', SURVEY_MSG.questionNotFound);
  return index;
}
