import { and, eq, lists, nodes, responses, sql, type Tx } from '@tieline/db';
import { addedNamesProblem, MSG, RESPONDENT_MSG, sourceListOf } from '@tieline/validation';
import { firstNameOf, refuseUnlessCollecting, responseByLink } from '../../access/responses';
import { questionsOf, respondentListOf } from '../../access/surveys';
import type { Caller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { addedNamesByQuestion } from './added-names';

interface AddInput {
  surveyId: string;
  randomUUID: string;
  questionId?: string | undefined;
  name: string;
}

/**
 * POST responses/respondentAddedByRespondent/{surveyId}: a respondent names someone missing from the
 * respondent list (snowball). The person joins the list, marked as added by this response, with a
 * response of their own (Not Sent, marked as added by a respondent: a bulk send leaves it out unless the
 * owner includes it). Someone already in the list (same email, any case) is that node: two respondents
 * adding one person make one node.
 */
export async function respondentAdded(deps: Deps, caller: Caller, input: AddInput & { email: string }) {
  return addNode(deps, caller, input, async (tx, surveyId) => {
    const listId = await respondentListOf(tx, surveyId);
    if (!listId) throw new AppError('FORBIDDEN', RESPONDENT_MSG.addNotAllowed);
    return {
      listId,
      existing: and(eq(nodes.listId, listId), sql`lower(${nodes.email}) = ${input.email}`),
      email: input.email,
      after: async (node) => {
        await tx.insert(responses).values({
          surveyId,
          nodeName: node.name,
          nodeEmail: input.email,
          status: 'Not Sent',
          addedByRespondent: true,
        });
      },
    };
  });
}

/** POST responses/suppListItemAddedByRespondent/{surveyId}: the same for a supplementary list (same name = same node). */
export async function suppListItemAdded(deps: Deps, caller: Caller, input: AddInput & { listId: string }) {
  return addNode(deps, caller, input, async (tx, surveyId) => {
    const [list] = await tx
      .select({ id: lists.id })
      .from(lists)
      .where(and(eq(lists.id, input.listId), eq(lists.surveyId, surveyId), eq(lists.type, 'Supplementary List')));
    if (!list) throw new AppError('NOT_FOUND', MSG.notFound);
    return {
      listId: list.id,
      existing: and(eq(nodes.listId, list.id), sql`lower(${nodes.name}) = lower(${input.name})`),
      email: null,
    };
  });
}

type Target = {
  listId: string;
  existing: ReturnType<typeof and>;
  email: string | null;
  after?: (node: { id: string; name: string }) => Promise<void>;
};

/**
 * The node for the name, added unless the list has it. A new person counts against the question's cap on
 * added names (issue 21), per response and question (added-names.ts); without a question id (the spec's
 * body has none) the first question into the list with room takes it.
 */
async function addNode(
  deps: Deps,
  _caller: Caller,
  input: AddInput,
  target: (tx: Tx, surveyId: string) => Promise<Target>,
): Promise<{ _id: string; name: string; addedNames: number }> {
  return deps.db.transaction(async (tx) => {
    // The response row stays locked to the end: two adds through one link count one after the other,
    // so together they cannot pass the cap.
    const { response, survey } = await responseByLink(tx, input.randomUUID, { forUpdate: true });
    if (survey.id !== input.surveyId) throw new AppError('NOT_FOUND', MSG.surveyLinkInvalid);
    refuseUnlessCollecting(survey);
    const t = await target(tx, survey.id);
    // Only into a list a question that allows additional names takes its people from.
    const respondentList = await respondentListOf(tx, survey.id);
    const through = questionsOf(survey).filter(
      (q) =>
        q.allowAdditionalNames &&
        (input.questionId === undefined || q._id === input.questionId) &&
        sourceListOf(q, respondentList) === t.listId,
    );
    if (through.length === 0) throw new AppError('FORBIDDEN', RESPONDENT_MSG.addNotAllowed);
    const counts = await addedNamesByQuestion(tx, response.id, through, respondentList);
    const question = through.find((q) => addedNamesProblem(q, counts[q._id] ?? 0) === null);
    // One adder per list at a time: the lookup and the insert below must not interleave.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${t.listId}, 0))`);
    const [found] = await tx.select({ id: nodes.id, name: nodes.name }).from(nodes).where(t.existing).limit(1);
    // Someone already in the list is no new person: no cap applies.
    if (found) return { _id: found.id, name: found.name, addedNames: counts[(question ?? through[0]!)._id] ?? 0 };
    if (!question) {
      throw new AppError('FORBIDDEN', addedNamesProblem(through[0]!, counts[through[0]!._id] ?? 0)!);
    }
    const [node] = await tx
      .insert(nodes)
      .values({
        listId: t.listId,
        name: input.name,
        email: t.email,
        firstName: firstNameOf(input.name),
        position: sql`(select coalesce(max(position), -1) + 1 from nodes where list_id = ${t.listId})`,
        addedByResponse: response.id,
        addedForQuestion: question._id,
      })
      .returning({ id: nodes.id, name: nodes.name });
    await t.after?.(node!);
    return { _id: node!.id, name: node!.name, addedNames: (counts[question._id] ?? 0) + 1 };
  });
}
