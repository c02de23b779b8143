import { type Db, rowsOf, sql } from '@tieline/db';
import { firstNameOf } from '../../access/responses';
import { sendAccount } from '../../jobs/accounts';
import type { JobDeps } from '../../jobs/define';
import { heartbeat, LEASE_MS } from '../../jobs/lease';
import { backoffMs } from '../../jobs/queue';
import { optOutUrl, personalLink } from '../../mail/links';
import type { Mail } from '../../mail/mailer';
import { type SurveyMailRecipient, surveyMailTemplate } from '../../mail/survey-mail';

/** One job run delivers for at most this long, then queues its continuation so other jobs interleave. */
const RUN_BUDGET_MS = 20_000;
/** Tries per message before it is marked failed (SMTP unreachable all along). */
export const DELIVERY_ATTEMPTS = 6;

interface Claimed {
  id: string;
  attempts: number;
  response_id: string;
  random_uuid: string;
  node_name: string;
  node_email: string | null;
  status: string;
  opted_out: boolean;
  survey_id: string;
  survey_name: string;
  subject: string;
  body: string;
  from: string;
}

/** Deliveries claimed at once: one index walk per batch instead of per message. */
const CLAIM_BATCH = 25;

/**
 * Claims up to CLAIM_BATCH due deliveries of the send (queued and due, or in flight under a lease that
 * ran out: their worker died) with what their mail needs. FOR UPDATE SKIP LOCKED: two servers never
 * claim the same row.
 */
async function claimBatch(db: Db, sendId: string): Promise<Claimed[]> {
  const rows = await db.execute(sql`
    with c as (
      update email_deliveries set state = 'sending', attempts = attempts + 1,
        locked_until = now() + ${`${LEASE_MS} milliseconds`}::interval
      where id in (
        select id from email_deliveries
        where send_id = ${sendId} and attempts < ${DELIVERY_ATTEMPTS}
          and ((state = 'queued' and run_at <= now()) or (state = 'sending' and locked_until < now()))
        order by run_at, id limit ${CLAIM_BATCH} for update skip locked)
      returning id, attempts, response_id)
    select c.id, c.attempts, c.response_id, r.random_uuid, r.node_name, r.node_email, r.status,
      r.opted_out_at is not null as opted_out,
      s.survey_id, v.name as survey_name, s.subject, s.body, s."from"
    from c join responses r on r.id = c.response_id
      join email_sends s on s.id = ${sendId} join surveys v on v.id = s.survey_id
    order by c.id`);
  return rowsOf<Claimed>(rows);
}

/** Only the holder of the claim (same attempt) may settle a delivery. */
const held = (d: Claimed) => sql`id = ${d.id} and state = 'sending' and attempts = ${d.attempts}`;

const claimsOf = (claimed: Claimed[]) => JSON.stringify(claimed.map((d) => ({ id: d.id, attempts: d.attempts })));

/** The heartbeat of a claimed batch: extends the lease of its deliveries not yet settled or released. */
async function renewClaims(db: Db, claimed: Claimed[]) {
  await db.execute(sql`
    update email_deliveries d set locked_until = now() + ${`${LEASE_MS} milliseconds`}::interval
    from json_to_recordset(${claimsOf(claimed)}::json) as r(id uuid, attempts int)
    where d.id = r.id and d.state = 'sending' and d.attempts = r.attempts`);
}

/** Gives back claimed deliveries this worker will not send (its run ended, or its lease is not renewed). */
async function release(db: Db, claimed: Claimed[]) {
  if (claimed.length === 0) return;
  await db.execute(sql`
    update email_deliveries d set state = 'queued', attempts = d.attempts - 1, locked_until = null
    from json_to_recordset(${claimsOf(claimed)}::json) as r(id uuid, attempts int)
    where d.id = r.id and d.state = 'sending' and d.attempts = r.attempts`);
}

async function settle(db: Db, d: Claimed, state: 'sent' | 'skipped', error?: string) {
  // Sent: the respondent moves Not Sent -> Not Started and the survey Offline -> Collecting (spec §4),
  // in the same statement as the delivery, so a crash cannot leave one without the other.
  await db.execute(sql`
    with d as (
      update email_deliveries set state = ${state}, sent_at = case when ${state} = 'sent' then now() end,
        locked_until = null, error = ${error ?? null}
      where ${held(d)} returning response_id),
    r as (
      update responses set status = 'Not Started'
      where ${state} = 'sent' and id in (select response_id from d) and status = 'Not Sent' returning 1)
    update surveys set status = 'Collecting', version = version + 1, updated_at = now()
    where ${state} = 'sent' and id = ${d.survey_id} and status = 'Offline' and exists (select 1 from d)`);
}

async function bounce(db: Db, d: Claimed, error: string) {
  await db.execute(sql`
    with d as (
      update email_deliveries set state = 'bounced', locked_until = null, error = ${error}
      where ${held(d)} returning response_id)
    update responses set status = 'Bounced' where id in (select response_id from d) and status not in ('Opted Out', 'Submitted')`);
}

async function retryLater(db: Db, d: Claimed, error: string) {
  const final = d.attempts >= DELIVERY_ATTEMPTS;
  await db.execute(sql`
    update email_deliveries set state = ${final ? 'failed' : 'queued'}, locked_until = null, error = ${error},
      run_at = now() + ${`${backoffMs(d.attempts)} milliseconds`}::interval
    where ${held(d)}`);
}

/** An SMTP answer that will not change on retry (5xx: unknown mailbox, rejected message). */
function permanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * One run of a send lane: claims a batch and delivers it one message at a time, each settled right
 * after its SMTP answer. A crash between the SMTP answer and the settle repeats that one message when the lease runs
 * out; nothing else is repeated and nothing is skipped. Ends by queueing its continuation (more due, or
 * waiting for a backoff or another worker's lease) or by marking the send finished.
 */
export async function deliverSend(deps: JobDeps, sendId: string): Promise<void> {
  const { db } = deps;
  const until = Date.now() + RUN_BUDGET_MS;
  let mailFor: ((r: SurveyMailRecipient) => Mail) | undefined;
  while (Date.now() < until) {
    const batch = await claimBatch(db, sendId);
    if (batch.length === 0) return await afterLastClaim(deps, sendId);
    const first = batch[0]!;
    mailFor ??= surveyMailTemplate({
      fromName: first.from,
      surveyName: first.survey_name,
      subject: first.subject,
      body: first.body,
      kind: 'respondent',
    });
    // The batch's lease is renewed while it is worked through; a message is only sent while at least half
    // the lease is left, so if renewals stop landing the worker stops before another can take the row.
    const lease = heartbeat(() => renewClaims(db, batch));
    try {
      for (const [i, d] of batch.entries()) {
        if (Date.now() > lease.heldUntil() - LEASE_MS / 2) {
          await release(db, batch.slice(i));
          break;
        }
        const outcome = await deliverOne(deps, d, mailFor);
        if (outcome === 'retry-later') {
          // The server is down or busy: this one waits for its backoff, and so does the lane.
          await release(db, batch.slice(i + 1));
          return await afterLastClaim(deps, sendId);
        }
      }
    } finally {
      await lease.stop();
    }
  }
  await deps.enqueue('survey-email', { sendId }, { account: sendAccount(sendId) });
}

async function deliverOne(
  deps: JobDeps,
  d: Claimed,
  mailFor: (r: SurveyMailRecipient) => Mail,
): Promise<'done' | 'retry-later'> {
  const { db } = deps;
  if (d.opted_out || d.status === 'Opted Out' || !d.node_email) {
    await settle(db, d, 'skipped', d.node_email ? 'Opted out' : 'No address');
    return 'done';
  }
  const mail = mailFor({
    to: d.node_email,
    respondent: { name: d.node_name, firstName: firstNameOf(d.node_name) },
    link: personalLink(deps.publicUrl, d.random_uuid),
    optOutUrl: optOutUrl(deps.publicUrl, d.random_uuid),
    deliveryId: d.id,
  });
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    if (permanent(error)) {
      await bounce(db, d, messageOf(error));
      return 'done';
    }
    await retryLater(db, d, messageOf(error));
    return 'retry-later';
  }
  await settle(db, d, 'sent');
  return 'done';
}

async function afterLastClaim(deps: JobDeps, sendId: string): Promise<void> {
  const rows = await deps.db.execute(sql`
    select min(case when state = 'queued' then run_at else locked_until end) as next
    from email_deliveries where send_id = ${sendId} and state in ('queued', 'sending') and attempts < ${DELIVERY_ATTEMPTS}`);
  const next = rowsOf<{ next: string | Date | null }>(rows)[0]?.next;
  if (next) {
    await deps.enqueue(
      'survey-email',
      { sendId },
      { runAt: new Date(new Date(next).getTime() + 1_000), account: sendAccount(sendId) },
    );
    return;
  }
  // Nothing left: in-flight rows whose worker died on their last attempt are failed, and the send ends.
  await deps.db.execute(sql`
    with f as (
      update email_deliveries set state = 'failed', locked_until = null,
        error = coalesce(error, 'The worker stopped while sending')
      where send_id = ${sendId} and state = 'sending' and locked_until < now() returning 1)
    update email_sends set finished_at = now()
    where id = ${sendId} and finished_at is null
      and not exists (select 1 from email_deliveries where send_id = ${sendId} and state in ('queued', 'sending')
        and not (state = 'sending' and locked_until < now()))`);
}
