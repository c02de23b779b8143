import { combineNetworks, type TNetworkData } from '@tieline/graph';
import { NETWORK_MANAGE_LIMITS, NETWORK_MSG } from '@tieline/validation';

// A change of a whole network document (combine-network, {id}/manage turning it directed or not), as
// JSON text in and out: what network_versions stores, and what crosses to a worker as one copy.
// change-document.ts runs it on the server's thread when the network is small, in a worker otherwise.

export type TDocumentChange =
  /** combine-network: the sources in the order chosen (@tieline/graph's combineNetworks). */
  | { op: 'combine'; sources: { name: string; json: string }[]; directed: boolean }
  /** {id}/manage turning the network directed or undirected. */
  | { op: 'direct'; json: string; directed: boolean };

export type TDocumentChangeAnswer =
  | { ok: true; json: string; nodes: number; edges: number; layers: string[]; directed: boolean }
  /** A refusal to word as a 400 (a combination past its people). */
  | { ok: false; message: string };

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
