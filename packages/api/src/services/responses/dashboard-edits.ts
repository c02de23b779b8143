import { and, type Db, eq, ne, nodes, responses, rowsOf, sql, surveys, type Tx, users } from '@tieline/db';
import { DASHBOARD_MSG, type TDashboardResponse, type TResponseStatus } from '@tieline/validation';
import { type ResponseRow, selfNodeId } from '../../access/responses';
import { requireSurvey, respondentListOf, visibleSurveys } from '../../access/surveys';
import type { Actor, SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { toDashboardRow } from './dashboard-pages';

// The owner's changes to responses from the dashboard: a status by hand (spec §4 Edit Status), a bounced
// respondent's corrected address, and clearing every answer of a survey.

/** A response of a survey the actor may see, locked for the change; 404 otherwise (another tenant's too). */
async function requireResponse(db: Db | Tx, actor: Actor, responseId: string): Promise<ResponseRow> {
  const [row] = await db
    .select({ response: responses })
    .from(responses)
    .innerJoin(surveys, eq(surveys.id, responses.surveyId))
    .innerJoin(users, eq(users.id, surveys.ownerId))
    .where(and(eq(responses.id, responseId), visibleSurveys(actor)))
    .for('update', { of: responses });
  if (!row) throw new AppError('NOT_FOUND', DASHBOARD_MSG.responseNotFound);
  return row.response;
}

/**
 * PUT responses/status/{responseId}: any of the seven statuses to any other. Submitted stamps the
 * submitted time (and started) when the response has none; times already there are kept whatever the
 * new status, as they record what happened.
 */
export async function updateResponseStatus(
  deps: Deps,
  caller: SignedInCaller,
  input: { responseId: string; status: TResponseStatus },
): Promise<TDashboardResponse> {
  return deps.db.transaction(async (tx) => {
    const response = await requireResponse(tx, caller.actor, input.responseId);
    const now = new Date();
    const stamp = input.status === 'Submitted' && !response.submitted;
    const [updated] = await tx
      .update(responses)
      .set({
        status: input.status,
        ...(stamp ? { submitted: now, started: response.started ?? now } : {}),
      })
      .where(eq(responses.id, response.id))
      .returning();
    return toDashboardRow({ ...updated!, name: updated!.nodeName, email: updated!.nodeEmail });
  });
}

/**
 * PUT responses/address/{responseId}: a corrected email address for a respondent (the dashboard offers
 * it for bounced ones). The response and the respondent-list node are matched by email everywhere, so
 * both change together; an address another respondent of the survey has is refused. A Bounced response
 * goes back to Not Sent so the Emails tab (or its Resend) reaches the new address; other statuses stay.
 */
export async function updateResponseAddress(
  deps: Deps,
  caller: SignedInCaller,
  input: { responseId: string; email: string },
): Promise<TDashboardResponse> {
  return deps.db.transaction(async (tx) => {
    const response = await requireResponse(tx, caller.actor, input.responseId);
    const listId = await respondentListOf(tx, response.surveyId);
    // The same lock as names added by respondents: no one adds this address while we take it.
    if (listId) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${listId}, 0))`);
    const nodeId = await selfNodeId(tx, response);
    const email = input.email;
    const [otherResponse] = await tx
      .select({ id: responses.id })
      .from(responses)
      .where(
        and(
          eq(responses.surveyId, response.surveyId),
          ne(responses.id, response.id),
          sql`lower(${responses.nodeEmail}) = ${email}`,
        ),
      )
      .limit(1);
    const otherNode = listId
      ? rowsOf<{ id: string }>(
          await tx.execute(sql`
            select id from nodes where list_id = ${listId} and lower(email) = ${email}
              and (${nodeId}::uuid is null or id <> ${nodeId}::uuid) limit 1`),
        )[0]
      : undefined;
    if (otherResponse || otherNode) throw new AppError('CONFLICT', DASHBOARD_MSG.emailTaken);
    if (nodeId) await tx.update(nodes).set({ email }).where(eq(nodes.id, nodeId));
    const [updated] = await tx
      .update(responses)
      .set({ nodeEmail: email, ...(response.status === 'Bounced' ? { status: 'Not Sent' } : {}) })
      .where(eq(responses.id, response.id))
      .returning();
    return toDashboardRow({ ...updated!, name: updated!.nodeName, email: updated!.nodeEmail });
  });
}

/**
 * POST responses/clearAll/{surveyId}, in one transaction: every response's answers, times, revision and
 * history go; names respondents added go (with the personal links made for people they added to the
 * respondent list). Started, Submitted and Starred (a mark on an answer that is gone) become Not
 * Started; Not Sent, Not Started, Bounced and Opted Out stay, as they say what email may still do.
 * A respondent's open page holding the old revision gets 409 on its next save and reloads.
 */
export async function clearAllResponses(
  deps: Deps,
  caller: SignedInCaller,
  input: { surveyId: string },
): Promise<{ cleared: number; removedNodes: number }> {
  const survey = await requireSurvey(deps.db, caller.actor, input.surveyId);
  return deps.db.transaction(async (tx) => {
    const gone = rowsOf<{ email: string | null; type: string }>(
      await tx.execute(sql`
        delete from nodes n using lists l
        where l.id = n.list_id and l.survey_id = ${survey.id} and n.added_by_response is not null
        returning n.email, l.type`),
    );
    const addedPeople = gone.filter((n) => n.type === 'Respondent List' && n.email).map((n) => n.email!.toLowerCase());
    if (addedPeople.length) {
      await tx.execute(sql`
        delete from responses where survey_id = ${survey.id}
          and lower(node_email) in (select value from json_array_elements_text(${JSON.stringify(addedPeople)}::json))`);
    }
    await tx.execute(sql`
      delete from response_saves s using responses r where r.id = s.response_id and r.survey_id = ${survey.id}`);
    const cleared = await tx
      .update(responses)
      .set({
        answers: [],
        started: null,
        submitted: null,
        revision: 0,
        status: sql`case when ${responses.status} in ('Started', 'Submitted', 'Starred') then 'Not Started' else ${responses.status} end`,
      })
      .where(
        and(
          eq(responses.surveyId, survey.id),
          sql`(${responses.revision} > 0 or ${responses.started} is not null or ${responses.submitted} is not null
            or ${responses.status} in ('Started', 'Submitted', 'Starred') or jsonb_array_length(${responses.answers}) > 0)`,
        ),
      )
      .returning({ id: responses.id });
    return { cleared: cleared.length, removedNodes: gone.length };
  });
}
