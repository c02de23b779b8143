import {
  BUILDER_STATUSES,
  SURVEY_MSG,
  surveySettingsProblem,
  type TSurveyChanges,
  type TSurveyStatus,
} from '@tieline/validation';
import { AppError } from '../../errors';
import { sanitizeRichText } from '../../html/sanitize';
import type { SurveyRow } from './survey-wire';
import type { SurveyChanges } from './write-survey';

/** The settings a new survey starts with (the column defaults), for the rules that span fields. */
const NEW_SURVEY = {
  requireSignUp: false,
  identifyingInformation: '',
  respondentLimit: null,
  redirectTo: '',
  webhookOnCompletion: '',
  permittedDomains: [],
};

const selectable = (status: TSurveyStatus) => (BUILDER_STATUSES as readonly string[]).includes(status);

/**
 * The columns a create or a save writes from the builder's changes to `current` (null: a new survey),
 * with the rules no single field can check: a status change the builder may make, an image that only
 * the upload sets, and the advanced options on the survey as it will be saved. Rich text is sanitized
 * here, the one way into the row.
 */
export function surveyColumns(current: SurveyRow | null, changes: TSurveyChanges): SurveyChanges {
  const { status, imageUUID, welcomeMessage, thankYouMessage, email, ...plain } = changes;
  const columns: SurveyChanges = { ...plain };
  if (status !== undefined && status !== current?.status) {
    if (!selectable(status)) throw new AppError('BAD_REQUEST', SURVEY_MSG.statusNotSelectable);
    columns.status = status;
  }
  if (imageUUID !== undefined && imageUUID !== (current?.imageUuid ?? null)) {
    if (imageUUID !== null) throw new AppError('BAD_REQUEST', SURVEY_MSG.imageNotUploaded);
    columns.imageUuid = null;
  }
  if (welcomeMessage !== undefined) columns.welcomeMessage = sanitizeRichText(welcomeMessage);
  if (thankYouMessage !== undefined) columns.thankYouMessage = sanitizeRichText(thankYouMessage);
  if (email !== undefined) columns.email = { ...email, body: sanitizeRichText(email.body) };
  const problem = surveySettingsProblem({ ...(current ?? NEW_SURVEY), ...columns });
  if (problem) throw new AppError('BAD_REQUEST', problem.message);
  return columns;
}
