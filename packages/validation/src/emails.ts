import { z } from 'zod';
import { RESPONSE_STATUSES, type TResponseStatus } from './answers-rules';
import { ZId } from './common';
import { emailProblem } from './rules';
import { zFlag } from './strict';
import { ZSurveyEmail } from './surveys';

// Emailing a survey (spec §2 Emails tab, §5 emailing and test email, §7 emailRespondents / testEmail).

/**
 * The email a new survey starts with (issue 25: not empty): a subject and body with the merge tokens
 * {firstName} and {url} (the respondent's personal link), for the owner to adapt.
 */
export const DEFAULT_SURVEY_EMAIL = {
  subject: 'Your voice, {firstName}: a short survey',
  body:
    '<p>Hello {firstName},</p><p>We would like to know who you work with and who you go to for advice. ' +
    'The survey takes about ten minutes; your answers are saved as you go, so you can finish later from ' +
    'the same link.</p><p><a href="{url}" target="_blank" rel="noopener noreferrer">Start the survey</a></p><p>Thank you!</p>',
  plainHTML: false,
} as const;

export const EMAIL_MSG = {
  /** Spec §8, verbatim. */
  noRecipients: 'Please use the Respondent Status buttons to select at least one respondent to email.',
  emailSent: 'Email Sent',
  emailsSent: 'Emails Sent',
  unverified: 'Please verify your email address before emailing respondents.',
  completed: 'This survey is Completed. Set its status to Collecting to email respondents.',
  notEmailable: 'Only an Offline or Collecting survey can be emailed.',
  subjectRequired: 'Please enter an email subject.',
  bodyRequired: 'Please write the message body.',
  testAddresses: 'Enter one or more email addresses separated by commas.',
  testAddressInvalid: (address: string) => `"${address}" is not a valid email address.`,
  tooManyTestAddresses: 'Send a test to at most 10 addresses at a time.',
  alreadySending: 'These respondents are already being emailed. Wait for that send to finish.',
  statusNotEmailable: 'Opted Out respondents are never emailed.',
  optedOut: 'You will not receive more emails about this survey.',
  bounceToken: 'Unknown bounce token',
  includeAdded: (n: number) =>
    `Include ${n.toLocaleString('en')} ${n === 1 ? 'person' : 'people'} added by respondents`,
  addedLeftOut: 'People respondents added to the list are only emailed when you include them.',
} as const;

/** The statuses the Emails tab offers: all but Opted Out (spec §4). */
export const EMAILABLE_STATUSES = RESPONSE_STATUSES.filter((s) => s !== 'Opted Out') as Exclude<
  TResponseStatus,
  'Opted Out'
>[];
export const TEST_ADDRESSES_MAX = 10;
/** A send to chosen people (the dashboard's resend), at most this many at once. */
export const RESEND_IDS_MAX = 1000;

/** The send flags per status, spelled as the spec's payload: `{ "Not Sent": true, "Started": false, ... }`. */
export const ZEmailStatuses = z.strictObject(
  Object.fromEntries(EMAILABLE_STATUSES.map((s) => [s, zFlag().optional()])) as Record<
    (typeof EMAILABLE_STATUSES)[number],
    z.ZodOptional<ReturnType<typeof zFlag>>
  >,
  { error: (issue) => (issue.code === 'unrecognized_keys' ? EMAIL_MSG.statusNotEmailable : undefined) },
);
export type TEmailStatuses = z.infer<typeof ZEmailStatuses>;

/** The statuses whose flag is on. */
export const chosenStatuses = (flags: TEmailStatuses) => EMAILABLE_STATUSES.filter((s) => flags[s] === true);

const ZMessage = ZSurveyEmail.extend({
  subject: ZSurveyEmail.shape.subject.refine((s) => s.trim() !== '', EMAIL_MSG.subjectRequired),
  body: ZSurveyEmail.shape.body.refine((s) => s.trim() !== '', EMAIL_MSG.bodyRequired),
});

/** POST surveys/emailRespondents/{surveyId}: the message and who gets it (by status, or chosen people). */
export const ZEmailRespondentsInput = ZMessage.extend({
  surveyId: ZId,
  statuses: ZEmailStatuses.default({}),
  /** Only these respondents (still filtered by status when flags are on): the dashboard's resend. */
  responseIds: z.array(ZId).max(RESEND_IDS_MAX).optional(),
  /**
   * Also people respondents added to the respondent list (issue 21): left out unless the owner asks, so
   * names typed by respondents are never mailed by a send the owner did not mean for them.
   */
  includeAddedByRespondents: zFlag().default(false),
});

export const ZEmailSendResult = z.object({ sendId: ZId, recipients: z.number().int() });

/** The comma-separated "to" of a test email: 1 to 10 valid addresses, trimmed, lower case, unique. */
export const ZTestAddresses = z.string({ error: EMAIL_MSG.testAddresses }).transform((value, ctx) => {
  const addresses = value
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  if (addresses.length === 0) {
    ctx.addIssue({ code: 'custom', message: EMAIL_MSG.testAddresses });
    return z.NEVER;
  }
  if (addresses.length > TEST_ADDRESSES_MAX) {
    ctx.addIssue({ code: 'custom', message: EMAIL_MSG.tooManyTestAddresses });
    return z.NEVER;
  }
  const bad = addresses.find((a) => a.length > 254 || emailProblem(a));
  if (bad !== undefined) {
    ctx.addIssue({ code: 'custom', message: EMAIL_MSG.testAddressInvalid(bad.slice(0, 80)) });
    return z.NEVER;
  }
  return [...new Set(addresses.map((a) => a.toLowerCase()))];
});

/** POST surveys/testEmail/{surveyId} (spec: body, subject, surveyId, to). */
export const ZTestEmailInput = ZMessage.extend({
  surveyId: ZId,
  plainHTML: ZSurveyEmail.shape.plainHTML.optional(),
  to: ZTestAddresses,
});
export const ZTestEmailResult = z.object({ sent: z.number().int() });

/** The toast after a test send: by the count of '@' in what the user typed (spec §5). */
export const testSentMessage = (to: string) =>
  (to.match(/@/g)?.length ?? 0) > 1 ? EMAIL_MSG.emailsSent : EMAIL_MSG.emailSent;

export const ZEmailSendProgress = z.object({
  sendId: ZId,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  recipients: z.number().int(),
  sent: z.number().int(),
  bounced: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  pending: z.number().int(),
});
export type TEmailSendProgress = z.infer<typeof ZEmailSendProgress>;
export const ZEmailSends = z.object({ sends: z.array(ZEmailSendProgress) });

/** The inbound bounce webhook: the delivery from the X-Tieline-Delivery header, or the bounced address. */
export const ZBounceReport = z
  .object({ deliveryId: ZId.optional(), email: z.string().max(254).optional() })
  .refine((b) => b.deliveryId !== undefined || b.email !== undefined, 'deliveryId or email is required');
