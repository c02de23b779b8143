import { type Db, eq, lists, rowsOf, sql } from '@tieline/db';
import { LIST_MSG } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { requireList } from './require-list';

/**
 * DELETE /lists/{id} (spec §5): a list in use cannot be deleted. The respondent list always is: it
 * holds the survey's respondents and their personal links, so it is replaced by uploading, never
 * deleted. A supplementary list is in use while a question takes its names from it.
 */
export async function deleteList(deps: Deps, caller: SignedInCaller, input: { id: string }) {
  const { db } = deps;
  const list = await requireList(db, caller.actor, input.id);
  if (list.type === 'Respondent List' || (await listInUseByQuestions(db, list.surveyId, list.id))) {
    throw new AppError('CONFLICT', LIST_MSG.inUse);
  }
  await db.delete(lists).where(eq(lists.id, list.id));
  return { ok: true as const };
}

/** Whether a question of the survey names the list as its source (`list`, spec §3 Question). */
export async function listInUseByQuestions(db: Db, surveyId: string, listId: string): Promise<boolean> {
  const used = await db.execute(sql`
    select 1 from surveys
    where id = ${surveyId}::uuid and questions @> ${JSON.stringify([{ list: listId }])}::jsonb`);
  return rowsOf(used).length > 0;
}
