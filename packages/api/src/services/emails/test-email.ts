import { eq, testEmails, userLogins } from '@tieline/db';
import type { ZTestEmailInput } from '@tieline/validation';
import type { z } from 'zod';
import { firstNameOf } from '../../access/responses';
import { requireSurvey } from '../../access/surveys';
import type { SignedInCaller } from '../../auth/actor';
import { enforce, LIMITS } from '../../auth/rate-limit';
import type { Deps } from '../../deps';
import { sanitizeRichText } from '../../html/sanitize';
import { accountKeyOf } from '../../jobs/payloads';
import { testLink } from '../../mail/links';
import { surveyMailTemplate } from '../../mail/survey-mail';
import { refuseUnlessEmailable } from './send-survey-email';

/**
 * POST surveys/testEmail/{surveyId}: the message as a respondent would get it, to each address typed,
 * with the sender's own name in the tokens and a test link (`/responses/test/{id}`) that saves nothing.
 */
export async function sendTestEmail(
  deps: Deps,
  caller: SignedInCaller,
  input: z.output<typeof ZTestEmailInput>,
): Promise<{ sent: number }> {
  const survey = await requireSurvey(deps.db, caller.actor, input.surveyId);
  refuseUnlessEmailable(caller, survey);
  await enforce(deps.db, `test-email:${caller.actor.userId}`, LIMITS.testEmailsPerUser);
  const [me] = await deps.db
    .select({ name: userLogins.name })
    .from(userLogins)
    .where(eq(userLogins.id, caller.actor.userLoginId));
  const name = me?.name ?? '';
  const body = sanitizeRichText(input.body);
  const links = await deps.db
    .insert(testEmails)
    .values(input.to.map((to) => ({ surveyId: survey.id, to })))
    .returning({ id: testEmails.id, to: testEmails.to });
  const mailFor = surveyMailTemplate({
    fromName: survey.from,
    surveyName: survey.name,
    subject: input.subject,
    body,
    kind: 'test',
  });
  for (const link of links) {
    const mail = mailFor({
      to: link.to,
      respondent: { name, firstName: firstNameOf(name) },
      link: testLink(deps.publicUrl, link.id),
    });
    await deps.enqueue('email', mail, { account: accountKeyOf(caller.actor) });
  }
  return { sent: input.to.length };
}
