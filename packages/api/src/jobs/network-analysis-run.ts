import { and, eq, networks, networkVersions, users } from '@tieline/db';
import { metricsRow, type TAnalysisKey } from '../services/networks/network-metrics';
import { slotAccount } from '../workers/fair-slots';
import { METRICS_WORKER_LIMITS, runScriptWorker } from '../workers/script-worker';
import type { JobDeps } from './define';

/** Progress is written at most this often (a row update per BFS source would be thousands a second). */
const PROGRESS_EVERY_MS = 500;

/**
 * The run of a job computing something of one network version into its network_metrics row (the
 * metrics, the stability of rankings) in the worker `worker`: the server's event loop stays free,
 * writing progress as it goes and the result (the worker's JSON text) when done. The run first waits
 * for one of the server's analysis slots, counted against the network owner's account (the row stays
 * `queued` meanwhile, `ref` naming it in the line); its worker has METRICS_WORKER_LIMITS. A version
 * pruned meanwhile has nothing to compute. A throw retries with the queue's backoff.
 */
export async function runNetworkAnalysis(
  deps: JobDeps,
  key: TAnalysisKey,
  run: { worker: string; label: string; ref: string; input: (json: string) => unknown },
): Promise<void> {
  const [doc] = await deps.db
    .select({ data: networkVersions.data })
    .from(networkVersions)
    .where(and(eq(networkVersions.networkId, key.networkId), eq(networkVersions.version, key.version)));
  if (!doc) return;
  const [owner] = await deps.db
    .select({ userId: users.id, organizationId: users.organizationId })
    .from(networks)
    .innerJoin(users, eq(users.id, networks.ownerId))
    .where(eq(networks.id, key.networkId));
  if (!owner) return;
  const ticket = { account: slotAccount(owner), user: owner.userId, label: run.label, ref: run.ref };
  await deps.analysisSlots.run(ticket, async () => {
    await metricsRow.running(deps.db, key);
    let last = 0;
    let writing: Promise<unknown> = Promise.resolve();
    try {
      const onProgress = (fraction: number) => {
        const now = Date.now();
        if (now - last < PROGRESS_EVERY_MS) return;
        last = now;
        writing = writing.then(() => metricsRow.progress(deps.db, key, Math.min(0.99, fraction)));
      };
      const result = await runScriptWorker<string>(run.worker, run.input(doc.data), onProgress, METRICS_WORKER_LIMITS);
      await writing;
      await metricsRow.done(deps.db, key, result);
    } catch (error) {
      await writing;
      throw error;
    }
  });
}
