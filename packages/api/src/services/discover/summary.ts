import { computeMetrics, type TNetworkData } from '@tieline/graph';
import { DISCOVER_MSG } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import type { DiscoverSummaryInput } from '../../workers/discover-summary';
import { slotAccount } from '../../workers/fair-slots';
import { METRICS_WORKER_LIMITS } from '../../workers/script-worker';
import { workerInSlot } from '../../workers/slot-run';
import { summarize, type TSummary } from './summarize';

// {id}/describe's generated summary, from @tieline/graph's metrics of the snapshot (layers merged,
// unweighted, Louvain seeded: the same snapshot gives the same summary). Small networks are measured
// here; past WORKER_FROM the whole of it (reading the document, the metrics with the all-pairs part in
// worker threads, the summary) runs in the discover-summary worker, so the server keeps answering, in
// one of the server's analysis slots (issue 36: a request waits ANALYSIS_WAIT_MS in line at most, then
// answers 429 with its place), under the metrics runs' limits. A snapshot never changes until it is
// republished (updatedAt moves), so each server keeps recent summaries in memory, and concurrent
// requests for one share the computation.

const WORKER_FROM = { nodes: 1_500, edges: 15_000 };
const CACHED = 200;

export type { TSummary };

function compute(
  deps: Deps,
  caller: SignedInCaller,
  json: string,
  size: { nodes: number; edges: number },
): Promise<TSummary> {
  if (size.nodes < WORKER_FROM.nodes && size.edges < WORKER_FROM.edges) {
    const data = JSON.parse(json) as TNetworkData;
    return Promise.resolve(summarize(data, computeMetrics(data)));
  }
  const input: DiscoverSummaryInput = { json, threads: deps.env.METRICS_THREADS };
  const ticket = { account: slotAccount(caller.actor), user: caller.actor.userId, label: 'discoverSummary' };
  return workerInSlot<TSummary>(
    deps.analysisSlots,
    ticket,
    deps.env.ANALYSIS_WAIT_MS,
    { name: 'discover-summary', input, limits: METRICS_WORKER_LIMITS },
    { busy: DISCOVER_MSG.busy, tooHeavy: () => DISCOVER_MSG.tooHeavy },
  );
}

const cache = new Map<string, Promise<TSummary>>();

/**
 * The summary of a snapshot (`json`, TNetworkData as stored), computed once per snapshot per server; its
 * worker run, if any, counts against the caller's account.
 */
export function summaryOf(
  deps: Deps,
  caller: SignedInCaller,
  key: string,
  snapshot: { json: string; nodes: number; edges: number },
): Promise<TSummary> {
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last: the oldest entry is the first one a full cache drops.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const computing = compute(deps, caller, snapshot.json, snapshot);
  cache.set(key, computing);
  computing.catch(() => cache.delete(key));
  while (cache.size > CACHED) cache.delete(cache.keys().next().value!);
  return computing;
}
