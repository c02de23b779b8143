import { randomUUID } from 'node:crypto';
import { eq, surveys } from '@tieline/db';
import { SURVEY_MSG, type TSurvey } from '@tieline/validation';
import { requireSurvey } from '../../access/surveys';
import type { Caller, SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { inspectImage } from '../../images/image-type';
import { surveyWire } from './survey-wire';
import { writeSurvey } from './write-survey';

const storageKey = (imageUuid: string) => `survey-images/${imageUuid}`;

/**
 * PUT surveys/uploadImage/{id}: stores the image and points the survey at it in one forced write (spec
 * §4: an image change saves immediately with force), then removes the image it replaced. The row is
 * locked while the old id is read and replaced, so of two uploads at once the second removes the
 * first's file instead of both removing the same one and leaving a file nothing points at.
 */
export async function uploadSurveyImage(
  deps: Deps,
  caller: SignedInCaller,
  input: { surveyId: string; bytes: Uint8Array | null },
): Promise<TSurvey> {
  const row = await requireSurvey(deps.db, caller.actor, input.surveyId);
  if (!input.bytes || input.bytes.length === 0) throw new AppError('BAD_REQUEST', SURVEY_MSG.imageRequired);
  const type = inspectImage(input.bytes)?.type;
  if (!type) throw new AppError('BAD_REQUEST', SURVEY_MSG.imageType);
  const imageUuid = randomUUID();
  await deps.storage.put(storageKey(imageUuid), input.bytes, type);
  const { saved, replaced } = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ imageUuid: surveys.imageUuid })
      .from(surveys)
      .where(eq(surveys.id, row.id))
      .for('update');
    return { saved: await writeSurvey(tx, row, row.version, { imageUuid }, true), replaced: locked?.imageUuid };
  });
  if (replaced) await deps.storage.delete(storageKey(replaced));
  return surveyWire(deps.db, saved);
}

/**
 * GET surveys/image/{imageUuid}: the stored image. Public like the survey it illustrates (respondents
 * see it without an account); its id is random and changes with every upload.
 */
export async function readSurveyImage(deps: Deps, _caller: Caller, input: { imageUuid: string }) {
  const file = await deps.storage.get(storageKey(input.imageUuid));
  if (!file) throw new AppError('NOT_FOUND', SURVEY_MSG.imageNotFound);
  return file;
}
