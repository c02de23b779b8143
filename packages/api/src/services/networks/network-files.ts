import {
  NETWORK_EXPORT_TYPES,
  NETWORK_UPLOAD_MSG,
  type TNetworkExportType,
  type TNetworkUploadResult,
} from '@tieline/validation';
import { requireNetwork } from '../../access/networks';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { insertNetwork, readDocument } from '../../network-store/store-network';
import { type TNetworkFile, type TNodeMetrics, writeNetwork } from './formats';
import { cachedMetrics } from './network-metrics';
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
  const { document, addedFromEdges } = await readNetworkWithNotes({
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

/** The metric columns an export adds to Nodes (when metrics of the current version are computed). */
const EXPORTED_METRICS = [
  ['Degree', 'degree'],
  ['In-degree', 'inDegree'],
  ['Out-degree', 'outDegree'],
  ['Betweenness', 'betweenness'],
  ['Closeness', 'closeness'],
  ['Eigenvector', 'eigenvector'],
  ['PageRank', 'pagerank'],
  ['Clustering', 'clustering'],
  ['Community', 'community'],
] as const;

/** {id}/export: the current version as a file, with metric columns once they are computed. */
export async function exportNetwork(
  deps: Deps,
  caller: SignedInCaller,
  input: { id: string; fileType: string },
): Promise<TNetworkFile & { fileName: string }> {
  if (!isExportType(input.fileType)) throw new AppError('NOT_FOUND', 'Unknown export format');
  const { network } = await requireNetwork(deps.db, caller.actor, input.id, 'view');
  const data = await readDocument(deps.db, network);
  const computed = await cachedMetrics(deps.db, network);
  const metrics: TNodeMetrics | undefined = computed
    ? Object.fromEntries(EXPORTED_METRICS.map(([label, key]) => [label, computed.nodes.map((n) => n[key])]))
    : undefined;
  const file = await writeNetwork(data, input.fileType, metrics);
  return { ...file, fileName: `${network.name}.${file.extension}` };
}
