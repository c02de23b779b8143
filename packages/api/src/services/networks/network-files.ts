import {
  NETWORK_EXPORT_TYPES,
  NETWORK_MSG,
  NETWORK_UPLOAD_MSG,
  type TNetworkExportQuery,
  type TNetworkExportType,
  type TNetworkUploadResult,
} from '@tieline/validation';
import { requireNetwork } from '../../access/networks';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { documentText, insertNetwork } from '../../network-store/store-network';
import { requestWork } from '../../workers/request-work';
import { exportDocumentOf } from './change-document';
import type { TDocumentExport } from './document-change';
import type { TNetworkFile } from './formats';
import { metricsOptions, metricsStateOf } from './network-metrics';
import { readNetworkWithNotes } from './read-network-file';
import { summaryOf } from './read-networks';

// Network files: POST /api/base/networks (upload) and {id}/export. The readers and writers are
// formats/ (docs/networks.md, "Upload formats").

/**
 * add: a new network of the caller's from an uploaded file; nothing is stored when the file is refused.
 * The answer's notices say what was done besides reading the file (people only the edges named, added).
 */
export async function uploadNetwork(
  deps: Deps,
  caller: SignedInCaller,
  input: { name: string; fileType: string; directed: boolean; bytes: Buffer },
): Promise<TNetworkUploadResult> {
  const { document, addedFromEdges } = await readNetworkWithNotes(requestWork(deps, caller, 'network upload'), {
    kind: 'file',
    bytes: input.bytes,
    fileType: input.fileType,
    directed: input.directed,
  });
  const row = await insertNetwork(deps.db, { ownerId: caller.actor.userId, name: input.name, document });
  const notices = addedFromEdges.length > 0 ? [NETWORK_UPLOAD_MSG.addedFromEdges(addedFromEdges)] : [];
  return { ...(await summaryOf(deps, row, 'Owner')), notices };
}

const isExportType = (t: string): t is TNetworkExportType => (NETWORK_EXPORT_TYPES as readonly string[]).includes(t);

export type TNetworkExport =
  | { state: 'file'; file: TNetworkFile & { fileName: string } }
  | { state: 'queued' | 'running'; progress: number };

/**
 * {id}/export: the current version as a file with the metric columns the explorer shows (docs/exports.md),
 * of all layers or `layer`, with roles by `groupAttribute` when given. Metrics not computed yet are queued
 * through the network-metrics job (the one /metrics uses) and the answer is their state until they are
 * done; `metrics: 'false'` writes the network alone at once. Metrics that failed are not queued again
 * here (a poll would run them over and over): the export answers 503 saying why (metrics=false still works).
 */
export async function exportNetwork(
  deps: Deps,
  caller: SignedInCaller,
  input: TNetworkExportQuery & { fileType: string },
): Promise<TNetworkExport> {
  const fileType = input.fileType;
  if (!isExportType(fileType)) throw new AppError('NOT_FOUND', 'Unknown export format');
  const { network } = await requireNetwork(deps.db, caller.actor, input.id, 'view');
  // Written in a worker past a small network (change-document.ts): 250,000 ties are seconds of CPU.
  const fileOf = async (metrics?: TDocumentExport['metrics']) => {
    const file = await exportDocumentOf(requestWork(deps, caller, 'export'), network, async () => ({
      op: 'export',
      json: await documentText(deps.db, network),
      fileType,
      ...(metrics ? { metrics } : {}),
    }));
    return { state: 'file' as const, file: { ...file, fileName: `${network.name}.${file.extension}` } };
  };
  if (input.metrics === 'false') return fileOf();
  const options = await metricsOptions(deps.db, network, network.dataVersion, input);
  const state = await metricsStateOf(deps, caller, network, options, { retryFailed: false });
  if (state.state === 'failed') {
    const reason = state.error && state.error !== NETWORK_MSG.failed ? state.error : null;
    throw new AppError('SERVICE_UNAVAILABLE', NETWORK_MSG.exportMetricsFailed(reason));
  }
  if (state.state !== 'done') return state;
  return fileOf({ result: state.metrics, layer: options.layer });
}
