import { emailSends, rowsOf, sql, type Tx } from '@tieline/db';
import { chosenStatuses, EMAIL_MSG, type ZEmailRespondentsInput } from '@tieline/validation';
import type { z } from 'zod';
import { requireSurvey, type SurveyRow } from '../../access/surveys';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { sanitizeRichText } from '../../html/sanitize';
import { accountKeyOf } from '../../jobs/payloads';

/** A send this large is worked by two job lanes, so two servers share it. */
const SECOND_LANE_FROM = 200;

/** Who may email a survey (spec §6: only a verified email), and which surveys can be emailed. */
export function refuseUnlessEmailable(caller: SignedInCaller, survey: SurveyRow) {
  if (!caller.actor.verified) throw new AppError('FORBIDDEN', EMAIL_MSG.unverified);
  if (survey.status === 'Completed') throw new AppError('BAD_REQUEST', EMAIL_MSG.completed);
  if (survey.status !== 'Offline' && survey.status !== 'Collecting') {
    throw new AppError('BAD_REQUEST', EMAIL_MSG.notEmailable);
  }
}

/** Whether a send of the survey still has messages to deliver. */
async function underWay(tx: Tx, surveyId: string): Promise<boolean> {
  const rows = await tx.execute(sql`
    select 1 from email_sends s where s.survey_id = ${surveyId} and s.finished_at is null
      and exists (select 1 from email_deliveries d where d.send_id = s.id and d.state in ('queued', 'sending'))
    limit 1`);
  return rowsOf(rows).length > 0;
}

/**
 * POST surveys/emailRespondents/{surveyId}: fixes the recipients (every respondent with an address whose
 * status is flagged; never Opted Out, never someone an unfinished send is still emailing; people
 * respondents added only when the owner includes them, unless chosen by id) as one
 * delivery row each, in the same transaction as the send, and
 * queues the work. Answers at once; the job lanes deliver (deliver.ts).
 */
export async function sendSurveyEmail(
  deps: Deps,
  caller: SignedInCaller,
  input: z.output<typeof ZEmailRespondentsInput>,
): Promise<{ sendId: string; recipients: number }> {
  const survey = await requireSurvey(deps.db, caller.actor, input.surveyId);
  refuseUnlessEmailable(caller, survey);
  const statuses = chosenStatuses(input.statuses);
  if (statuses.length === 0) throw new AppError('BAD_REQUEST', EMAIL_MSG.noRecipients);
  const body = sanitizeRichText(input.body);

  const result = await deps.db.transaction(async (tx) => {
    // One send at a time per survey chooses its recipients: the same request sent twice at once (a
    // double click, a retried POST) finds the first one's deliveries and leaves those people out.
    await tx.execute(sql`select id from surveys where id = ${survey.id} for update`);
    const [send] = await tx
      .insert(emailSends)
      .values({
        surveyId: survey.id,
        createdBy: caller.actor.userId,
        from: survey.from,
        subject: input.subject,
        body,
        plainHtml: input.plainHTML,
        statuses: input.statuses,
        recipients: 0,
      })
      .returning({ id: emailSends.id });
    const only = input.responseIds
      ? sql`and r.id in (select value::uuid from json_array_elements_text(${JSON.stringify(input.responseIds)}::json))`
      : sql``;
    // A send to chosen people (responseIds) names them itself; by status, added people need the flag.
    const added = input.includeAddedByRespondents || input.responseIds ? sql`` : sql`and not r.added_by_respondent`;
    const inserted = await tx.execute(sql`
      with added as (
        insert into email_deliveries (send_id, response_id)
        select ${send!.id}, r.id from responses r
        where r.survey_id = ${survey.id} and r.status in (select value from json_array_elements_text(${JSON.stringify(statuses)}::json))
          and r.status <> 'Opted Out' and r.opted_out_at is null and coalesce(r.node_email, '') <> '' ${only} ${added}
          and not exists (select 1 from email_deliveries d where d.response_id = r.id and d.state in ('queued', 'sending'))
        returning 1)
      update email_sends set recipients = (select count(*) from added) where id = ${send!.id}
      returning recipients`);
    const recipients = Number(rowsOf<{ recipients: number }>(inserted)[0]?.recipients ?? 0);
    // Nobody matched: roll the send back, nothing is queued.
    if (recipients === 0) {
      if (await underWay(tx, survey.id)) throw new AppError('CONFLICT', EMAIL_MSG.alreadySending);
      throw new AppError('BAD_REQUEST', EMAIL_MSG.noRecipients);
    }
    return { sendId: send!.id, recipients };
  });
  const lanes = result.recipients >= SECOND_LANE_FROM ? 2 : 1;
  for (let lane = 0; lane < lanes; lane++)
    await deps.enqueue('survey-email', { sendId: result.sendId }, { account: accountKeyOf(caller.actor) });
  return result;
}
