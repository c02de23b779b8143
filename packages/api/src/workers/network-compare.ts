import {
  CompareRefusal,
  type TCompareRefusal,
  type TMetricsResult,
  type TNetworkData,
  type TSnapshotComparison,
} from '@tieline/graph';
import { compareSnapshotsParallel } from '@tieline/graph/node';
import { CHANGE_LIMITS, CHANGE_MSG } from '@tieline/validation';
import { postResult, workerInput } from './worker-side';

// Worker (see script-worker.ts): two snapshots compared (packages/graph/src/change,
// docs/analysis.md). Documents arrive as the JSON text network_versions stores, with each version's
// cached metrics when a done row holds them (their betweenness saves recomputing it). Refusals come
// back as a message, nothing computed. Betweenness not cached runs in threads of its own
// (METRICS_THREADS), as the metrics job's does.

export interface TCompareWorkerInput {
  base: string;
  other: string;
  /** Each version's cached metrics (all layers), as network_metrics stores them; null when none. */
  metrics: { base: string | null; other: string | null };
  layer?: string;
  attribute?: string;
  threads: number;
}

export type TCompareWorkerAnswer = { ok: true; result: TSnapshotComparison } | { ok: false; message: string };

function refusalMessage(reason: TCompareRefusal): string {
  switch (reason.kind) {
    case 'foldedAlike':
      return CHANGE_MSG.foldedAlike(reason.snapshot, ...reason.names);
    case 'noSharedPeople':
      return CHANGE_MSG.noSharedPeople;
    case 'unknownLayer':
      return CHANGE_MSG.unknownLayer(reason.layer);
    case 'missingAttribute':
      return CHANGE_MSG.missingAttribute(reason.snapshot, reason.attribute);
  }
}

const betweenness = (metrics: string | null) =>
  metrics === null ? null : (JSON.parse(metrics) as TMetricsResult).nodes.map((n) => n.betweennessNormalized);

async function answer(input: TCompareWorkerInput): Promise<TCompareWorkerAnswer> {
  const base = JSON.parse(input.base) as TNetworkData;
  const other = JSON.parse(input.other) as TNetworkData;
  if (Math.max(base.nodes.length, other.nodes.length) > CHANGE_LIMITS.comparePeopleMax) {
    return { ok: false, message: CHANGE_MSG.compareTooLarge };
  }
  try {
    const options = {
      layer: input.layer,
      attribute: input.attribute,
      permutations: CHANGE_LIMITS.permutations,
      betweenness: { base: betweenness(input.metrics.base), other: betweenness(input.metrics.other) },
    };
    const result = await compareSnapshotsParallel(base, other, options, { threads: input.threads });
    return { ok: true, result };
  } catch (error) {
    if (error instanceof CompareRefusal) return { ok: false, message: refusalMessage(error.reason) };
    throw error;
  }
}

await postResult<TCompareWorkerAnswer>(await answer(await workerInput<TCompareWorkerInput>()));
