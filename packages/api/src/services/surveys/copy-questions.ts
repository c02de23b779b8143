import { randomUUID } from 'node:crypto';
import type { TQuestionData } from '@tieline/validation';

/** The question with a new id, and new ids for its options and column headings. */
export function withNewIds(q: TQuestionData): TQuestionData {
  const renew = (options: TQuestionData['selectionOptions']) => options.map((o) => ({ ...o, _id: randomUUID() }));
  return {
    ...q,
    _id: randomUUID(),
    selectionOptions: renew(q.selectionOptions),
    columnHeadings: renew(q.columnHeadings),
  };
}

/**
 * Copies of a survey's questions for a copy of the survey: new ids, previousQn pointing at the copies,
 * `list` pointing at the copied list (`listIds`: original list id -> copy), or none.
 */
export function copyQuestions(
  questions: readonly TQuestionData[],
  listIds: ReadonlyMap<string, string>,
): TQuestionData[] {
  const copies = questions.map(withNewIds);
  const ids = new Map(questions.map((q, i) => [q._id, copies[i]!._id]));
  return copies.map((q) => ({
    ...q,
    list: q.list === null ? null : (listIds.get(q.list) ?? null),
    previousQn: q.previousQn.map((id) => ids.get(id)!),
  }));
}
