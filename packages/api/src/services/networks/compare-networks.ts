import { and, type Db, eq, networkMetrics } from '@tieline/db';
import type { TCompareAnswer, TCompareNetworksInput } from '@tieline/validation';
import { requireNetwork } from '../../access/networks';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { versionText } from '../../network-store/network-version';
import { runAnalysisWorker } from '../../workers/analysis-run';
import type { TCompareWorkerAnswer, TCompareWorkerInput } from '../../workers/network-compare';
import { optionsKey } from './network-metrics';

// POST /api/base/networks/compare (issue 34; docs/analysis.md): two snapshots, each a kept version of a
// network the caller may see (another account's network, or a version no longer kept: 404, checked
// before any 400), compared in a worker thread in one of the server's analysis slots. The versions'
// cached metrics, when computed, spare the worker the betweenness.

/** A version's metrics over all layers, when a done row holds them (whatever its group attribute). */
async function cachedMetrics(db: Db, networkId: string, version: number): Promise<string | null> {
  const rows = await db
    .select({ options: networkMetrics.options })
    .from(networkMetrics)
    .where(
      and(
        eq(networkMetrics.networkId, networkId),
        eq(networkMetrics.version, version),
        eq(networkMetrics.state, 'done'),
      ),
    );
  const plain = rows.find((r) => {
    const o = JSON.parse(r.options) as { layer?: unknown; groupAttribute?: unknown };
    const group = typeof o.groupAttribute === 'string' ? o.groupAttribute : null;
    return o.layer === null && r.options === optionsKey({ layer: null, groupAttribute: group });
  });
  if (!plain) return null;
  const [row] = await db
    .select({ result: networkMetrics.result })
    .from(networkMetrics)
    .where(
      and(
        eq(networkMetrics.networkId, networkId),
        eq(networkMetrics.version, version),
        eq(networkMetrics.options, plain.options),
      ),
    );
  return row?.result ?? null;
}

/** The comparison, with the two networks' names (the workbook's Summary names them). */
export async function compareWithNames(
  deps: Deps,
  caller: SignedInCaller,
  input: TCompareNetworksInput,
): Promise<{ answer: TCompareAnswer; names: { base: string; other: string } }> {
  const base = await requireNetwork(deps.db, caller.actor, input.baseNetworkId, 'view');
  const other =
    input.otherNetworkId === input.baseNetworkId
      ? base
      : await requireNetwork(deps.db, caller.actor, input.otherNetworkId, 'view');
  const b = await versionText(deps.db, base.network, input.baseVersion);
  const o = await versionText(deps.db, other.network, input.otherVersion);
  const work: TCompareWorkerInput = {
    base: b.json,
    other: o.json,
    metrics: {
      base: await cachedMetrics(deps.db, base.network.id, b.version),
      other: await cachedMetrics(deps.db, other.network.id, o.version),
    },
    ...(input.layer !== undefined ? { layer: input.layer } : {}),
    ...(input.attribute !== undefined ? { attribute: input.attribute } : {}),
    threads: deps.env.METRICS_THREADS,
  };
  const answer = await runAnalysisWorker<TCompareWorkerAnswer>(deps, caller, {
    worker: 'network-compare',
    label: 'networkCompare',
    input: work,
  });
  if (!answer.ok) throw new AppError('BAD_REQUEST', answer.message);
  return {
    answer: {
      baseNetworkId: base.network.id,
      otherNetworkId: other.network.id,
      baseVersion: b.version,
      otherVersion: o.version,
      ...answer.result,
    },
    names: { base: base.network.name, other: other.network.name },
  };
}

export async function compareNetworks(
  deps: Deps,
  caller: SignedInCaller,
  input: TCompareNetworksInput,
): Promise<TCompareAnswer> {
  return (await compareWithNames(deps, caller, input)).answer;
}
