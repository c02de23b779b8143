import { type SQL, sql } from '@tieline/db';

// Whose work a job is (jobs.account_key), for enqueue sites that hold an id rather than the caller:
// one SQL expression each, evaluated in the job's insert. An organization's id, else its owner's user id,
// as payloads.ts accountKeyOf gives for a caller; '' when the row is gone (the job then has nothing to do).

const orUser = (organizationId: SQL, userId: SQL) => sql`coalesce(${organizationId}, ${userId})::text`;

/** The account of a survey's owner. */
export const surveyAccount = (surveyId: string): SQL =>
  sql`coalesce((select ${orUser(sql`u.organization_id`, sql`u.id`)} from surveys s join users u on u.id = s.owner_id
    where s.id = ${surveyId}::uuid), '')`;

/** The account of the survey a send belongs to. */
export const sendAccount = (sendId: string): SQL =>
  sql`coalesce((select ${orUser(sql`u.organization_id`, sql`u.id`)} from email_sends e join surveys s on s.id = e.survey_id
    join users u on u.id = s.owner_id where e.id = ${sendId}::uuid), '')`;

/** The organization (or individual user) of a passive-data connection. */
export const connectionAccount = (connectionId: string): SQL =>
  sql`coalesce((select ${orUser(sql`a.organization_id`, sql`a.user_id`)} from passive_connections c
    join passive_accounts a on a.id = c.account_id where c.id = ${connectionId}::uuid), '')`;

/** The organization (or individual user) of a passive-data query. */
export const queryAccount = (queryId: string): SQL =>
  sql`coalesce((select ${orUser(sql`a.organization_id`, sql`a.user_id`)} from passive_queries q
    join passive_accounts a on a.id = q.account_id where q.id = ${queryId}::uuid), '')`;
