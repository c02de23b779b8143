import { ATTRIBUTE_TYPES, type TAttributeDef, type TAttributeType, type TNetworkData } from '@tieline/graph';
import type { TRawAttribute, TRawNetwork } from './build';
import type { TCell } from './infer';

// Node-link JSON as networkx writes it (node_link_data): { directed, multigraph, graph, nodes: [{ id,
// ...attributes }], links: [{ source, target, ...attributes }] } ('edges' instead of 'links' in networkx
// 3). Our export names people by id, puts the layer in 'type' and the weight in 'weight', and keeps the
// exact types and layer order in graph.tieline, so it uploads again as the same network; attributes
// whose names clash with those fields are written as 'name (2)'. Uploads read it as JSON (read-json.ts).

const NODE_FIELDS = ['id'];
const LINK_FIELDS = ['source', 'target', 'key', 'weight', 'type'];

interface TMetaAttribute {
  key: string;
  type: TAttributeType;
  /** The field it is written under, when not its key. */
  field?: string;
}
interface TMeta {
  layers: string[];
  nodeAttributes: TMetaAttribute[];
  edgeAttributes: TMetaAttribute[];
}

function fields(defs: TAttributeDef[], reserved: string[]): TMetaAttribute[] {
  const taken = new Set(reserved.map((f) => f.toLowerCase()));
  for (const d of defs) taken.add(d.key.toLowerCase());
  return defs.map((d) => {
    if (!reserved.includes(d.key)) return { key: d.key, type: d.type };
    let field = `${d.key} (2)`;
    for (let k = 3; taken.has(field.toLowerCase()); k++) field = `${d.key} (${k})`;
    taken.add(field.toLowerCase());
    return { key: d.key, type: d.type, field };
  });
}

export function nodeLinkJson(data: TNetworkData) {
  const meta: TMeta = {
    layers: data.layers,
    nodeAttributes: fields(data.nodeAttributes, NODE_FIELDS),
    edgeAttributes: fields(data.edgeAttributes, LINK_FIELDS),
  };
  const values = (attrs: TMetaAttribute[], of: Record<string, unknown>) =>
    Object.fromEntries(attrs.flatMap((a) => (of[a.key] == null ? [] : [[a.field ?? a.key, of[a.key]]])));
  // networkx numbers the edges between the same two people from 0 in a multigraph.
  const pair = (s: number, t: number) => (data.directed || s <= t ? `${s} ${t}` : `${t} ${s}`);
  const seen = new Map<string, number>();
  const keys = data.edges.map((e) => {
    const k = seen.get(pair(e.source, e.target)) ?? 0;
    seen.set(pair(e.source, e.target), k + 1);
    return k;
  });
  const multigraph = keys.some((k) => k > 0);
  return {
    directed: data.directed,
    multigraph,
    graph: { tieline: meta },
    nodes: data.nodes.map((n) => ({ id: n.name, ...values(meta.nodeAttributes, n.attributes) })),
    links: data.edges.map((e, i) => ({
      source: data.nodes[e.source]!.name,
      target: data.nodes[e.target]!.name,
      ...(multigraph ? { key: keys[i] } : {}),
      weight: e.weight,
      type: data.layers[e.layer]!,
      ...values(meta.edgeAttributes, e.attributes),
    })),
  };
}

type TObject = Record<string, unknown>;
const isObject = (v: unknown): v is TObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A parsed JSON document in networkx's shape rather than ours (ZNetworkJson has none of these keys). */
export const isNodeLink = (parsed: unknown): parsed is TObject =>
  isObject(parsed) && ('links' in parsed || 'multigraph' in parsed || 'graph' in parsed);

const isType = (t: unknown): t is TAttributeType => ATTRIBUTE_TYPES.some((a) => a === t);

function metaOf(graph: unknown): TMeta | null {
  const meta = isObject(graph) ? graph.tieline : undefined;
  if (!isObject(meta)) return null;
  const attrs = (list: unknown): TMetaAttribute[] =>
    Array.isArray(list)
      ? list.filter(
          (a): a is TMetaAttribute =>
            isObject(a) &&
            typeof a.key === 'string' &&
            isType(a.type) &&
            (a.field === undefined || typeof a.field === 'string'),
        )
      : [];
  const layers = Array.isArray(meta.layers) ? meta.layers.filter((l): l is string => typeof l === 'string') : [];
  return { layers, nodeAttributes: attrs(meta.nodeAttributes), edgeAttributes: attrs(meta.edgeAttributes) };
}

/** A JSON value as a cell: objects and lists as their JSON text. */
const cell = (v: unknown): TCell =>
  v === undefined || v === null ? null : typeof v === 'object' ? JSON.stringify(v) : (v as string | number | boolean);
const idText = (v: unknown): TCell => (v === undefined || v === null || typeof v === 'object' ? null : String(v));

/** Declared attributes (ours), then every other field in order of first use. */
function attributes(declared: TMetaAttribute[], items: TObject[], reserved: string[]) {
  const out: (TRawAttribute & { field: string })[] = declared.map((a) => ({
    key: a.key,
    type: a.type,
    field: a.field ?? a.key,
  }));
  const known = new Set([...reserved, ...out.map((a) => a.field)]);
  for (const item of items)
    for (const field of Object.keys(item)) {
      if (known.has(field)) continue;
      known.add(field);
      out.push({ key: field, field });
    }
  return out;
}

export function readNodeLink(json: TObject): TRawNetwork {
  const meta = metaOf(json.graph);
  const linksKey = 'links' in json ? 'links' : 'edges';
  const list = (v: unknown) => (Array.isArray(v) ? v.map((x) => (isObject(x) ? x : {})) : []);
  const nodes = list(json.nodes);
  const links = list(json[linksKey]);
  const nodeAttributes = attributes(meta?.nodeAttributes ?? [], nodes, NODE_FIELDS);
  const edgeAttributes = attributes(meta?.edgeAttributes ?? [], links, LINK_FIELDS);
  return {
    layers: meta?.layers,
    nodeAttributes,
    edgeAttributes,
    nodes: nodes.map((n, i) => ({
      name: idText(n.id),
      values: nodeAttributes.map((a) => cell(n[a.field])),
      place: { path: `nodes[${i}]` },
    })),
    edges: links.map((l, i) => ({
      source: idText(l.source),
      target: idText(l.target),
      layer: typeof l.type === 'string' ? l.type : '',
      weight: cell(l.weight),
      values: edgeAttributes.map((a) => cell(l[a.field])),
      place: { path: `${linksKey}[${i}]` },
    })),
  };
}
