import { type Db, eq, nodes, sql, type Tx } from '@tieline/db';
import {
  answerMap,
  pipedIds,
  RESPONDENT_LIMITS,
  sourceListOf,
  type TAnswer,
  type TAnswerContext,
  type TQuestionData,
} from '@tieline/validation';

/**
 * What the answer rules need beyond the answers, as the respondent saw it: the people a relationship
 * question offers (piped answers, or its list's nodes up to the option cap; above it the question
 * searches and "every row" cannot apply), the options of other questions, and who answers.
 */
export async function answerContexts(
  db: Db | Tx,
  questions: readonly TQuestionData[],
  answers: readonly TAnswer[],
  respondentList: string | null,
  selfId: string | null,
): Promise<(q: TQuestionData) => TAnswerContext> {
  const map = answerMap(answers);
  const listIds = new Set(questions.map((q) => sourceListOf(q, respondentList)).filter((id) => id !== null));
  const listNodes = new Map<string, string[] | null>();
  for (const listId of listIds) listNodes.set(listId, await nodesUpToCap(db, listId));
  return (q) => {
    const piped = q.isRelationshipQuestion ? pipedIds(q, map) : null;
    if (piped) return { offered: piped, selfId };
    const listId = sourceListOf(q, respondentList);
    if (listId) return { offered: listNodes.get(listId) ?? null, selfId };
    return { offered: q.type === 'multipleSelection' ? q.selectionOptions.map((o) => o._id) : null, selfId };
  };
}

async function nodesUpToCap(db: Db | Tx, listId: string): Promise<string[] | null> {
  const rows = await db
    .select({ id: nodes.id })
    .from(nodes)
    .where(eq(nodes.listId, listId))
    .orderBy(sql`${nodes.position}`)
    .limit(RESPONDENT_LIMITS.optionsCap + 1);
  return rows.length > RESPONDENT_LIMITS.optionsCap ? null : rows.map((r) => r.id);
}
