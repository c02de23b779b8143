import {
  nameKey,
  type TAttributeDef,
  type TAttributeType,
  type TAttributeValue,
  type TNetworkData,
  type TNetworkEdge,
} from '@tieline/graph';
import { cleanCell, NETWORK_UPLOAD_MSG as M, NETWORK_LIMITS } from '@tieline/validation';
import { convertCell, inferType, type TCell, weightOf } from './infer';
import { Problems, placeText, refusal, type TPlace } from './upload-error';

// Every format's reader hands over the same raw network (names and cells as found, each row with its
// place); the rules live here once: blank and duplicate names, weights, types, lengths and limits.

export interface TRawAttribute {
  key: string;
  /** Declared by the file; inferred from the cells when absent. */
  type?: TAttributeType;
  /** Inference chooses between category and text only (XML string attributes). */
  textOnly?: boolean;
  place?: TPlace;
}

export interface TRawNode {
  name: TCell;
  /** Aligned with the raw network's nodeAttributes. */
  values: TCell[];
  place: TPlace;
}

export interface TRawEdge {
  source: TCell;
  target: TCell;
  /** Blank means DEFAULT_LAYER. */
  layer: TCell;
  weight: TCell;
  values: TCell[];
  place: TPlace;
}

export interface TRawNetwork {
  /** Layer names in order, when the file lists them (JSON); others follow in order of first use. */
  layers?: string[];
  nodeAttributes: TRawAttribute[];
  edgeAttributes: TRawAttribute[];
  nodes: TRawNode[];
  edges: TRawEdge[];
}

/** The layer of edges whose file names none. */
export const DEFAULT_LAYER = 'Edges';

const text = (cell: TCell) => (cell === null ? '' : cleanCell(String(cell)));

/** What an upload's answer tells besides the network: people only the edges named, added. */
export interface TBuildNotes {
  addedFromEdges: string[];
}

export function buildNetwork(raw: TRawNetwork, directed: boolean, notes?: TBuildNotes): TNetworkData {
  if (
    raw.nodeAttributes.length > NETWORK_LIMITS.maxAttributes ||
    raw.edgeAttributes.length > NETWORK_LIMITS.maxAttributes
  ) {
    throw refusal('size', M.tooManyAttributes);
  }
  if (raw.nodes.length > NETWORK_LIMITS.maxNodes) throw refusal('size', M.tooManyNodes);
  if (raw.edges.length > NETWORK_LIMITS.maxEdges) throw refusal('size', M.tooManyEdges);
  const problems = new Problems();
  const nodeAttributes = attributeDefs(raw.nodeAttributes, raw.nodes, problems);
  const edgeAttributes = attributeDefs(raw.edgeAttributes, raw.edges, problems);

  const nodes: TNetworkData['nodes'] = [];
  const index = new Map<string, { at: number; place: TPlace }>();
  for (const row of raw.nodes) {
    const name = text(row.name);
    if (!name) {
      problems.add(M.blankName, row.place);
      continue;
    }
    if (name.length > NETWORK_LIMITS.maxValueLength) problems.add(M.tooLong('The name'), row.place);
    const seen = index.get(nameKey(name));
    if (seen) {
      problems.add(M.duplicateName(shown(name), placeText(seen.place)), row.place);
      continue;
    }
    index.set(nameKey(name), { at: nodes.length, place: row.place });
    nodes.push({ name, attributes: values(nodeAttributes, row.values, row.place, problems) });
  }

  // Listed layers (JSON) keep their order; blank and repeated names are dropped.
  const layers = [...new Set((raw.layers ?? []).map(text))].filter((name) => name !== '');
  for (const name of layers)
    if (name.length > NETWORK_LIMITS.maxValueLength) problems.add(M.tooLong('The edge type'), { path: 'layers' });
  const layerIndex = new Map(layers.map((name, i) => [name, i]));
  const blankAttributes = () => Object.fromEntries(nodeAttributes.map((a) => [a.key, null]));
  // Edges may name people the node list lacks: they are added, without attributes.
  const nodeOf = (cell: TCell, blank: string, place: TPlace): number | null => {
    const name = text(cell);
    if (!name) {
      problems.add(blank, place);
      return null;
    }
    const seen = index.get(nameKey(name));
    if (seen) return seen.at;
    if (name.length > NETWORK_LIMITS.maxValueLength) problems.add(M.tooLong('The name'), place);
    index.set(nameKey(name), { at: nodes.length, place });
    nodes.push({ name, attributes: blankAttributes() });
    // Said only when the file lists people: edges alone naming everyone is no surprise.
    if (raw.nodes.length > 0) notes?.addedFromEdges.push(name);
    return nodes.length - 1;
  };
  const edges: TNetworkEdge[] = [];
  for (const row of raw.edges) {
    const source = nodeOf(row.source, M.blankSource, row.place);
    const target = nodeOf(row.target, M.blankTarget, row.place);
    const weight = weightOf(row.weight);
    if (weight === 'invalid') problems.add(M.weightNotNumber(shown(row.weight)), row.place);
    const layerName = text(row.layer) || DEFAULT_LAYER;
    let layer = layerIndex.get(layerName);
    if (layer === undefined) {
      if (layerName.length > NETWORK_LIMITS.maxValueLength) problems.add(M.tooLong('The edge type'), row.place);
      layer = layers.push(layerName) - 1;
      layerIndex.set(layerName, layer);
      if (layers.length > NETWORK_LIMITS.maxLayers) throw refusal('size', M.tooManyLayers);
    }
    const attributes = values(edgeAttributes, row.values, row.place, problems);
    // Self-loops are kept: they are data the owner gave; path metrics ignore them.
    if (source === null || target === null || weight === 'invalid') continue;
    edges.push({ source, target, layer, weight, attributes });
  }
  if (nodes.length > NETWORK_LIMITS.maxNodes) throw refusal('size', M.tooManyNodes);
  if (layers.length > NETWORK_LIMITS.maxLayers) throw refusal('size', M.tooManyLayers);
  problems.throwIfAny();
  return { directed, layers, nodeAttributes, edgeAttributes, nodes, edges };
}

/** Declared or inferred types; repeated keys (compared case-insensitively) are refused. */
function attributeDefs(raw: TRawAttribute[], rows: { values: TCell[] }[], problems: Problems): TAttributeDef[] {
  const seen = new Set<string>();
  return raw.map((a, i) => {
    const key = cleanCell(a.key);
    if (key.length > NETWORK_LIMITS.maxValueLength) problems.add(M.tooLong('An attribute name'), a.place);
    if (seen.has(key.toLowerCase())) problems.add(M.duplicateAttribute(shown(key)), a.place);
    seen.add(key.toLowerCase());
    const type =
      a.type ??
      inferType(
        rows.map((r) => textOrValue(r.values[i] ?? null)),
        a.textOnly,
      );
    return { key, type };
  });
}

/** Strings trimmed and mended before typing, so ' 12 ' is the number 12. */
const textOrValue = (cell: TCell): TCell => (typeof cell === 'string' ? cleanCell(cell) : cell);

/** A cell quoted in a message, cut so a huge value does not make a huge answer. */
const shown = (cell: TCell) => {
  const s = text(cell);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
};

// Built with fromEntries so that a key like '__proto__' stays an own property.
function values(defs: TAttributeDef[], cells: TCell[], place: TPlace, problems: Problems) {
  return Object.fromEntries(
    defs.map((def, i): [string, TAttributeValue] => {
      const cell = textOrValue(cells[i] ?? null);
      const value = convertCell(def.type, cell);
      if (value === 'invalid') {
        const message = def.type === 'number' ? M.notNumber : M.notDate;
        problems.add(message(def.key, shown(cell)), place);
        return [def.key, null];
      }
      if (typeof value === 'string' && value.length > NETWORK_LIMITS.maxValueLength) {
        problems.add(M.tooLong(`The value of '${shown(def.key)}'`), place);
      }
      return [def.key, value];
    }),
  );
}
