// Small networks for the AONA tests, written by name.
import type { TAttributeValue, TNetworkData } from '../src';

/** A network from names and [source, target, layer?] ties (names must be listed). */
export function net(
  names: string[],
  ties: Array<[string, string, number?]>,
  options: { directed?: boolean; layers?: string[]; attributes?: Record<string, TAttributeValue>[] } = {},
): TNetworkData {
  const at = (name: string) => {
    const i = names.indexOf(name);
    if (i < 0) throw new Error(`no ${name}`);
    return i;
  };
  const attributes = options.attributes ?? names.map(() => ({}));
  const keys = [...new Set(attributes.flatMap((a) => Object.keys(a)))];
  return {
    directed: options.directed ?? false,
    layers: options.layers ?? ['ties'],
    nodeAttributes: keys.map((key) => ({ key, type: 'text' as const })),
    edgeAttributes: [],
    nodes: names.map((name, i) => ({ name, attributes: attributes[i]! })),
    edges: ties.map(([s, t, layer]) => ({
      source: at(s),
      target: at(t),
      layer: layer ?? 0,
      weight: 1,
      attributes: {},
    })),
  };
}
