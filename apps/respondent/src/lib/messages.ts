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
  testBanner: 'This is a test of the survey: your answers are checked but never saved, and nobody can be added.',
  testNothingSaved: 'Test: nothing is saved',
  replaySignInTitle: 'Please sign in to replay this response',
  replaySignInBody: 'Replaying a response is for the survey’s owner and their organization’s admins.',
  replayNotFoundTitle: 'Response not found',
  replayNotFoundBody: 'This response does not exist, or you do not have access to it.',
  offlineTitle: 'This survey is not open yet',
  offline: 'You are offline. Your answers are kept on this device and will be sent when you are back online.',
  submitQueued:
    'Your response is ready and will be submitted as soon as you are back online. Please keep this page open or come back to your link later.',
  submitSending: 'Sending your response…',
  changeAnswers: 'Change my answers',
  lateChanges:
    'This response was already submitted on another device, so the last changes made on this device could not be saved.',
  conflictPaused: 'An answer was also changed on another device. Please check it, then submit again.',
  conflictTitle: 'Also answered on another device',
  conflictElsewhere: (pages: number[]) =>
    pages.length === 1
      ? `A question on page ${pages[0]} was also answered differently on another device.`
      : `Questions on pages ${pages.join(', ')} were also answered differently on another device.`,
  conflictKept: 'This device’s answer is kept. The other device answered:',
  useOther: 'Use the other answer',
  keepMine: 'Keep this device’s answer',
  noAnswer: 'No answer',
  unknownPerson: 'someone this device has not loaded',
  previewNoAdd: 'Cannot add names in preview mode',
} as const;
