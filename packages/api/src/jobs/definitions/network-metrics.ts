import { NETWORK_MSG } from '@tieline/validation';
import { metricsRow, metricsSlotRef } from '../../services/networks/network-metrics';
import type { MetricsWorkerData } from '../../workers/network-metrics';
import { defineJob } from '../define';
import { runNetworkAnalysis } from '../network-analysis-run';
import { JOB_PAYLOADS } from '../payloads';

/**
 * Computes a network version's metrics with the options of its network_metrics row in a worker process
 * (workers/network-metrics.ts, which runs the all-pairs part in threads of its own), in one of the
 * server's analysis slots (jobs/network-analysis-run.ts). When the job fails for good (its last try, or
 * its worker dying twice at one step) the row is marked failed, and the next request queues it again.
 */
export const networkMetricsJob = defineJob({
  kind: 'network-metrics',
  schema: JOB_PAYLOADS['network-metrics'],
  title: 'the metrics',
  run: (deps, key) => {
    const options = JSON.parse(key.options) as { layer: number | null; groupAttribute: string | null };
    return runNetworkAnalysis(deps, key, {
      worker: 'network-metrics',
      label: 'networkMetrics',
      ref: metricsSlotRef(key),
      input: (json): MetricsWorkerData => ({
        json,
        options: {
          ...(options.layer !== null ? { layers: [options.layer] } : {}),
          ...(options.groupAttribute !== null ? { groupAttribute: options.groupAttribute } : {}),
        },
        threads: deps.env.METRICS_THREADS,
      }),
    });
  },
  // The row's error is what an export tells the user: a death's own words, else no internals.
  onGiveUp: (deps, key, end) => metricsRow.failed(deps.db, key, end.died ? end.message : NETWORK_MSG.failed),
});
