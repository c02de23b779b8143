import type { TNetworkData } from '@tieline/graph';
import type { TNetworkJson } from '@tieline/validation';

/** The JSON format as uploads read it (ZNetworkJson): ends and layers by name, every declaration written. */
export function networkJson(data: TNetworkData): TNetworkJson {
  return {
    directed: data.directed,
    layers: data.layers,
    nodeAttributes: data.nodeAttributes,
    edgeAttributes: data.edgeAttributes,
    nodes: data.nodes.map((n) => ({ name: n.name, attributes: n.attributes })),
    edges: data.edges.map((e) => ({
      source: data.nodes[e.source]!.name,
      target: data.nodes[e.target]!.name,
      type: data.layers[e.layer]!,
      weight: e.weight,
      attributes: e.attributes,
    })),
  };
}
