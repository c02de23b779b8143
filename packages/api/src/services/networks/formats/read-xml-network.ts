import { ATTRIBUTE_TYPES, type TAttributeType } from '@tieline/graph';
import { NETWORK_UPLOAD_MSG as M, NETWORK_LIMITS, type TNetworkFileType } from '@tieline/validation';
import type { TRawAttribute, TRawNetwork } from './build';
import { refusal } from './upload-error';

// What GEXF and GraphML have in common once read: declared attributes (with XML Schema-ish types),
// nodes with an id and values, edges between ids. Turned here into the raw network the rules check.

export interface TXmlDeclaration {
  id: string;
  key: string;
  /** The file's own type name (GEXF 'integer', GraphML 'double', ...). */
  declared: string;
  /** Our exact type, when the file was written by Tieline. */
  mark: string | undefined;
  fallback: string | undefined;
  line: number;
}

export interface TXmlItem {
  line: number;
  values: Map<string, string>;
}
export interface TXmlNode extends TXmlItem {
  id: string;
  name: string | undefined;
}
export interface TXmlEdge extends TXmlItem {
  source: string;
  target: string;
  weight: string | undefined;
  layer: string | undefined;
}

const NUMERIC = new Set(['integer', 'int', 'long', 'float', 'double', 'short', 'byte', 'bigdecimal', 'biginteger']);

/** Our mark when present; numbers and dates as declared; every other type (string, boolean, ...) category or text. */
function attribute(d: TXmlDeclaration): TRawAttribute {
  const place = { line: d.line };
  const marked = ATTRIBUTE_TYPES.find((t) => t === d.mark);
  if (marked) return { key: d.key, type: marked, place };
  const declared = d.declared.toLowerCase();
  const type: TAttributeType | undefined = NUMERIC.has(declared) ? 'number' : declared === 'date' ? 'date' : undefined;
  return { key: d.key, type, textOnly: type === undefined, place };
}

/** Stops reading as soon as a file passes the node or edge limit (a million-edge file is not held whole). */
export function checkCount(kind: 'node' | 'edge', count: number) {
  if (kind === 'node' && count > NETWORK_LIMITS.maxNodes) throw refusal('size', M.tooManyNodes);
  if (kind === 'edge' && count > NETWORK_LIMITS.maxEdges) throw refusal('size', M.tooManyEdges);
}

export function xmlNetwork(
  type: TNetworkFileType,
  sawGraph: boolean,
  decls: { node: TXmlDeclaration[]; edge: TXmlDeclaration[] },
  nodes: TXmlNode[],
  edges: TXmlEdge[],
): TRawNetwork {
  if (!sawGraph) throw refusal('format', M.xmlNoGraph(type));
  const nameOf = new Map(nodes.map((n) => [n.id, n.name || n.id]));
  const cells = (ds: TXmlDeclaration[], item: TXmlItem) => ds.map((d) => item.values.get(d.id) ?? d.fallback ?? '');
  return {
    nodeAttributes: decls.node.map(attribute),
    edgeAttributes: decls.edge.map(attribute),
    nodes: nodes.map((n) => ({ name: n.name || n.id, values: cells(decls.node, n), place: { line: n.line } })),
    // An edge naming an id no node has makes a node of that name, as an edge row naming someone off
    // the node sheet does.
    edges: edges.map((e) => ({
      source: nameOf.get(e.source) ?? e.source,
      target: nameOf.get(e.target) ?? e.target,
      layer: e.layer ?? '',
      weight: e.weight ?? '',
      values: cells(decls.edge, e),
      place: { line: e.line },
    })),
  };
}
