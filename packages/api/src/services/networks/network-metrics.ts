import { and, type Db, eq, networkMetrics, sql } from '@tieline/db';
import type { TMetricsResult, TNetworkData } from '@tieline/graph';
import { NETWORK_MSG, type TNetworkMetricsInput } from '@tieline/validation';
import { type NetworkRow, requireNetwork } from '../../access/networks';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { accountKeyOf } from '../../jobs/payloads';
import { documentText, versionText } from '../../network-store/store-network';

// GET /api/base/networks/{id}/metrics: metrics are computed by a job (network-metrics) in worker
// threads and cached per data version and options. The first request queues the job; every request
// answers the state: computing (with progress) or the result.

export interface TMetricsOptionsKey {
  layer: number | null;
  groupAttribute: string | null;
}

export type TMetricsState =
  | { state: 'queued' | 'running'; progress: number; position?: number }
  | { state: 'done'; progress: 1; metrics: TMetricsResult };

/**
 * Bumped when a measure's answer changes (2: eigenvector is 0 on directed acyclic graphs), so results
 * cached by older code are computed again rather than served.
 */
const METRICS_REVISION = 2;

/** The options as stored: one canonical JSON text per set of options (and the measures' revision). */
export const optionsKey = (o: TMetricsOptionsKey) =>
  JSON.stringify({ layer: o.layer, groupAttribute: o.groupAttribute, revision: METRICS_REVISION });

/** Options the network can answer; a layer or group attribute it lacks is the caller's mistake (400). */
export function checkOptions(data: TNetworkData, input: TNetworkMetricsInput): TMetricsOptionsKey {
  const layer = input.layer ?? null;
  if (layer !== null && layer >= data.layers.length) throw new AppError('BAD_REQUEST', NETWORK_MSG.noSuchLayer);
  const group = input.groupAttribute?.trim() || null;
  if (group !== null && !data.nodeAttributes.some((a) => a.key === group && a.type === 'category')) {
    throw new AppError('BAD_REQUEST', NETWORK_MSG.noSuchAttribute);
  }
  return { layer, groupAttribute: group };
}

/**
 * checkOptions for a version of `network` (a kept one is 404 once gone), reading its document only when
 * nothing else answers: the current version's layers are on its row, and options its metrics were
 * already asked with were checked then. Every poll of the explorer and of an export asks, and a document
 * of 250,000 ties is ~1 s of the server's thread to read.
 */
export async function metricsOptions(
  db: Db,
  network: NetworkRow,
  version: number,
  input: TNetworkMetricsInput,
): Promise<TMetricsOptionsKey> {
  const current = version === network.dataVersion;
  const options = { layer: input.layer ?? null, groupAttribute: input.groupAttribute?.trim() || null };
  if (current && options.layer !== null && options.layer >= network.layers.length)
    throw new AppError('BAD_REQUEST', NETWORK_MSG.noSuchLayer);
  if (current && options.groupAttribute === null) return options;
  const [asked] = await db
    .select({ state: networkMetrics.state })
    .from(networkMetrics)
    .where(match({ networkId: network.id, version, options: optionsKey(options) }));
  if (asked) return options;
  const json = current ? await documentText(db, network) : await versionText(db, network.id, version);
  if (json === null) throw new AppError('NOT_FOUND', NETWORK_MSG.versionGone);
  return checkOptions(JSON.parse(json) as TNetworkData, input);
}

export async function networkMetricsState(
  deps: Deps,
  caller: SignedInCaller,
  input: TNetworkMetricsInput,
): Promise<TMetricsState> {
  const { network } = await requireNetwork(deps.db, caller.actor, input.id, 'view');
  // A series snapshot's version (kept while a series holds it); one no longer kept is 404.
  const version = input.version ?? network.dataVersion;
  const options = await metricsOptions(deps.db, network, version, input);
  const state = await metricsStateOf(deps, caller, network, options, { retryFailed: true, version });
  if (state.state === 'failed') throw new AppError('INTERNAL_SERVER_ERROR', NETWORK_MSG.failed);
  return state;
}

/**
 * The state of the metrics of a network the caller may see (checked before), queueing the job when
 * none is computing them. A failed run is queued again when `retryFailed` (the explorer asks again);
 * exports pass false and get the failure, so a network whose metrics cannot be computed is not
 * computed again at every poll.
 */
export async function metricsStateOf(
  deps: Deps,
  caller: SignedInCaller,
  network: NetworkRow,
  options: TMetricsOptionsKey,
  opts: { retryFailed: boolean; version?: number },
): Promise<TMetricsState | { state: 'failed'; error: string }> {
  const key = { networkId: network.id, version: opts.version ?? network.dataVersion, options: optionsKey(options) };
  let [row] = await readState(deps.db, key);
  if (row?.state === 'failed' && !opts.retryFailed) return { state: 'failed', error: row.error ?? '' };
  if (!row || row.state === 'failed') {
    // One job per version and options, whatever the number of requests or servers: the row's insert
    // (or a failed row's reset) decides who queues it.
    const queued = row
      ? await deps.db
          .update(networkMetrics)
          .set({ state: 'queued', progress: 0, error: null })
          .where(and(match(key), eq(networkMetrics.state, 'failed')))
          .returning()
      : await deps.db.insert(networkMetrics).values(key).onConflictDoNothing().returning();
    if (queued.length > 0) await deps.enqueue('network-metrics', key, { account: accountKeyOf(caller.actor) });
    [row] = await readState(deps.db, key);
  }
  if (!row) throw new AppError('INTERNAL_SERVER_ERROR', NETWORK_MSG.failed);
  if (row.state === 'done' && row.result) {
    return { state: 'done', progress: 1, metrics: JSON.parse(row.result) as TMetricsResult };
  }
  if (row.state === 'running') return { state: 'running', progress: row.progress };
  // Waiting for one of this server's analysis slots (the job holds its ticket meanwhile): its place.
  const position = deps.analysisSlots.waiting().find((w) => w.ticket.ref === metricsSlotRef(key))?.position;
  return { state: 'queued', progress: row.progress, ...(position ? { position } : {}) };
}

/** A network_metrics row: a version and its options (the metrics', or another analysis's: network-stability.ts). */
export type TAnalysisKey = { networkId: string; version: number; options: string };
type Key = TAnalysisKey;

/** The slot ticket's `ref` of a metrics job (jobs/definitions/network-metrics.ts). */
export const metricsSlotRef = (key: Key) => `metrics:${key.networkId}:${key.version}:${key.options}`;

export const match = (key: Key) =>
  and(
    eq(networkMetrics.networkId, key.networkId),
    eq(networkMetrics.version, key.version),
    eq(networkMetrics.options, key.options),
  );

export function readState(db: Db, key: Key) {
  return db
    .select({
      state: networkMetrics.state,
      progress: networkMetrics.progress,
      result: networkMetrics.result,
      error: networkMetrics.error,
    })
    .from(networkMetrics)
    .where(match(key));
}

/** The job's writes: progress while it runs, then the result or the failure. */
export const metricsRow = {
  running: (db: Db, key: Key) => db.update(networkMetrics).set({ state: 'running', progress: 0 }).where(match(key)),
  progress: (db: Db, key: Key, progress: number) =>
    db
      .update(networkMetrics)
      .set({ progress })
      .where(and(match(key), eq(networkMetrics.state, 'running'))),
  /** `result`: the TMetricsResult as JSON text, as the worker answers it. */
  done: (db: Db, key: Key, result: string) =>
    db.update(networkMetrics).set({ state: 'done', progress: 1, result, finishedAt: sql`now()` }).where(match(key)),
  failed: (db: Db, key: Key, error: string) =>
    db.update(networkMetrics).set({ state: 'failed', error, finishedAt: sql`now()` }).where(match(key)),
};
