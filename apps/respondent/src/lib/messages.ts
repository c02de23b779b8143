// Respondent-facing texts. Kept here because the respondent bundle may not import values from
// @tieline/validation (that would pull zod in); the support texts match MSG there word for word.
export const TEXT = {
  supportMessageRequired: 'Please enter a support request',
  emailRequired: 'Please enter an email address',
  emailInvalid: 'Please enter a valid email address',
  supportSent: 'Support request sent successfully',
  supportFailed: 'There was an error while sending your support request',
  linkInvalidTitle: 'This survey link is not valid',
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
