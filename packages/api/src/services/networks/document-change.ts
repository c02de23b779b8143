import { combineNetworks, metricColumns, type TMetricsResult, type TNetworkData } from '@tieline/graph';
import { NETWORK_MANAGE_LIMITS, NETWORK_MSG, type TNetworkExportType } from '@tieline/validation';
import { type TNetworkFile, writeNetwork } from './formats';

// Work on a whole network document, taken as JSON text (what network_versions stores, and what crosses
// to a worker as one copy): combine-network and {id}/manage turning it directed or not answer a new
// document; {id}/export a file. change-document.ts runs it on the server's thread when the network is
// small, in a worker process otherwise (workers/network-document.ts).

export type TDocumentChange =
  /** combine-network: the sources in the order chosen (@tieline/graph's combineNetworks). */
  | { op: 'combine'; sources: { name: string; json: string }[]; directed: boolean }
  /** {id}/manage turning the network directed or undirected. */
  | { op: 'direct'; json: string; directed: boolean };

export type TDocumentChangeAnswer =
  | { ok: true; json: string; nodes: number; edges: number; layers: string[]; directed: boolean }
  /** A refusal to word as a 400 (a combination past its people). */
  | { ok: false; message: string };

/** {id}/export: the network as a file, with the metric columns of its computed metrics when given. */
export type TDocumentExport = {
  op: 'export';
  json: string;
  fileType: TNetworkExportType;
  metrics?: { result: TMetricsResult; layer: number | null };
};

export type TDocumentWork = TDocumentChange | TDocumentExport;

function changed(input: TDocumentChange): TNetworkData | string {
  if (input.op === 'direct') return { ...(JSON.parse(input.json) as TNetworkData), directed: input.directed };
  const sources = input.sources.map((s) => ({ name: s.name, data: JSON.parse(s.json) as TNetworkData }));
  const data = combineNetworks(sources, input.directed);
  if (data.nodes.length > NETWORK_MANAGE_LIMITS.combinePeopleMax) return NETWORK_MSG.combineTooManyPeople;
  return data;
}

export function changeDocument(input: TDocumentChange): TDocumentChangeAnswer {
  const data = changed(input);
  if (typeof data === 'string') return { ok: false, message: data };
  const { nodes, edges, layers, directed } = data;
  return { ok: true, json: JSON.stringify(data), nodes: nodes.length, edges: edges.length, layers, directed };
}

export async function exportDocument(input: TDocumentExport): Promise<TNetworkFile> {
  const data = JSON.parse(input.json) as TNetworkData;
  if (!input.metrics) return writeNetwork(data, input.fileType);
  const { result, layer } = input.metrics;
  const layerName = layer === null ? null : (data.layers[layer] ?? null);
  const taken = data.nodeAttributes.map((a) => a.key);
  return writeNetwork(data, input.fileType, metricColumns(result, { layerName, taken }));
}
