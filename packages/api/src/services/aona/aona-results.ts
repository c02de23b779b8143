import { and, aonaResults, type Db, desc, eq, type Tx } from '@tieline/db';
import {
  AONA_LIMITS,
  AONA_MSG,
  type TAonaAnalysis,
  type TAonaInputs,
  type TAonaResult,
  type TAonaResultSummary,
} from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';

// Saved AONA results: every analysis stores its answer with what was asked, so /aona lists it,
// reopens it without recomputing, downloads it as xlsx and deletes it. A result is its owner's alone
// (another account's id is 404, as for networks).

type Row = typeof aonaResults.$inferSelect;

const summaryOf = (row: Row): TAonaResultSummary => ({
  _id: row.id,
  analysis: row.analysis as TAonaAnalysis,
  inputs: row.inputs as TAonaInputs,
  createdAt: row.createdAt.toISOString(),
});

/** Stores an answer of `ownerId`'s (in the caller's transaction when given); returns it with its `resultId`. */
export async function saveResult<T extends Record<string, unknown>>(
  db: Db | Tx,
  ownerId: string,
  analysis: TAonaAnalysis,
  inputs: TAonaInputs,
  result: T,
): Promise<T & { resultId: string }> {
  const [row] = await db
    .insert(aonaResults)
    .values({ ownerId, analysis, inputs, result: JSON.stringify(result) })
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
  return rows.map((row) => summaryOf({ ...row, result: '' }));
}

async function ownRow(deps: Deps, caller: SignedInCaller, id: string): Promise<Row> {
  const [row] = await deps.db
    .select()
    .from(aonaResults)
    .where(and(eq(aonaResults.id, id), eq(aonaResults.ownerId, caller.actor.userId)));
  if (!row) throw new AppError('NOT_FOUND', AONA_MSG.resultNotFound);
  return row;
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
