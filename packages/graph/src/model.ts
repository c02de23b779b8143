// The network model shared by the server, the jobs and the explorer. A network version is one
// TNetworkData document: nodes in a fixed order, edges referring to nodes and layers by index, so a
// 100,000-edge network is compact to store, send and turn into typed arrays.

export const ATTRIBUTE_TYPES = ['text', 'number', 'category', 'date'] as const;
export type TAttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** A cell: text and category as strings, number as a finite number, date as 'YYYY-MM-DD'; null when blank. */
export type TAttributeValue = string | number | null;

export interface TAttributeDef {
  key: string;
  type: TAttributeType;
}

export interface TNetworkNode {
  /** Unique within a network, trimmed; compared case-insensitively (see `nameKey`). */
  name: string;
  attributes: Record<string, TAttributeValue>;
}

export interface TNetworkEdge {
  /** Index into `nodes`. */
  source: number;
  target: number;
  /** Index into `layers`: the edge's type, one layer per relationship. */
  layer: number;
  /** Tie strength, 1 unless given. */
  weight: number;
  attributes: Record<string, TAttributeValue>;
}

export interface TNetworkData {
  directed: boolean;
  /** Layer names (edge types), at least one when there are edges. */
  layers: string[];
  nodeAttributes: TAttributeDef[];
  edgeAttributes: TAttributeDef[];
  nodes: TNetworkNode[];
  edges: TNetworkEdge[];
}

/** How node names are matched (uniqueness, edges naming people, combining networks). */
export const nameKey = (name: string): string => name.normalize('NFC').trim().toLowerCase();

export const emptyNetwork = (directed: boolean): TNetworkData => ({
  directed,
  layers: [],
  nodeAttributes: [],
  edgeAttributes: [],
  nodes: [],
  edges: [],
});

/**
 * A node's or edge's value of an attribute, read as an own property only: attribute names come from
 * users (a profile field, an upload's column, a query), and `constructor` or `toString` must not find
 * Object.prototype's functions.
 */
export function attributeOf<V>(attributes: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(attributes, key) ? attributes[key] : undefined;
}

/**
 * Sets an attribute as an own data property: a plain assignment of `__proto__` would change the
 * object's prototype (or be ignored) instead of keeping the value.
 */
export function setAttribute<V>(attributes: Record<string, V>, key: string, value: V): void {
  Object.defineProperty(attributes, key, { value, enumerable: true, writable: true, configurable: true });
}
