import { MSG } from '@tieline/validation';

// Respondent-facing texts. Messages the server also uses come from MSG: @tieline/validation has no side
// effects and its messages module no zod, so importing it keeps zod out of this bundle.
export const TEXT = {
  supportMessageRequired: MSG.supportMessageRequired,
  supportSent: MSG.supportSent,
  supportFailed: MSG.supportFailed,
  linkInvalidTitle: MSG.surveyLinkInvalid,
  linkInvalidBody:
    'Please check that you opened the whole link from your invitation email. If it still does not work, ask the person who sent you the survey for a new link.',
  closedTitle: 'This survey is closed',
  closedBody: 'This survey no longer accepts responses. Thank you for your interest.',
  loadFailedTitle: 'We could not open this survey',
  loadFailedBody: 'Something went wrong while loading the survey. Please check your connection and try again.',
  testUnavailableTitle: 'Test links are not available yet',
  testUnavailableBody:
    'Trying out a survey through a test link is not available yet. Please use the personal link from your invitation email.',
  startUnavailableTitle: 'Shared survey links are not available yet',
  startUnavailableBody:
    'Starting a survey from a shared link is not available yet. Please ask the survey owner for your personal link.',
  questionsPlaceholder: 'The questions of this survey open here.',
} as const;
