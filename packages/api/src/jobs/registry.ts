import { analyzeTablesJob } from './definitions/analyze-tables';
import { completionWebhookJob } from './definitions/completion-webhook';
import { emailJob } from './definitions/email';
import { networkMetricsJob } from './definitions/network-metrics';
import { networkStabilityJob } from './definitions/network-stability';
import { passivePseudonymizeJob } from './definitions/passive-pseudonymize';
import { passiveQueryRunJob } from './definitions/passive-query-run';
import { passiveSyncJob } from './definitions/passive-sync';
import { passwordResetJob } from './definitions/password-reset';
import { surveyEmailJob } from './definitions/survey-email';
import { surveyNetworksRefreshJob } from './definitions/survey-networks-refresh';
import type { JobKind } from './payloads';

/** Every kind of background work (one per kind of JOB_PAYLOADS, which types `deps.enqueue`). */
export const JOBS = {
  [analyzeTablesJob.kind]: analyzeTablesJob,
  [completionWebhookJob.kind]: completionWebhookJob,
  [emailJob.kind]: emailJob,
  [networkMetricsJob.kind]: networkMetricsJob,
  [networkStabilityJob.kind]: networkStabilityJob,
  [passivePseudonymizeJob.kind]: passivePseudonymizeJob,
  [passiveQueryRunJob.kind]: passiveQueryRunJob,
  [passiveSyncJob.kind]: passiveSyncJob,
  [passwordResetJob.kind]: passwordResetJob,
  [surveyEmailJob.kind]: surveyEmailJob,
  [surveyNetworksRefreshJob.kind]: surveyNetworksRefreshJob,
} as const satisfies Record<JobKind, unknown>;

export type { Enqueue, JobKind, JobPayload } from './payloads';
