import {
  and,
  desc,
  eq,
  inArray,
  passiveConnections,
  passiveLists,
  passiveQueries,
  passiveQueryRuns,
  sql,
} from '@tieline/db';
import {
  PASSIVE_LIMITS,
  PASSIVE_MSG,
  PASSIVE_SOURCE_LABEL,
  type TQuery,
  type TQueryInput,
  type TQueryRun,
  ZQueryInput,
} from '@tieline/validation';
import {
  managesPassiveData,
  type PassiveAccount,
  passiveAccountOf,
  peopleAccountOf,
  type QueryRow,
  requireQuery,
} from '../../access/passive-data';
import type { Actor, SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { nextDailyRun } from './queries-schedule';

// Queries of a passive-data account (issue 22): every member who sees people (seesPassivePeople) sees and
// runs the account's queries; the member who made one, and the account's managers, change or delete it.
// The definition is stored as validated (ZQueryInput's output); runs are listed newest first.

type RunRow = typeof passiveQueryRuns.$inferSelect;

export const runOf = (r: RunRow): TQueryRun => ({
  _id: r.id,
  status: r.status,
  progress: r.progress,
  networkId: r.networkId,
  people: r.people,
  ties: r.ties,
  error: r.error,
  connectionIds: r.connectionIds,
  warnings: r.warnings,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

/** The stored definition (validated when stored) as the query's fields. */
export const definitionOf = (row: QueryRow): TQueryInput => ZQueryInput.parse(row.definition);

const canEdit = (actor: Actor, row: QueryRow) => row.ownerId === actor.userId || managesPassiveData(actor);

function queryOf(actor: Actor, row: QueryRow, runs: RunRow[]): TQuery {
  return {
    ...definitionOf(row),
    name: row.name,
    _id: row.id,
    ownerId: row.ownerId,
    canEdit: canEdit(actor, row),
    networkId: row.networkId,
    seriesId: row.seriesId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    runs: runs.map(runOf),
  };
}

async function runsOf(deps: Deps, queryId: string, limit: number) {
  return await deps.db
    .select()
    .from(passiveQueryRuns)
    .where(eq(passiveQueryRuns.queryId, queryId))
    .orderBy(desc(passiveQueryRuns.createdAt), desc(passiveQueryRuns.id))
    .limit(limit);
}

/** Include and exclude lists must be lists of the same account (400, the list named as unknown). */
async function checkLists(deps: Deps, account: PassiveAccount, input: TQueryInput) {
  const ids = [...new Set([...input.includeListIds, ...input.excludeListIds])];
  if (ids.length === 0) return;
  const found = await deps.db
    .select({ id: passiveLists.id })
    .from(passiveLists)
    .where(and(eq(passiveLists.accountId, account.id), inArray(passiveLists.id, ids)));
  if (found.length !== ids.length) throw new AppError('BAD_REQUEST', PASSIVE_MSG.unknownList);
}

/**
 * Chosen connections (connectionIds) must be the account's (400 naming the id, the same words for an
 * unknown id and another account's), have completed an import or sync (the rule that a connection
 * never completed is not offered), be of a chosen source, and leave no chosen source without one.
 */
async function checkConnections(deps: Deps, account: PassiveAccount, input: TQueryInput) {
  const ids = input.connectionIds;
  if (ids.length === 0) return;
  const found = await deps.db
    .select({
      id: passiveConnections.id,
      name: passiveConnections.name,
      source: passiveConnections.source,
      lastSync: passiveConnections.lastSync,
    })
    .from(passiveConnections)
    .where(and(eq(passiveConnections.accountId, account.id), inArray(passiveConnections.id, ids)));
  const byId = new Map(found.map((c) => [c.id, c]));
  const fail = (message: string) => {
    throw new AppError('BAD_REQUEST', message);
  };
  for (const id of ids) {
    const c = byId.get(id);
    if (!c) fail(PASSIVE_MSG.unknownConnection(id));
    else if (c.lastSync === null) fail(PASSIVE_MSG.connectionNotReady(c.name));
    else if (!input.sources.includes(c.source))
      fail(PASSIVE_MSG.connectionOfOtherSource(c.name, PASSIVE_SOURCE_LABEL[c.source]));
  }
  for (const source of input.sources)
    if (!found.some((c) => c.source === source))
      fail(PASSIVE_MSG.sourceWithoutConnection(PASSIVE_SOURCE_LABEL[source]));
}

/**
 * The account's queries, newest first, each with its latest run: names and definitions, no people, so
 * every member with the module may list them (the group reports page picks one).
 */
export async function listQueries(deps: Deps, caller: SignedInCaller): Promise<TQuery[]> {
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const rows = await deps.db
    .select()
    .from(passiveQueries)
    .where(eq(passiveQueries.accountId, account.id))
    .orderBy(desc(passiveQueries.createdAt));
  if (rows.length === 0) return [];
  const latest = await deps.db
    .selectDistinctOn([passiveQueryRuns.queryId])
    .from(passiveQueryRuns)
    .where(
      inArray(
        passiveQueryRuns.queryId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(passiveQueryRuns.queryId, desc(passiveQueryRuns.createdAt), desc(passiveQueryRuns.id));
  const byQuery = new Map(latest.map((r) => [r.queryId, r]));
  return rows.map((row) => {
    const run = byQuery.get(row.id);
    return queryOf(caller.actor, row, run ? [run] : []);
  });
}

export async function getQuery(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<TQuery> {
  const account = await peopleAccountOf(deps.db, deps.secrets, caller.actor);
  const row = await requireQuery(deps.db, account, input.id);
  return queryOf(caller.actor, row, await runsOf(deps, row.id, PASSIVE_LIMITS.runsShown));
}

export async function createQuery(deps: Deps, caller: SignedInCaller, input: TQueryInput): Promise<TQuery> {
  const account = await peopleAccountOf(deps.db, deps.secrets, caller.actor);
  await checkLists(deps, account, input);
  await checkConnections(deps, account, input);
  const [row] = await deps.db
    .insert(passiveQueries)
    .values({
      accountId: account.id,
      ownerId: caller.actor.userId,
      name: input.name,
      definition: input,
      nextRunAt: input.schedule === 'daily' ? nextDailyRun(account) : null,
    })
    .returning();
  return queryOf(caller.actor, row!, []);
}

/** A query the caller may change: of their account (404 otherwise), theirs or managed by them (403). */
async function requireEditable(deps: Deps, caller: SignedInCaller, id: string) {
  const account = await peopleAccountOf(deps.db, deps.secrets, caller.actor);
  const row = await requireQuery(deps.db, account, id);
  if (!canEdit(caller.actor, row)) throw new AppError('FORBIDDEN', PASSIVE_MSG.queryOwnerOnly);
  return { account, row };
}

/** Replaces the query's definition; its network and runs stay (the next run writes a new version). */
export async function updateQuery(
  deps: Deps,
  caller: SignedInCaller,
  input: TQueryInput & { id: string },
): Promise<TQuery> {
  const { id, ...definition } = input;
  const { account, row: before } = await requireEditable(deps, caller, id);
  await checkLists(deps, account, definition);
  await checkConnections(deps, account, definition);
  const stillDaily = before.nextRunAt !== null && definitionOf(before).schedule === 'daily';
  const [row] = await deps.db
    .update(passiveQueries)
    .set({
      name: definition.name,
      definition,
      nextRunAt: definition.schedule === 'daily' ? (stillDaily ? before.nextRunAt : nextDailyRun(account)) : null,
      updatedAt: sql`now()`,
    })
    .where(eq(passiveQueries.id, id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', PASSIVE_MSG.queryNotFound);
  return queryOf(caller.actor, row, await runsOf(deps, id, PASSIVE_LIMITS.runsShown));
}

/** Deletes the query and its runs; the networks it wrote stay the owner's. */
export async function deleteQuery(deps: Deps, caller: SignedInCaller, input: { id: string }) {
  const { row } = await requireEditable(deps, caller, input.id);
  await deps.db.delete(passiveQueries).where(eq(passiveQueries.id, row.id));
  return { ok: true as const };
}
