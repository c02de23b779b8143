import { and, type Db, eq, sql, surveys } from '@tieline/db';
import { MSG, SURVEY_MSG } from '@tieline/validation';
import { AppError } from '../../errors';
import type { SurveyRow } from './survey-wire';

export type SurveyChanges = Partial<Omit<typeof surveys.$inferInsert, 'id' | 'ownerId' | 'version' | 'createdAt'>>;

/**
 * Saves `changes` if the survey is still at `baseVersion` (optimistic concurrency), bumping the version;
 * 409 otherwise. The version is compared again in the UPDATE itself, so of two writes based on the same
 * version exactly one matches a row (the other waits for the row lock, then sees the new version). A
 * forced write skips both comparisons.
 */
export async function writeSurvey(
  db: Db,
  row: SurveyRow,
  baseVersion: number,
  changes: SurveyChanges,
  force = false,
): Promise<SurveyRow> {
  if (!force && row.version !== baseVersion) throw new AppError('CONFLICT', SURVEY_MSG.stale);
  const [updated] = await db
    .update(surveys)
    .set({ ...changes, version: sql`${surveys.version} + 1`, updatedAt: sql`now()` })
    .where(force ? eq(surveys.id, row.id) : and(eq(surveys.id, row.id), eq(surveys.version, baseVersion)))
    .returning();
  if (updated) return updated;
  // Forced writes miss only a survey deleted meanwhile.
  throw force ? new AppError('NOT_FOUND', MSG.surveyNotFound) : new AppError('CONFLICT', SURVEY_MSG.stale);
}
