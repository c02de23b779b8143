import { and, eq, networks, networkVersions, users } from '@tieline/db';
import { NETWORK_MSG } from '@tieline/validation';
import { metricsRow, metricsSlotRef } from '../../services/networks/network-metrics';
import { slotAccount } from '../../workers/fair-slots';
import type { MetricsWorkerData } from '../../workers/network-metrics';
import { METRICS_WORKER_LIMITS, runScriptWorker } from '../../workers/script-worker';
import { defineJob } from '../define';
import { JOB_PAYLOADS } from '../payloads';

/** Progress is written at most this often (a row update per BFS source would be thousands a second). */
const PROGRESS_EVERY_MS = 500;

/**
 * Computes a network version's metrics with the options of its network_metrics row in a worker process
 * (workers/network-metrics.ts, which runs the all-pairs part in threads of its own): the server's event
 * loop stays free, writing progress as it goes and the result when done. The run first waits for one of
 * the server's analysis slots, counted against the network owner's account (the row stays `queued`
 * meanwhile); its worker has METRICS_WORKER_LIMITS. A version pruned meanwhile has nothing to compute.
 * A throw retries with the queue's backoff; when the job fails for good (its last try, or its worker
 * dying twice at one step) the row is marked failed, and the next request queues it again.
 */
export const networkMetricsJob = defineJob({
  kind: 'network-metrics',
  schema: JOB_PAYLOADS['network-metrics'],
  title: 'the metrics',
  run: async (deps, key) => {
    const [doc] = await deps.db
      .select({ data: networkVersions.data })
      .from(networkVersions)
      .where(and(eq(networkVersions.networkId, key.networkId), eq(networkVersions.version, key.version)));
    if (!doc) return;
    const options = JSON.parse(key.options) as { layer: number | null; groupAttribute: string | null };
    const [owner] = await deps.db
      .select({ userId: users.id, organizationId: users.organizationId })
      .from(networks)
      .innerJoin(users, eq(users.id, networks.ownerId))
      .where(eq(networks.id, key.networkId));
    if (!owner) return;
    const ticket = {
      account: slotAccount(owner),
      user: owner.userId,
      label: 'networkMetrics',
      ref: metricsSlotRef(key),
    };
    await deps.analysisSlots.run(ticket, async () => {
      await metricsRow.running(deps.db, key);
      let last = 0;
      let writing: Promise<unknown> = Promise.resolve();
      try {
        const input: MetricsWorkerData = {
          json: doc.data,
          options: {
            ...(options.layer !== null ? { layers: [options.layer] } : {}),
            ...(options.groupAttribute !== null ? { groupAttribute: options.groupAttribute } : {}),
          },
          threads: deps.env.METRICS_THREADS,
        };
        const onProgress = (fraction: number) => {
          const now = Date.now();
          if (now - last < PROGRESS_EVERY_MS) return;
          last = now;
          writing = writing.then(() => metricsRow.progress(deps.db, key, Math.min(0.99, fraction)));
        };
        const result = await runScriptWorker<string>('network-metrics', input, onProgress, METRICS_WORKER_LIMITS);
        await writing;
        await metricsRow.done(deps.db, key, result);
      } catch (error) {
        await writing;
        throw error;
      }
    });
  },
  // The row's error is what an export tells the user: a death's own words, else no internals.
  onGiveUp: (deps, key, end) => metricsRow.failed(deps.db, key, end.died ? end.message : NETWORK_MSG.failed),
});
