import {
  attributeOf,
  nameKey,
  setAttribute,
  type TAttributeDef,
  type TAttributeType,
  type TAttributeValue,
  type TNetworkData,
  type TNetworkNode,
} from './model';

// Combining networks by node name (combine-network). The rule for conflicts, stated once here and in
// docs/networks.md: networks are read in the order given; a person is one node (names matched by
// nameKey, the first spelling kept); an attribute value comes from the first network that has a
// non-blank value for that person; an attribute whose type differs between networks becomes text.
// Every layer of every source stays its own layer, named after its network.

export interface TCombineSource {
  name: string;
  data: TNetworkData;
}

/** Distinct names: a repeat gets " (2)", " (3)" ... */
function distinct(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((n) => {
    let name = n;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = `${n} (${i})`;
    used.add(name.toLowerCase());
    return name;
  });
}

function mergeDefs(lists: readonly TAttributeDef[][]): TAttributeDef[] {
  const types = new Map<string, TAttributeType>();
  for (const defs of lists) {
    for (const d of defs) {
      const seen = types.get(d.key);
      types.set(d.key, seen === undefined || seen === d.type ? d.type : 'text');
    }
  }
  return [...types].map(([key, type]) => ({ key, type }));
}

/** A value as the merged attribute's type keeps it (a number or date under a text attribute is its text). */
const asType = (value: TAttributeValue, type: TAttributeType): TAttributeValue =>
  value === null || type !== 'text' ? value : String(value);

const isBlank = (v: TAttributeValue | undefined) => v === undefined || v === null || v === '';

export interface TCombineOptions {
  /** How names are matched; `nameKey` unless given (AONA matches by `foldName`). */
  key?: (name: string) => string;
  /** Name every layer `<network name>: <layer>`, even a network's only one (see combinedLayerNames). */
  prefixLayers?: boolean;
}

/** What names a source's layers: its network's name and its layer names. */
export interface TLayerSource {
  name: string;
  layers: readonly string[];
}

/**
 * The combined network's layer names, source by source: `<network name>: <layer>`, or the network's
 * name alone for a network without layers, a blank layer, and (unless `prefixLayers`) a network's only
 * layer; a repeated name gets " (2)", " (3)" ...
 */
export function combinedLayerNames(sources: readonly TLayerSource[], prefixLayers = false): string[] {
  return distinct(
    sources.flatMap(({ name, layers }) =>
      layers.length === 0
        ? [name]
        : layers.map((layer) =>
            layer.trim() === '' || (layers.length === 1 && !prefixLayers) ? name : `${name}: ${layer}`,
          ),
    ),
  );
}

export function combineNetworks(
  sources: readonly TCombineSource[],
  directed: boolean,
  options: TCombineOptions = {},
): TNetworkData {
  const keyOf = options.key ?? nameKey;
  const nodeAttributes = mergeDefs(sources.map((s) => s.data.nodeAttributes));
  const edgeAttributes = mergeDefs(sources.map((s) => s.data.edgeAttributes));
  const nodeType = new Map(nodeAttributes.map((d) => [d.key, d.type]));
  const edgeType = new Map(edgeAttributes.map((d) => [d.key, d.type]));

  const nodes: TNetworkNode[] = [];
  const index = new Map<string, number>();
  let layerCount = 0;
  const edges: TNetworkData['edges'] = [];
  for (const { data } of sources) {
    const at = data.nodes.map((node) => {
      const key = keyOf(node.name);
      let i = index.get(key);
      if (i === undefined) {
        i = nodes.length;
        index.set(key, i);
        nodes.push({ name: node.name.trim(), attributes: {} });
      }
      const merged = nodes[i]!.attributes;
      for (const [k, v] of Object.entries(node.attributes)) {
        if (isBlank(attributeOf(merged, k)) && !isBlank(v))
          setAttribute(merged, k, asType(v, nodeType.get(k) ?? 'text'));
      }
      return i;
    });
    const firstLayer = layerCount;
    layerCount += Math.max(1, data.layers.length);
    for (const e of data.edges) {
      const attributes: Record<string, TAttributeValue> = {};
      for (const [k, v] of Object.entries(e.attributes))
        setAttribute(attributes, k, asType(v, edgeType.get(k) ?? 'text'));
      edges.push({
        source: at[e.source]!,
        target: at[e.target]!,
        layer: firstLayer + e.layer,
        weight: e.weight,
        attributes,
      });
    }
  }
  for (const node of nodes) {
    for (const d of nodeAttributes)
      if (!Object.hasOwn(node.attributes, d.key)) setAttribute(node.attributes, d.key, null);
  }
  const layers = combinedLayerNames(
    sources.map((s) => ({ name: s.name, layers: s.data.layers })),
    options.prefixLayers,
  );
  return { directed, layers, nodeAttributes, edgeAttributes, nodes, edges };
}
