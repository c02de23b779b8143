import { and, type Db, eq, lists, nodes, responses, sql, surveys, type Tx, users } from '@tieline/db';
import { MSG, RESPONDENT_MSG } from '@tieline/validation';
import type { Actor } from '../auth/actor';
import { AppError } from '../errors';

export type ResponseRow = typeof responses.$inferSelect;

import { type SurveyRow, visibleSurveys } from './surveys';

// Who may reach a response: whoever holds its personal link (the random UUID is the key).

/**
 * The response and survey behind a personal link, or 404 with the link message. `forUpdate` locks the
 * response row (a save reads, checks the revision and writes under it).
 */
export async function responseByLink(
  db: Db | Tx,
  randomUUID: string,
  opts: { forUpdate?: boolean } = {},
): Promise<{ response: ResponseRow; survey: SurveyRow }> {
  const query = db
    .select({ response: responses, survey: surveys })
    .from(responses)
    .innerJoin(surveys, eq(responses.surveyId, surveys.id))
    .where(eq(responses.randomUuid, randomUUID));
  const [row] = opts.forUpdate ? await query.for('update', { of: responses }) : await query;
  if (!row) throw new AppError('NOT_FOUND', MSG.surveyLinkInvalid);
  return row;
}

/** Answers are taken while the survey collects them: Completed and Offline surveys refuse (spec §4). */
export function refuseUnlessCollecting(survey: SurveyRow): void {
  if (survey.status === 'Completed' || survey.status === 'Archived')
    throw new AppError('FORBIDDEN', RESPONDENT_MSG.surveyClosed);
  if (survey.status !== 'Collecting') throw new AppError('FORBIDDEN', RESPONDENT_MSG.surveyOffline);
}

/**
 * The respondent's own node in the survey's respondent list (the person their link belongs to): the
 * node with their email, else with their name. Null when they are not in the list.
 */
export async function selfNodeId(db: Db | Tx, response: ResponseRow): Promise<string | null> {
  const match = response.nodeEmail
    ? sql`lower(${nodes.email}) = ${response.nodeEmail.toLowerCase()}`
    : eq(nodes.name, response.nodeName);
  const [row] = await db
    .select({ id: nodes.id })
    .from(nodes)
    .innerJoin(lists, eq(lists.id, nodes.listId))
    .where(and(eq(lists.surveyId, response.surveyId), eq(lists.type, 'Respondent List'), match))
    .limit(1);
  return row?.id ?? null;
}

/** First name as merge tokens use it: the first word of the name. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * A response by its id for support staff: whoever may see its survey (access/surveys.ts), and super
 * admins for any survey. Anyone else gets 404, as for an id that names nothing.
 */
export async function responseForStaff(
  db: Db,
  actor: Actor,
  responseId: string,
): Promise<{ response: ResponseRow; survey: SurveyRow }> {
  const query = db
    .select({ response: responses, survey: surveys })
    .from(responses)
    .innerJoin(surveys, eq(responses.surveyId, surveys.id))
    .innerJoin(users, eq(users.id, surveys.ownerId));
  const [row] = await query.where(
    actor.role === 'Admin' ? eq(responses.id, responseId) : and(eq(responses.id, responseId), visibleSurveys(actor)),
  );
  if (!row) throw new AppError('NOT_FOUND', MSG.notFound);
  return row;
}
