import { and, eq, networks, sql, surveys, type Tx } from '@tieline/db';
import { AppError } from '../../errors';
import { refreshFromSurvey } from '../../services/networks/survey-network';
import { surveyAccount } from '../accounts';
import { defineJob } from '../define';
import { JOB_PAYLOADS } from '../payloads';

const KIND = 'survey-networks-refresh';
/** Submissions within this window are taken in by one refresh. */
const DEBOUNCE_SECONDS = 30;

/**
 * After a submission: queue one refresh of the survey's networks, unless none exist or one is already
 * waiting. One statement, in the submission's transaction (cheap: an index probe on each table).
 */
export async function queueSurveyNetworksRefresh(tx: Tx, surveyId: string) {
  await tx.execute(sql`
    insert into jobs (kind, payload, max_attempts, run_at, account_key)
    select ${KIND}, jsonb_build_object('surveyId', ${surveyId}::text), 3,
      now() + ${`${DEBOUNCE_SECONDS} seconds`}::interval, ${surveyAccount(surveyId)}
    where exists (select 1 from networks where survey_id = ${surveyId}::uuid)
      and not exists (select 1 from jobs where kind = ${KIND} and state = 'queued'
        and payload->>'surveyId' = ${surveyId}::text)`);
}

/**
 * Refreshes every network made from a survey while the survey is Collecting. A network changed by its
 * owner meanwhile (409) is taken at its new version by the next submission's refresh.
 */
export const surveyNetworksRefreshJob = defineJob({
  kind: KIND,
  schema: JOB_PAYLOADS['survey-networks-refresh'],
  run: async (deps, { surveyId }) => {
    const rows = await deps.db
      .select({ network: networks })
      .from(networks)
      .innerJoin(surveys, eq(surveys.id, networks.surveyId))
      .where(and(eq(networks.surveyId, surveyId), eq(surveys.status, 'Collecting')));
    for (const { network } of rows) {
      try {
        await refreshFromSurvey(null, deps.db, network);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
      }
    }
  },
});
