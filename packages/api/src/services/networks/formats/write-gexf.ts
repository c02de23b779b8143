import type { TAttributeDef, TAttributeType, TAttributeValue, TNetworkData } from '@tieline/graph';
import { gexfDescription, type TGexfFacts } from './gexf-meta';
import { byLayer, esc, valueText, XML_HEAD } from './write-xml';

// GEXF 1.3 (the default, what Gephi writes) and 1.2 (for networkx 2.x, which refuses 1.3), both valid
// against the official schema of their version (test/fixtures/gexf-*). Numbers are doubles, every other
// type a string; the exact types, and in 1.2 the layer attribute, are in <meta><description>
// (gexf-meta.ts). The layer is the edge's 'kind' in 1.3; 1.2 has no kind, so there it is an edge
// attribute 'Layer' (named apart from the others). Edges are written grouped by layer.

export type TGexfVersion = '1.3' | '1.2';

const HEADS: Record<TGexfVersion, string> = {
  '1.3': '<gexf xmlns="http://gexf.net/1.3" version="1.3">',
  '1.2': '<gexf xmlns="http://www.gexf.net/1.2draft" version="1.2">',
};
const LAYER_ID = 'layer';

/** A title no attribute of the list has (compared case-insensitively): 'Layer', else 'Layer (2)', ... */
function freeTitle(name: string, defs: TAttributeDef[]) {
  const taken = new Set(defs.map((d) => d.key.toLowerCase()));
  let title = name;
  for (let k = 2; taken.has(title.toLowerCase()); k++) title = `${name} (${k})`;
  return title;
}

const typesById = (defs: TAttributeDef[]): Record<string, TAttributeType> =>
  Object.fromEntries(defs.map((d, i) => [String(i), d.type]));

export function gexf(data: TNetworkData, version: TGexfVersion = '1.3'): string {
  const layerAttribute = version === '1.2' && data.edges.length > 0;
  const facts: TGexfFacts = {
    node: typesById(data.nodeAttributes),
    edge: typesById(data.edgeAttributes),
    ...(layerAttribute ? { layer: LAYER_ID } : {}),
  };
  const attribute = (id: string, title: string, type: TAttributeType) =>
    `<attribute id="${id}" title="${esc(title)}" type="${type === 'number' ? 'double' : 'string'}"/>`;
  const decls = (cls: string, items: string[]) =>
    items.length === 0 ? '' : `<attributes class="${cls}">${items.join('')}</attributes>\n`;
  const values = (defs: TAttributeDef[], of: Record<string, TAttributeValue>) =>
    defs.flatMap((d, i) => {
      const v = valueText(of[d.key] ?? null);
      return v === null ? [] : [`<attvalue for="${i}" value="${esc(v)}"/>`];
    });
  const attvalues = (parts: string[]) => (parts.length ? `<attvalues>${parts.join('')}</attvalues>` : '');
  const edgeDecls = data.edgeAttributes.map((d, i) => attribute(String(i), d.key, d.type));
  if (layerAttribute) edgeDecls.push(attribute(LAYER_ID, freeTitle('Layer', data.edgeAttributes), 'text'));
  const out = [
    XML_HEAD,
    `${HEADS[version]}\n`,
    `<meta><creator>Tieline</creator><description>${esc(gexfDescription(facts))}</description></meta>\n`,
    `<graph mode="static" defaultedgetype="${data.directed ? 'directed' : 'undirected'}">\n`,
    decls(
      'node',
      data.nodeAttributes.map((d, i) => attribute(String(i), d.key, d.type)),
    ),
    decls('edge', edgeDecls),
    '<nodes>\n',
  ];
  data.nodes.forEach((n, i) => {
    out.push(`<node id="${i}" label="${esc(n.name)}">${attvalues(values(data.nodeAttributes, n.attributes))}</node>\n`);
  });
  out.push('</nodes>\n<edges>\n');
  for (const { e, i } of byLayer(data)) {
    const layer = esc(data.layers[e.layer]!);
    const parts = values(data.edgeAttributes, e.attributes);
    if (layerAttribute) parts.push(`<attvalue for="${LAYER_ID}" value="${layer}"/>`);
    const kind = version === '1.3' ? ` kind="${layer}"` : '';
    out.push(
      `<edge id="${i}" source="${e.source}" target="${e.target}" weight="${e.weight}"${kind}>${attvalues(parts)}</edge>\n`,
    );
  }
  out.push('</edges>\n</graph>\n</gexf>\n');
  return out.join('');
}
