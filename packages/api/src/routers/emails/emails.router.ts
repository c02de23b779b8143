import {
  ZEmailRespondentsInput,
  ZEmailSendResult,
  ZEmailSends,
  ZId,
  ZTestEmailInput,
  ZTestEmailResult,
} from '@tieline/validation';
import { z } from 'zod';
import { listEmailSends } from '../../services/emails/email-sends';
import { sendSurveyEmail } from '../../services/emails/send-survey-email';
import { sendTestEmail } from '../../services/emails/test-email';
import { router, surveysProcedure } from '../../trpc';
import { errorResponses } from '../surveys/error-responses';

const tags = ['emails'];

/** Procedures whose REST bridge answers 202 Accepted: the work continues in the background. */
export const ACCEPTED_PROCEDURES = new Set(['emails.send', 'passiveData.connections.sync', 'passiveData.queries.run']);

// The Emails tab (spec §2, §5, §7). The message itself is saved with the survey (surveys.update, fields
// from and email); these calls send it.
export const emailsRouter = router({
  send: surveysProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/surveys/emailRespondents/{surveyId}',
        tags,
        summary: 'Email the survey to the respondents of the chosen statuses (202: delivery runs in the background)',
        successDescription: 'Accepted (HTTP 202): the send id and how many respondents it goes to',
        errorResponses: errorResponses(400, 401, 403, 404, 409),
      },
    })
    .input(ZEmailRespondentsInput)
    .output(ZEmailSendResult)
    .mutation(({ ctx, input }) => sendSurveyEmail(ctx.deps, ctx.caller, input)),

  test: surveysProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/surveys/testEmail/{surveyId}',
        tags,
        summary: 'Send the survey email to test addresses, with a test link that saves nothing',
        errorResponses: errorResponses(400, 401, 403, 404),
      },
    })
    .input(ZTestEmailInput)
    .output(ZTestEmailResult)
    .mutation(({ ctx, input }) => sendTestEmail(ctx.deps, ctx.caller, input)),

  sends: surveysProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/surveys/emailSends/{surveyId}',
        tags,
        summary: 'The latest sends of the survey with their progress',
        errorResponses: errorResponses(400, 401, 404),
      },
    })
    .input(z.object({ surveyId: ZId }))
    .output(ZEmailSends)
    .query(({ ctx, input }) => listEmailSends(ctx.deps, ctx.caller, input)),
});
