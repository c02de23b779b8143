import { and, type Db, eq, networkMetrics, networkVersions, sql } from '@tieline/db';
import type { TStability } from '@tieline/graph';
import { CHANGE_LIMITS, CHANGE_MSG, type TStabilityInput, type TStabilityState } from '@tieline/validation';
import { requireNetwork } from '../../access/networks';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { accountKeyOf } from '../../jobs/payloads';
import { match, readState, type TAnalysisKey } from './network-metrics';

// POST /api/base/networks/{id}/stability (issue 34; docs/analysis.md): the stability of a version's
// betweenness ranking, computed by a job (network-stability) in worker threads and cached per data
// version and options in network_metrics (its `options` name the analysis, so metrics rows never
// match). The first request queues the job; every request answers the state: computing (with
// progress and its place in line) or the result. A run that failed answers 503 once, then the next
// request queues it again.

/** Bumped when the answer changes, so results cached by older code are computed again. */
const STABILITY_REVISION = 1;

type Key = TAnalysisKey;

export const stabilityOptionsKey = (o: { dropout: number; samples: number }) =>
  JSON.stringify({ analysis: 'stability', dropout: o.dropout, samples: o.samples, revision: STABILITY_REVISION });

/** The slot ticket's `ref` of a stability job. */
export const stabilitySlotRef = (key: Key) => `stability:${key.networkId}:${key.version}:${key.options}`;

/** People in a kept version (counted by the database, not parsed here); null when the version is not kept. */
async function versionPeople(db: Db, networkId: string, version: number): Promise<number | null> {
  const [row] = await db
    .select({ people: sql<number>`json_array_length((${networkVersions.data})::json -> 'nodes')` })
    .from(networkVersions)
    .where(and(eq(networkVersions.networkId, networkId), eq(networkVersions.version, version)));
  return row ? Number(row.people) : null;
}

export async function networkStabilityState(
  deps: Deps,
  caller: SignedInCaller,
  input: TStabilityInput,
): Promise<TStabilityState> {
  const { network } = await requireNetwork(deps.db, caller.actor, input.id, 'view');
  const version = input.version ?? network.dataVersion;
  const key = { networkId: network.id, version, options: stabilityOptionsKey(input) };
  let [row] = await readState(deps.db, key);
  if (row?.state === 'failed') {
    await deps.db.delete(networkMetrics).where(and(match(key), eq(networkMetrics.state, 'failed')));
    throw new AppError('SERVICE_UNAVAILABLE', CHANGE_MSG.stabilityFailed(row.error || null));
  }
  if (!row) {
    const people = await versionPeople(deps.db, network.id, version);
    if (people === null) throw new AppError('NOT_FOUND', CHANGE_MSG.versionNotFound);
    if (people > CHANGE_LIMITS.stabilityPeopleMax) throw new AppError('BAD_REQUEST', CHANGE_MSG.stabilityTooLarge);
    // One job per version and options, whatever the number of requests or servers: the insert decides.
    const queued = await deps.db.insert(networkMetrics).values(key).onConflictDoNothing().returning();
    if (queued.length > 0) await deps.enqueue('network-stability', key, { account: accountKeyOf(caller.actor) });
    [row] = await readState(deps.db, key);
  }
  if (!row) throw new AppError('INTERNAL_SERVER_ERROR', CHANGE_MSG.stabilityFailed(null));
  if (row.state === 'done' && row.result) {
    const stability = { ...(JSON.parse(row.result) as TStability), version };
    return { state: 'done', progress: 1, stability };
  }
  if (row.state === 'running') return { state: 'running', progress: row.progress };
  const position = deps.analysisSlots.waiting().find((w) => w.ticket.ref === stabilitySlotRef(key))?.position;
  return { state: 'queued', progress: row.progress, ...(position ? { position } : {}) };
}
