import { metricsRow } from '../../services/networks/network-metrics';
import { stabilitySlotRef } from '../../services/networks/network-stability';
import type { TStabilityWorkerData } from '../../workers/network-stability';
import { defineJob } from '../define';
import { runNetworkAnalysis } from '../network-analysis-run';
import { JOB_PAYLOADS } from '../payloads';

/**
 * The stability of a network version's betweenness ranking with the options of its network_metrics row
 * (services/networks/network-stability.ts), its samples over METRICS_THREADS worker threads, in one of
 * the server's analysis slots (jobs/network-analysis-run.ts). When the job fails for good the row is
 * marked failed with the reason, which the next request answers once.
 */
export const networkStabilityJob = defineJob({
  kind: 'network-stability',
  schema: JOB_PAYLOADS['network-stability'],
  title: 'the stability',
  run: (deps, key) => {
    const { dropout, samples } = JSON.parse(key.options) as { dropout: number; samples: number };
    return runNetworkAnalysis(deps, key, {
      worker: 'network-stability',
      label: 'networkStability',
      ref: stabilitySlotRef(key),
      input: (json): TStabilityWorkerData => ({
        json,
        options: { dropout, samples },
        threads: deps.env.METRICS_THREADS,
      }),
    });
  },
  onGiveUp: (deps, key, end) => metricsRow.failed(deps.db, key, end.died ? end.message : ''),
});
