import { emailDeliveries, eq, responses, rowsOf, sql } from '@tieline/db';
import { type ZBounceReport, ZRandomUUID } from '@tieline/validation';
import type { z } from 'zod';
import type { Deps } from '../../deps';

/**
 * The respondent behind a personal link stops the survey's emails (spec §4 Opted Out): never emailed
 * again, whatever status a send selects (opted_out_at). A Submitted response keeps its status and
 * answers, so the response rate stays true. Unknown link: false.
 */
export async function optOut(deps: Deps, randomUUID: string): Promise<boolean> {
  const parsed = ZRandomUUID.safeParse(randomUUID);
  if (!parsed.success) return false;
  const rows = await deps.db
    .update(responses)
    .set({
      optedOutAt: sql`coalesce(${responses.optedOutAt}, now())`,
      status: sql`case when ${responses.status} = 'Submitted' then 'Submitted' else 'Opted Out' end`,
    })
    .where(eq(responses.randomUuid, parsed.data))
    .returning({ id: responses.id });
  return rows.length > 0;
}

/**
 * The inbound bounce webhook: the delivery named by its X-Tieline-Delivery header (or every respondent
 * with the address) becomes Bounced, unless they opted out or already submitted. Answers how many respondents changed.
 */
export async function reportBounce(deps: Deps, report: z.output<typeof ZBounceReport>): Promise<number> {
  if (report.deliveryId) {
    const rows = await deps.db.execute(sql`
      with d as (update ${emailDeliveries} set state = 'bounced' where id = ${report.deliveryId} returning response_id)
      update responses set status = 'Bounced' where id in (select response_id from d) and status not in ('Opted Out', 'Submitted')
      returning id`);
    return rowsOf(rows).length;
  }
  const rows = await deps.db.execute(sql`
    update responses set status = 'Bounced'
    where lower(node_email) = ${report.email!.trim().toLowerCase()} and status not in ('Opted Out', 'Submitted') returning id`);
  return rowsOf(rows).length;
}
