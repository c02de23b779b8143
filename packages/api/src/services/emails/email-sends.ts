import { rowsOf, sql } from '@tieline/db';
import type { TEmailSendProgress } from '@tieline/validation';
import { requireSurvey } from '../../access/surveys';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';

interface Row {
  id: string;
  created_at: string | Date;
  finished_at: string | Date | null;
  recipients: number;
  sent: number;
  bounced: number;
  failed: number;
  skipped: number;
  pending: number;
}

const iso = (v: string | Date) => new Date(v).toISOString();

/** The survey's latest sends with their progress, newest first: what the Emails tab's progress bar shows. */
export async function listEmailSends(
  deps: Deps,
  caller: SignedInCaller,
  input: { surveyId: string },
): Promise<{ sends: TEmailSendProgress[] }> {
  const survey = await requireSurvey(deps.db, caller.actor, input.surveyId);
  const rows = rowsOf<Row>(
    await deps.db.execute(sql`
      select s.id, s.created_at, s.finished_at, s.recipients,
        count(*) filter (where d.state = 'sent')::int as sent,
        count(*) filter (where d.state = 'bounced')::int as bounced,
        count(*) filter (where d.state = 'failed')::int as failed,
        count(*) filter (where d.state = 'skipped')::int as skipped,
        count(*) filter (where d.state in ('queued', 'sending'))::int as pending
      from (select * from email_sends where survey_id = ${survey.id} order by created_at desc limit 10) s
        left join email_deliveries d on d.send_id = s.id
      group by s.id, s.created_at, s.finished_at, s.recipients
      order by s.created_at desc`),
  );
  return {
    sends: rows.map((r) => ({
      sendId: r.id,
      createdAt: iso(r.created_at),
      finishedAt: r.finished_at ? iso(r.finished_at) : null,
      recipients: Number(r.recipients),
      sent: Number(r.sent),
      bounced: Number(r.bounced),
      failed: Number(r.failed),
      skipped: Number(r.skipped),
      pending: Number(r.pending),
    })),
  };
}
