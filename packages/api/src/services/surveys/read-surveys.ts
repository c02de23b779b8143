import { and, asc, desc, eq, responses, sql, surveys, users } from '@tieline/db';
import { type TSurvey, type TSurveyListQuery, type TSurveySummary, ZSurveyStatus } from '@tieline/validation';
import { requireSurvey, visibleSurveys } from '../../access/surveys';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { surveyWire } from './survey-wire';

const SORT_COLUMNS = {
  name: sql`lower(${surveys.name})`,
  status: sql`${surveys.status}`,
  updatedAt: sql`${surveys.updatedAt}`,
};

/** A LIKE pattern matching `text` anywhere, its own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * GET surveys: the surveys the actor may see (access/surveys.ts), with respondent and submitted
 * response counts, found by part of the name in any case and sorted (newest change first by default).
 * Questions stay in the row: a list does not need them.
 */
export async function listSurveys(
  deps: Deps,
  caller: SignedInCaller,
  input: TSurveyListQuery,
): Promise<TSurveySummary[]> {
  const { search, sortBy, sortDirection } = input;
  const named = search ? sql`${surveys.name} ilike ${containing(search)}` : undefined;
  const order = sortDirection === 'asc' ? asc : desc;
  const rows = await deps.db
    .select({
      id: surveys.id,
      name: surveys.name,
      status: surveys.status,
      createdAt: surveys.createdAt,
      updatedAt: surveys.updatedAt,
      // Correlated counts read only the listed surveys' responses, through responses_survey_idx.
      respondentCount: sql<number>`(select count(*)::int from ${responses} where ${responses.surveyId} = ${surveys.id})`,
      responseCount: sql<number>`(select count(*)::int from ${responses} where ${responses.surveyId} = ${surveys.id} and ${responses.status} = 'Submitted')`,
    })
    .from(surveys)
    .innerJoin(users, eq(users.id, surveys.ownerId))
    .where(and(visibleSurveys(caller.actor), named))
    .orderBy(order(SORT_COLUMNS[sortBy]), order(surveys.id));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    status: ZSurveyStatus.catch('Offline').parse(r.status),
    respondentCount: Number(r.respondentCount),
    responseCount: Number(r.responseCount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** GET surveys/{id}: the whole survey, to those who may see it (404 to everyone else). */
export async function getSurvey(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<TSurvey> {
  return await surveyWire(deps.db, await requireSurvey(deps.db, caller.actor, input.id));
}
