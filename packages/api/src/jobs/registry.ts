import type { z } from 'zod';
import { analyzeTablesJob } from './definitions/analyze-tables';
import { completionWebhookJob } from './definitions/completion-webhook';
import { emailJob } from './definitions/email';
import { networkMetricsJob } from './definitions/network-metrics';
import { passiveQueryRunJob } from './definitions/passive-query-run';
import { passiveSyncJob } from './definitions/passive-sync';
import { passwordResetJob } from './definitions/password-reset';
import { surveyEmailJob } from './definitions/survey-email';
import { surveyNetworksRefreshJob } from './definitions/survey-networks-refresh';
import type { EnqueueOptions } from './queue';

/** Every kind of background work. Services enqueue through `deps.enqueue`, typed by these. */
export const JOBS = {
  [analyzeTablesJob.kind]: analyzeTablesJob,
  [completionWebhookJob.kind]: completionWebhookJob,
  [emailJob.kind]: emailJob,
  [networkMetricsJob.kind]: networkMetricsJob,
  [passiveQueryRunJob.kind]: passiveQueryRunJob,
  [passiveSyncJob.kind]: passiveSyncJob,
  [passwordResetJob.kind]: passwordResetJob,
  [surveyEmailJob.kind]: surveyEmailJob,
  [surveyNetworksRefreshJob.kind]: surveyNetworksRefreshJob,
} as const;

export type JobKind = keyof typeof JOBS;
export type JobPayload<K extends JobKind> = z.input<(typeof JOBS)[K]['schema']>;
export type Enqueue = <K extends JobKind>(
  kind: K,
  payload: JobPayload<K>,
  opts?: Pick<EnqueueOptions, 'runAt'>,
) => Promise<void>;
