import type { TAttributeDef, TAttributeValue, TNetworkData } from '@tieline/graph';
import { TIELINE_NS } from './xml';

// The GraphML writer and what the XML writers share (write-gexf.ts is the other). Numbers are written as
// doubles; text, category and date as strings (GraphML has no date) with our exact type as a namespaced
// mark that other programs ignore, so an export uploads again as the same network. Edges are written
// grouped by layer, in layer order.

// Characters XML 1.0 cannot carry (cleaned cells have none, attribute keys from JSON might).
const XML_INVALID =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are among them
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
/** Text for an attribute value or element content; tabs and line breaks as references so they survive. */
export const esc = (s: string) => s.replace(XML_INVALID, '\uFFFD').replace(/[&<>"\t\n\r]/g, (c) => ESCAPES[c]!);

export const valueText = (v: TAttributeValue) => (v === null ? null : String(v));
export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function byLayer(data: TNetworkData) {
  return data.edges.map((e, i) => ({ e, i })).sort((a, b) => a.e.layer - b.e.layer || a.i - b.i);
}

export function graphml(data: TNetworkData): string {
  const type = (d: TAttributeDef) =>
    d.type === 'number' ? 'attr.type="double"' : `attr.type="string" tl:type="${d.type}"`;
  const keys = [
    '<key id="name" for="node" attr.name="Name" attr.type="string"/>',
    '<key id="weight" for="edge" attr.name="weight" attr.type="double"/>',
    '<key id="type" for="edge" attr.name="Type" attr.type="string"/>',
    ...data.nodeAttributes.map((d, i) => `<key id="n${i}" for="node" attr.name="${esc(d.key)}" ${type(d)}/>`),
    ...data.edgeAttributes.map((d, i) => `<key id="e${i}" for="edge" attr.name="${esc(d.key)}" ${type(d)}/>`),
  ];
  const datas = (prefix: string, defs: TAttributeDef[], values: Record<string, TAttributeValue>) =>
    defs
      .map((d, i) => {
        const v = valueText(values[d.key] ?? null);
        return v === null ? '' : `<data key="${prefix}${i}">${esc(v)}</data>`;
      })
      .join('');
  const out = [
    XML_HEAD,
    `<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:tl="${TIELINE_NS}">\n`,
    `${keys.join('\n')}\n`,
    `<graph id="G" edgedefault="${data.directed ? 'directed' : 'undirected'}">\n`,
  ];
  data.nodes.forEach((n, i) => {
    out.push(
      `<node id="n${i}"><data key="name">${esc(n.name)}</data>${datas('n', data.nodeAttributes, n.attributes)}</node>\n`,
    );
  });
  for (const { e } of byLayer(data)) {
    out.push(
      `<edge source="n${e.source}" target="n${e.target}"><data key="weight">${e.weight}</data><data key="type">${esc(data.layers[e.layer]!)}</data>${datas('e', data.edgeAttributes, e.attributes)}</edge>\n`,
    );
  }
  out.push('</graph>\n</graphml>\n');
  return out.join('');
}
