import { and, type Db, eq, inArray, lists, nodes, type Tx } from '@tieline/db';
import { isAnswerType, type TAnswer, type TDataInput, type TQuestionData } from '@tieline/validation';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every node id the answers of relationship questions name (rows and selections). */
export function referencedNodeIds(questions: readonly TQuestionData[], answers: readonly TAnswer[]): string[] {
  const relationship = new Map(questions.map((q) => [q._id, q.isRelationshipQuestion]));
  const ids = new Set<string>();
  for (const a of answers) {
    if (!relationship.get(a.questionId)) continue;
    for (const e of a.dataInput) {
      if (e.nodeId && UUID.test(e.nodeId)) ids.add(e.nodeId);
      for (const id of e.selectedIds ?? []) if (UUID.test(id)) ids.add(id);
    }
  }
  return [...ids];
}

/** Of `ids`, the nodes that belong to one of the survey's lists, with their names. */
export async function surveyNodeNames(db: Db | Tx, surveyId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: nodes.id, name: nodes.name })
    .from(nodes)
    .innerJoin(lists, eq(lists.id, nodes.listId))
    .where(and(eq(lists.surveyId, surveyId), inArray(nodes.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The answers as they may be stored: only answers to the survey's answerable questions, and in them
 * only the options the question has and the people of the survey's lists. What a question or list
 * no longer has (the owner edited it while the respondent answered) is dropped rather than refusing
 * the whole save: refusing would lose every other answer with it.
 */
export function cleanAnswers(
  questions: readonly TQuestionData[],
  answers: readonly TAnswer[],
  knownNodes: ReadonlySet<string> | ReadonlyMap<string, string>,
): TAnswer[] {
  const byId = new Map(questions.filter((q) => isAnswerType(q.type)).map((q) => [q._id, q]));
  const out: TAnswer[] = [];
  for (const a of answers) {
    const q = byId.get(a.questionId);
    if (!q) continue;
    out.push({ questionId: a.questionId, dataInput: a.dataInput.flatMap((e) => cleanEntry(q, e, knownNodes)) });
  }
  return out;
}

function cleanEntry(q: TQuestionData, e: TDataInput, known: { has(id: string): boolean }): TDataInput[] {
  const options = new Set(q.selectionOptions.map((o) => o._id));
  const columns = new Set(q.columnHeadings.map((o) => o._id));
  const person = (id: string) => known.has(id);
  switch (q.type) {
    case 'freeFormText':
      return [{ text: e.text ?? '' }];
    case 'singleNumeric':
    case 'numericRange':
      return [{ numeric: e.numeric ?? null }];
    case 'multipleSelection':
    case 'searchAndSelect': {
      const valid = q.isRelationshipQuestion ? person : (id: string) => options.has(id);
      return [{ selectedIds: unique(e.selectedIds ?? []).filter(valid) }];
    }
    case 'matrixSelection': {
      if (q.isRelationshipQuestion) {
        if (!e.nodeId || !person(e.nodeId)) return [];
        const valid = q.egoNetworkMapping ? person : (id: string) => columns.has(id);
        return [{ nodeId: e.nodeId, selectedIds: unique(e.selectedIds ?? []).filter(valid) }];
      }
      if (!e.optionId || !options.has(e.optionId)) return [];
      return [{ optionId: e.optionId, selectedIds: unique(e.selectedIds ?? []).filter((id) => columns.has(id)) }];
    }
    default:
      return [];
  }
}

const unique = (ids: readonly string[]) => [...new Set(ids)];
