import { NETWORK_UPLOAD_MSG as M, NETWORK_LIMITS, type TNetworkJson, ZNetworkJson } from '@tieline/validation';
import type { TRawAttribute, TRawNetwork } from './build';
import type { TCell } from './infer';
import { isNodeLink, readNodeLink } from './node-link';
import { Problems, refusal } from './upload-error';

// The JSON format (ZNetworkJson, docs/networks.md): nodes by name, edges naming their ends, optional
// attribute declarations; keys no declaration names are typed by inference, in order of first use.
// networkx's node-link JSON is read too (node-link.ts).

export function readJson(bytes: Buffer): TRawNetwork {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    throw refusal('format', M.notFormatDetail('json', error instanceof SyntaxError ? error.message : 'not UTF-8 text'));
  }
  // Counted before the schema walks a million edges.
  const counts = parsed as { nodes?: unknown; edges?: unknown; links?: unknown } | null;
  for (const edges of [counts?.edges, counts?.links])
    if (Array.isArray(edges) && edges.length > NETWORK_LIMITS.maxEdges) throw refusal('size', M.tooManyEdges);
  if (Array.isArray(counts?.nodes) && counts.nodes.length > NETWORK_LIMITS.maxNodes)
    throw refusal('size', M.tooManyNodes);
  if (isNodeLink(parsed)) return readNodeLink(parsed);
  const result = ZNetworkJson.safeParse(parsed);
  if (!result.success) {
    const problems = new Problems();
    for (const issue of result.error.issues) problems.add(issue.message, { path: pathText(issue.path) });
    problems.throwIfAny();
  }
  const data = result.data as TNetworkJson;
  const nodeAttributes = attributes(data.nodeAttributes, data.nodes, 'nodeAttributes');
  const edgeAttributes = attributes(data.edgeAttributes, data.edges, 'edgeAttributes');
  const cells = (defs: TRawAttribute[], values: Record<string, TCell> | undefined) =>
    defs.map((d) => (values && Object.hasOwn(values, d.key) ? (values[d.key] ?? null) : null));
  return {
    layers: data.layers,
    nodeAttributes,
    edgeAttributes,
    nodes: data.nodes.map((n, i) => ({
      name: n.name,
      values: cells(nodeAttributes, n.attributes),
      place: { path: `nodes[${i}]` },
    })),
    edges: data.edges.map((e, i) => ({
      source: e.source,
      target: e.target,
      layer: e.type ?? '',
      weight: e.weight ?? null,
      values: cells(edgeAttributes, e.attributes),
      place: { path: `edges[${i}]` },
    })),
  };
}

function attributes(
  declared: TNetworkJson['nodeAttributes'],
  items: { attributes?: Record<string, TCell> | undefined }[],
  path: string,
): TRawAttribute[] {
  const out: TRawAttribute[] = (declared ?? []).map((d, i) => ({
    key: d.key,
    type: d.type,
    place: { path: `${path}[${i}]` },
  }));
  const known = new Set(out.map((a) => a.key));
  for (const item of items) {
    for (const key of Object.keys(item.attributes ?? {})) {
      if (known.has(key)) continue;
      known.add(key);
      out.push({ key });
    }
  }
  return out;
}

const pathText = (path: PropertyKey[]) =>
  path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${String(p)}` : String(p)), '');
