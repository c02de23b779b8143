import { type Db, eq, networks, surveys } from '@tieline/db';
import { isAnswerType, NETWORK_MANAGE_LIMITS, NETWORK_MSG, type TNetworkSummary } from '@tieline/validation';
import { requireNetwork } from '../../access/networks';
import { questionsOf, requireSurvey, type SurveyRow } from '../../access/surveys';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { documentText, insertNetwork, saveVersion, type TDocument } from '../../network-store/store-network';
import { surveySheets } from '../../survey-sheets/sheets';
import { type RequestWork, requestWork } from '../../workers/request-work';
import { readNetworkInWorker } from './read-network-file';
import { summaryOf } from './read-networks';

// Networks made from a survey's answers: the survey's network sheets (the same the responses export
// writes) read as an upload would read them, so "Create network" and "export, then upload" give the
// same network. Refreshed on demand, and by a job after submissions while the survey collects.

async function surveyDocument(
  work: RequestWork | null,
  db: Db,
  survey: SurveyRow,
  directed = true,
): Promise<TDocument> {
  const relationship = questionsOf(survey).some((q) => isAnswerType(q.type) && q.isRelationshipQuestion);
  if (!relationship) throw new AppError('BAD_REQUEST', NETWORK_MSG.surveyHasNoRelationships);
  return await readNetworkInWorker(work, { kind: 'sheets', sheets: await surveySheets(db, survey), directed });
}

/** 'Create network' on a survey the caller may see: a network of the caller's, made from its answers. */
export async function createSurveyNetwork(
  deps: Deps,
  caller: SignedInCaller,
  input: { surveyId: string; name?: string | undefined },
): Promise<TNetworkSummary> {
  const survey = await requireSurvey(deps.db, caller.actor, input.surveyId);
  const work = requestWork(deps, caller, 'survey network');
  const row = await createSurveyNetworkFor(work, deps.db, caller.actor.userId, survey, input.name);
  return await summaryOf(deps, row, 'Owner');
}

/**
 * A network of `ownerId` from the survey's answers (the caller's access to the survey checked before);
 * `work` null outside a request (the seed).
 */
export async function createSurveyNetworkFor(
  work: RequestWork | null,
  db: Db,
  ownerId: string,
  survey: SurveyRow,
  name?: string,
) {
  return await insertNetwork(db, {
    ownerId,
    name: name ?? `${survey.name} network`.slice(0, NETWORK_MANAGE_LIMITS.nameMax),
    description: `Made from the survey ${survey.name}`.slice(0, NETWORK_MANAGE_LIMITS.descriptionMax),
    document: await surveyDocument(work, db, survey),
    surveyId: survey.id,
    surveyChangedAt: new Date(),
  });
}

/**
 * A new version from the survey's answers as they are now (owner or Edit), when they changed; the
 * version check makes a refresh racing another change answer 409 rather than overwrite it.
 */
export async function refreshSurveyNetwork(
  deps: Deps,
  caller: SignedInCaller,
  input: { id: string },
): Promise<TNetworkSummary> {
  const { network, access } = await requireNetwork(deps.db, caller.actor, input.id, 'edit');
  const row = await refreshFromSurvey(requestWork(deps, caller, 'survey network'), deps.db, network);
  return await summaryOf(deps, row, access, caller.actor);
}

/** Rebuilds one network from its survey; the row unchanged when the answers give the same network (`work` null in the job). */
export async function refreshFromSurvey(work: RequestWork | null, db: Db, network: typeof networks.$inferSelect) {
  if (!network.surveyId) throw new AppError('BAD_REQUEST', NETWORK_MSG.notFromSurvey);
  const [survey] = await db.select().from(surveys).where(eq(surveys.id, network.surveyId));
  if (!survey) throw new AppError('BAD_REQUEST', NETWORK_MSG.notFromSurvey);
  const document = await surveyDocument(work, db, survey, network.directed);
  if (document.json !== (await documentText(db, network))) {
    return await saveVersion(db, network.id, network.version, document, { surveyChangedAt: new Date() });
  }
  // The same network: only the time it was checked moves (the version stays, so no edit conflicts).
  const [row] = await db
    .update(networks)
    .set({ surveyChangedAt: new Date() })
    .where(eq(networks.id, network.id))
    .returning();
  return row ?? network;
}
