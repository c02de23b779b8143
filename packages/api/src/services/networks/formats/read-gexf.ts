import type { TRawNetwork } from './build';
import { readGexfDescription, type TGexfFacts } from './gexf-meta';
import {
  checkCount,
  type TXmlDeclaration,
  type TXmlEdge,
  type TXmlItem,
  type TXmlNode,
  xmlNetwork,
} from './read-xml-network';
import { walkXml } from './xml';

// GEXF 1.2 and 1.3, the static subset: <attributes class="node|edge"> declarations (with <default>),
// nodes (label as the name, else the id), edges (weight; 'kind' as the layer), <attvalues>. Hierarchies
// are flattened; viz, spells and dynamic values are ignored. The file's defaultedgetype is ignored: the
// upload form says whether the network is directed. Our own exports say the exact attribute types and
// (GEXF 1.2) the layer attribute in their description (gexf-meta.ts); older ones marked types with tl:type.

export function readGexf(bytes: Buffer): TRawNetwork {
  let sawGraph = false;
  let declClass: 'node' | 'edge' | null = null;
  let decl: TXmlDeclaration | null = null;
  const decls: { node: TXmlDeclaration[]; edge: TXmlDeclaration[] } = { node: [], edge: [] };
  const nodes: TXmlNode[] = [];
  const edges: TXmlEdge[] = [];
  // The innermost open node or edge, which <attvalue> elements belong to.
  const open: TXmlItem[] = [];
  let facts: TGexfFacts | null = null;
  walkXml(bytes, 'gexf', {
    longText: 'description',
    open({ name, attrs, marks, line }) {
      if (name === 'graph') sawGraph = true;
      else if (name === 'attributes')
        declClass = attrs.class === 'edge' ? 'edge' : attrs.class === 'node' ? 'node' : null;
      else if (name === 'attribute' && declClass) {
        decl = {
          id: attrs.id ?? '',
          key: attrs.title ?? attrs.id ?? '',
          declared: attrs.type ?? 'string',
          mark: marks.type,
          fallback: undefined,
          line,
        };
        decls[declClass].push(decl);
      } else if (name === 'node') {
        const node: TXmlNode = { id: attrs.id ?? '', name: attrs.label, line, values: new Map() };
        nodes.push(node);
        checkCount('node', nodes.length);
        open.push(node);
      } else if (name === 'edge') {
        const edge: TXmlEdge = {
          source: attrs.source ?? '',
          target: attrs.target ?? '',
          weight: attrs.weight,
          layer: attrs.kind,
          line,
          values: new Map(),
        };
        edges.push(edge);
        checkCount('edge', edges.length);
        open.push(edge);
      } else if (name === 'attvalue') {
        const key = attrs.for ?? attrs.id;
        const item = open[open.length - 1];
        if (item && key !== undefined && attrs.value !== undefined) item.values.set(key, attrs.value);
      }
    },
    close(name, text) {
      if (name === 'node' || name === 'edge') open.pop();
      else if (name === 'attributes') declClass = null;
      else if (name === 'attribute') decl = null;
      else if (name === 'default' && decl) decl.fallback = text;
      else if (name === 'description') facts = readGexfDescription(text) ?? facts;
    },
  });
  if (facts) applyFacts(facts, decls, edges);
  return xmlNetwork('gexf', sawGraph, decls, nodes, edges);
}

function applyFacts(facts: TGexfFacts, decls: Record<'node' | 'edge', TXmlDeclaration[]>, edges: TXmlEdge[]) {
  for (const d of decls.node) d.mark = Object.hasOwn(facts.node, d.id) ? facts.node[d.id] : d.mark;
  for (const d of decls.edge) d.mark = Object.hasOwn(facts.edge, d.id) ? facts.edge[d.id] : d.mark;
  const layer = facts.layer;
  if (layer === undefined || !decls.edge.some((d) => d.id === layer)) return;
  decls.edge = decls.edge.filter((d) => d.id !== layer);
  for (const e of edges) e.layer = e.values.get(layer) ?? e.layer;
}
