import { and, eq, lists, surveys } from '@tieline/db';
import { SURVEY_MSG, type TSurvey, type TUpdateSurveyInput } from '@tieline/validation';
import { requireSurvey } from '../../access/surveys';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { surveyColumns } from './survey-changes';
import { surveyWire } from './survey-wire';
import { writeSurvey } from './write-survey';

/**
 * PUT surveys/{id}: saves what a builder page changed, if the survey is still at the version the page
 * read (409 otherwise, nothing changed), or whatever the version when forced (spec §4: an image
 * change). Answers the saved survey with its new version.
 */
export async function updateSurvey(deps: Deps, caller: SignedInCaller, input: TUpdateSurveyInput): Promise<TSurvey> {
  const row = await requireSurvey(deps.db, caller.actor, input.id);
  const { version, ...changes } = input.survey;
  const columns = surveyColumns(row, changes);
  if (columns.identifyingInformation) await requireHeading(deps, row.id, columns.identifyingInformation);
  return await surveyWire(deps.db, await writeSurvey(deps.db, row, version, columns, input.force ?? false));
}

/**
 * Spec §5: identifying information must match a column heading of the Respondent List (Name, Email, or
 * an attribute column, any case) once the survey has one; before the list is uploaded any name is kept.
 */
async function requireHeading(deps: Deps, surveyId: string, identifying: string) {
  const [list] = await deps.db
    .select({ columns: lists.columns })
    .from(lists)
    .where(and(eq(lists.surveyId, surveyId), eq(lists.type, 'Respondent List')));
  if (!list) return;
  const headings = ['name', 'email', ...list.columns.map((c) => c.name.toLowerCase())];
  if (!headings.includes(identifying.trim().toLowerCase())) {
    throw new AppError('BAD_REQUEST', SURVEY_MSG.identifyingNotHeading(headings));
  }
}

/** DELETE surveys/{id}: the survey and, through the foreign key, its responses. */
export async function deleteSurvey(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<void> {
  const row = await requireSurvey(deps.db, caller.actor, input.id);
  await deps.db.delete(surveys).where(eq(surveys.id, row.id));
}
