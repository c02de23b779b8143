import { and, aonaResults, type Db, desc, eq, passiveAccounts, type Tx } from '@tieline/db';
import {
  AONA_LIMITS,
  AONA_MSG,
  PASSIVE_MSG,
  type TAonaAnalysis,
  type TAonaInputs,
  type TAonaResult,
  type TAonaResultSummary,
} from '@tieline/validation';
import { seesPeopleOf } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';

// Saved AONA results: every analysis stores its answer with what was asked, so /aona lists it,
// reopens it without recomputing, downloads it as xlsx and deletes it. A result is its owner's alone
// (another account's id is 404, as for networks). A result computed from passive data keeps that
// account (`passiveAccountId`, the inputs' derivedOrigin) and reopens only for those who see its people,
// as its networks do (requireNetwork): an owner whose grant was withdrawn sees it listed, not opened.

type Row = typeof aonaResults.$inferSelect;

const summaryOf = (row: Pick<Row, 'id' | 'analysis' | 'inputs' | 'createdAt'>): TAonaResultSummary => ({
  _id: row.id,
  analysis: row.analysis as TAonaAnalysis,
  inputs: row.inputs as TAonaInputs,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Stores an answer of `ownerId`'s (in the caller's transaction when given), with the passive-data account
 * its inputs came from (null when none did); returns it with its `resultId`.
 */
export async function saveResult<T extends Record<string, unknown>>(
  db: Db | Tx,
  owner: { ownerId: string; passiveAccountId: string | null },
  analysis: TAonaAnalysis,
  inputs: TAonaInputs,
  result: T,
): Promise<T & { resultId: string }> {
  const [row] = await db
    .insert(aonaResults)
    .values({ ...owner, analysis, inputs, result: JSON.stringify(result) })
    .returning({ id: aonaResults.id });
  return { resultId: row!.id, ...result };
}

export async function listResults(
  deps: Deps,
  caller: SignedInCaller,
  input: { analysis?: TAonaAnalysis | undefined },
): Promise<TAonaResultSummary[]> {
  const mine = eq(aonaResults.ownerId, caller.actor.userId);
  const rows = await deps.db
    .select({
      id: aonaResults.id,
      ownerId: aonaResults.ownerId,
      analysis: aonaResults.analysis,
      inputs: aonaResults.inputs,
      createdAt: aonaResults.createdAt,
    })
    .from(aonaResults)
    .where(input.analysis ? and(mine, eq(aonaResults.analysis, input.analysis)) : mine)
    .orderBy(desc(aonaResults.createdAt), desc(aonaResults.id))
    .limit(AONA_LIMITS.resultsPage);
  return rows.map(summaryOf);
}

async function ownRow(deps: Deps, caller: SignedInCaller, id: string): Promise<Row> {
  const [found] = await deps.db
    .select({
      row: aonaResults,
      // id first: drizzle nullifies a left-joined object by its first field (see requireNetwork).
      account: {
        id: passiveAccounts.id,
        organizationId: passiveAccounts.organizationId,
        userId: passiveAccounts.userId,
      },
    })
    .from(aonaResults)
    .leftJoin(passiveAccounts, eq(passiveAccounts.id, aonaResults.passiveAccountId))
    .where(and(eq(aonaResults.id, id), eq(aonaResults.ownerId, caller.actor.userId)));
  if (!found) throw new AppError('NOT_FOUND', AONA_MSG.resultNotFound);
  if (found.row.passiveAccountId !== null && !seesPeopleOf(caller.actor, found.account)) {
    throw new AppError('FORBIDDEN', PASSIVE_MSG.networkPeopleOnly);
  }
  return found.row;
}

export async function getResult(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<TAonaResult> {
  const row = await ownRow(deps, caller, input.id);
  return { ...summaryOf(row), result: { resultId: row.id, ...JSON.parse(row.result) } };
}

export async function deleteResult(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<{ ok: true }> {
  const deleted = await deps.db
    .delete(aonaResults)
    .where(and(eq(aonaResults.id, input.id), eq(aonaResults.ownerId, caller.actor.userId)))
    .returning({ id: aonaResults.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', AONA_MSG.resultNotFound);
  return { ok: true };
}
