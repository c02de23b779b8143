import { and, eq, lists, nodes, responses, sql, type Tx } from '@tieline/db';
import { MSG, RESPONDENT_MSG, sourceListOf } from '@tieline/validation';
import { firstNameOf, refuseUnlessCollecting, responseByLink } from '../../access/responses';
import { questionsOf, respondentListOf } from '../../access/surveys';
import type { Caller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';

interface AddInput {
  surveyId: string;
  randomUUID: string;
  questionId?: string | undefined;
  name: string;
}

/**
 * POST responses/respondentAddedByRespondent/{surveyId}: a respondent names someone missing from the
 * respondent list (snowball). The person joins the list, marked as added by this response, with a
 * response of their own (Not Sent) so the owner can invite them. Someone already in the list (same
 * email, any case) is that node: two respondents adding one person make one node.
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
        await tx
          .insert(responses)
          .values({ surveyId, nodeName: node.name, nodeEmail: input.email, status: 'Not Sent' });
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

async function addNode(
  deps: Deps,
  _caller: Caller,
  input: AddInput,
  target: (tx: Tx, surveyId: string) => Promise<Target>,
): Promise<{ _id: string; name: string }> {
  return deps.db.transaction(async (tx) => {
    const { response, survey } = await responseByLink(tx, input.randomUUID);
    if (survey.id !== input.surveyId) throw new AppError('NOT_FOUND', MSG.surveyLinkInvalid);
    refuseUnlessCollecting(survey);
    const t = await target(tx, survey.id);
    // Only into a list a question that allows additional names takes its people from.
    const respondentList = await respondentListOf(tx, survey.id);
    const allowed = questionsOf(survey).some(
      (q) =>
        q.allowAdditionalNames &&
        (input.questionId === undefined || q._id === input.questionId) &&
        sourceListOf(q, respondentList) === t.listId,
    );
    if (!allowed) throw new AppError('FORBIDDEN', RESPONDENT_MSG.addNotAllowed);
    // One adder per list at a time: the lookup and the insert below must not interleave.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${t.listId}, 0))`);
    const [found] = await tx.select({ id: nodes.id, name: nodes.name }).from(nodes).where(t.existing).limit(1);
    if (found) return { _id: found.id, name: found.name };
    const [node] = await tx
      .insert(nodes)
      .values({
        listId: t.listId,
        name: input.name,
        email: t.email,
        firstName: firstNameOf(input.name),
        position: sql`(select coalesce(max(position), -1) + 1 from nodes where list_id = ${t.listId})`,
        addedByResponse: response.id,
      })
      .returning({ id: nodes.id, name: nodes.name });
    await t.after?.(node!);
    return { _id: node!.id, name: node!.name };
  });
}
