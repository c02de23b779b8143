import { type Db, eq, nodes, sql, type Tx } from '@tieline/db';
import { sourceListOf, type TQuestionData } from '@tieline/validation';

/**
 * How many new people a response added through each of `questions` that allows additional names, for
 * the cap (issue 21). The cap counts per response and question: the builder sets it on the question,
 * and two snowball questions into one list each keep their own count. People added before the question
 * was recorded on the node count for every such question taking people from their list.
 * Only questions with at least one addition appear.
 */
export async function addedNamesByQuestion(
  db: Db | Tx,
  responseId: string,
  questions: readonly TQuestionData[],
  respondentList: string | null,
): Promise<Record<string, number>> {
  const rows = await db
    .select({ listId: nodes.listId, questionId: nodes.addedForQuestion, n: sql<number>`count(*)::int` })
    .from(nodes)
    .where(eq(nodes.addedByResponse, responseId))
    .groupBy(nodes.listId, nodes.addedForQuestion);
  const counts: Record<string, number> = {};
  if (rows.length === 0) return counts;
  for (const q of questions) {
    const listId = sourceListOf(q, respondentList);
    if (!q.allowAdditionalNames || listId === null) continue;
    const n = rows
      .filter((r) => r.questionId === q._id || (r.questionId === null && r.listId === listId))
      .reduce((sum, r) => sum + Number(r.n), 0);
    if (n > 0) counts[q._id] = n;
  }
  return counts;
}
