import type { TNecessaryList } from '@tieline/validation';
import { necessaryListsOf, surveyOfTestEmail } from '../../access/respondent-view';
import { responseByLink } from '../../access/responses';
import { requireSurvey } from '../../access/surveys';
import type { Caller, SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';

/** GET lists/getNecessaryByRandomUUID/{id}: what a respondent's questions list. */
export async function necessaryListsByLink(deps: Deps, _caller: Caller, input: { id: string }) {
  const { survey } = await responseByLink(deps.db, input.id);
  return necessaryListsOf(deps.db, survey);
}

/** GET lists/getNecessaryByTestEmailId/{id}: the same for a test email's link. */
export async function necessaryListsByTestEmail(
  deps: Deps,
  _caller: Caller,
  input: { id: string },
): Promise<TNecessaryList[]> {
  return necessaryListsOf(deps.db, await surveyOfTestEmail(deps.db, input.id));
}

/** GET lists/getNecessary/{surveyId}: the same for the owner's preview. */
export async function necessaryLists(deps: Deps, caller: SignedInCaller, input: { surveyId: string }) {
  const survey = await requireSurvey(deps.db, caller.actor, input.surveyId);
  return necessaryListsOf(deps.db, survey);
}
