import { surveys } from '@tieline/db';
import { SURVEY_LIMITS, type TCreateSurveyInput, type TSurvey } from '@tieline/validation';
import { requireSurvey } from '../../access/surveys';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { copyQuestions } from './copy-questions';
import { surveyColumns } from './survey-changes';
import { questionsOf, toSurveyWire } from './survey-wire';

/** POST surveys/: a new survey of the signed-in user, Offline while it is built (spec §4). */
export async function createSurvey(deps: Deps, caller: SignedInCaller, input: TCreateSurveyInput): Promise<TSurvey> {
  const columns = surveyColumns(null, input);
  const [row] = await deps.db
    .insert(surveys)
    .values({ ...columns, name: input.name, ownerId: caller.actor.userId })
    .returning();
  return toSurveyWire(row!);
}

/**
 * A copy of a survey the actor may see, owned by the actor: settings, messages and questions, no
 * responses and no image (the stored file belongs to the original), Offline.
 */
export async function duplicateSurvey(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<TSurvey> {
  const original = await requireSurvey(deps.db, caller.actor, input.id);
  // Everything else is copied, so a setting added later is copied too.
  const { id, ownerId, createdAt, updatedAt, version, imageUuid, ...settings } = original;
  const [row] = await deps.db
    .insert(surveys)
    .values({
      ...settings,
      ownerId: caller.actor.userId,
      name: `${original.name} (copy)`.slice(0, SURVEY_LIMITS.nameMax),
      status: 'Offline',
      questions: copyQuestions(questionsOf(original)),
    })
    .returning();
  return toSurveyWire(row!);
}
