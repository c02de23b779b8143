import { eq, surveys } from '@tieline/db';
import type { TSurvey, TUpdateSurveyInput } from '@tieline/validation';
import { requireSurvey } from '../../access/surveys';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
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
  return await surveyWire(deps.db, await writeSurvey(deps.db, row, version, columns, input.force ?? false));
}

/** DELETE surveys/{id}: the survey and, through the foreign key, its responses. */
export async function deleteSurvey(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<void> {
  const row = await requireSurvey(deps.db, caller.actor, input.id);
  await deps.db.delete(surveys).where(eq(surveys.id, row.id));
}
