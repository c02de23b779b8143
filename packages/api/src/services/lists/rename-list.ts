import { eq, lists, uniqueViolation } from '@tieline/db';
import { LIST_MSG, type TListSummary } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { requireList, titleTaken } from './require-list';

/** PUT /lists/{listId} {title, _id}: a new title, unique within the survey whatever its letter case. */
export async function renameList(
  deps: Deps,
  caller: SignedInCaller,
  input: { listId: string; title: string; _id?: string | undefined },
): Promise<TListSummary> {
  const { db } = deps;
  const list = await requireList(db, caller.actor, input.listId);
  if (input._id && input._id !== list.id) throw new AppError('BAD_REQUEST', LIST_MSG.idMismatch);
  if (await titleTaken(db, list.surveyId, input.title, list.id)) throw new AppError('CONFLICT', LIST_MSG.titleTaken);
  try {
    await db.update(lists).set({ title: input.title, updatedAt: new Date() }).where(eq(lists.id, list.id));
  } catch (error) {
    // Taken by another request since the check above.
    if (uniqueViolation(error) === 'lists_title_key') throw new AppError('CONFLICT', LIST_MSG.titleTaken);
    throw error;
  }
  return { _id: list.id, title: input.title, type: list.type };
}
