import { and, type Db, eq, lists, ne, sql, surveys, users } from '@tieline/db';
import { LIST_MSG } from '@tieline/validation';
import { visibleSurveys } from '../../access/surveys';
import type { Actor } from '../../auth/actor';
import { AppError } from '../../errors';

/** A list the actor may see (its survey's access, access/surveys.ts); 404 otherwise. */
export async function requireList(db: Db, actor: Actor, listId: string) {
  const [row] = await db
    .select({ list: lists })
    .from(lists)
    .innerJoin(surveys, eq(surveys.id, lists.surveyId))
    .innerJoin(users, eq(users.id, surveys.ownerId))
    .where(and(eq(lists.id, listId), visibleSurveys(actor)));
  if (!row) throw new AppError('NOT_FOUND', LIST_MSG.listNotFound);
  return row.list;
}

/** Whether another list of the survey already has this title, in any letter case (lists_title_key). */
export async function titleTaken(db: Db, surveyId: string, title: string, exceptListId?: string): Promise<boolean> {
  const clash = await db.query.lists.findFirst({
    where: and(
      eq(lists.surveyId, surveyId),
      sql`lower(${lists.title}) = lower(${title})`,
      exceptListId ? ne(lists.id, exceptListId) : undefined,
    ),
    columns: { id: true },
  });
  return clash !== undefined;
}
