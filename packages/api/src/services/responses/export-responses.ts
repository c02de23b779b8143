import { requireSurvey } from '../../access/surveys';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { surveySheets } from '../../survey-sheets/sheets';
import { type Download, workbookBytes } from '../../xlsx/write';

/** GET /responses/all/{surveyId}/xlsx: the survey's responses as a network workbook (docs/exports.md). */
export async function exportResponses(
  deps: Deps,
  caller: SignedInCaller,
  input: { surveyId: string },
): Promise<Download> {
  const survey = await requireSurvey(deps.db, caller.actor, input.surveyId);
  return {
    fileName: `${survey.name} responses.xlsx`,
    bytes: await workbookBytes(await surveySheets(deps.db, survey)),
  };
}
