import { ATTRIBUTE_TYPES, type TAttributeType } from '@tieline/graph';

// What GEXF has no place for, said where the official schema allows free text: the exact attribute types
// (GEXF knows neither category nor date) and, in GEXF 1.2 (whose edges have no 'kind'), which edge
// attribute holds the layer. Written as the <meta><description> of our exports, so every export validates
// against gexf.xsd; other programs show it as the graph's description. Attribute ids are the keys.

const LEAD = 'Tieline network. Attribute types and layer attribute: ';

export interface TGexfFacts {
  node: Record<string, TAttributeType>;
  edge: Record<string, TAttributeType>;
  /** The id of the edge attribute holding each edge's layer (GEXF 1.2). */
  layer?: string;
}

export const gexfDescription = (facts: TGexfFacts) => `${LEAD}${JSON.stringify(facts)}`;

const isType = (t: unknown): t is TAttributeType => ATTRIBUTE_TYPES.some((a) => a === t);

function typesOf(value: unknown): Record<string, TAttributeType> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, TAttributeType] => isType(e[1])));
}

/** The facts of a description we wrote; null for any other description (or a damaged one). */
export function readGexfDescription(text: string): TGexfFacts | null {
  if (!text.startsWith(LEAD)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(LEAD.length));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const p = parsed as Record<string, unknown>;
  return {
    node: typesOf(p.node),
    edge: typesOf(p.edge),
    ...(typeof p.layer === 'string' ? { layer: p.layer } : {}),
  };
}
