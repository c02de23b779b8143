import type { TRawNetwork } from './build';
import {
  checkCount,
  type TXmlDeclaration,
  type TXmlEdge,
  type TXmlItem,
  type TXmlNode,
  xmlNetwork,
} from './read-xml-network';
import { walkXml } from './xml';

// GraphML, the attribute subset: <key for="node|edge|all"> declarations (attr.name, attr.type, with
// <default>), nodes and edges with <data>. A node key named 'Name' (else 'label') gives the node's name,
// else its id; edge keys named 'Weight' and 'Type' give the weight and the layer. Nested graphs are
// flattened; hyperedges and ports are ignored. The file's edgedefault is ignored: the upload form says
// whether the network is directed.

const NAME_KEYS = ['name', 'label'];

export function readGraphml(bytes: Buffer): TRawNetwork {
  let sawGraph = false;
  const keys = new Map<string, { for: string; decl: TXmlDeclaration }>();
  let decl: TXmlDeclaration | null = null;
  const nodes: TXmlNode[] = [];
  const edges: TXmlEdge[] = [];
  const open: TXmlItem[] = [];
  let dataKey: string | null = null;
  walkXml(bytes, 'graphml', {
    open({ name, attrs, marks, line }) {
      if (name === 'graph') sawGraph = true;
      else if (name === 'key') {
        decl = {
          id: attrs.id ?? '',
          key: attrs['attr.name'] ?? attrs.id ?? '',
          declared: attrs['attr.type'] ?? 'string',
          mark: marks.type,
          fallback: undefined,
          line,
        };
        keys.set(decl.id, { for: attrs.for ?? 'all', decl });
      } else if (name === 'node') {
        const node: TXmlNode = { id: attrs.id ?? '', name: undefined, line, values: new Map() };
        nodes.push(node);
        checkCount('node', nodes.length);
        open.push(node);
      } else if (name === 'edge') {
        const edge: TXmlEdge = {
          source: attrs.source ?? '',
          target: attrs.target ?? '',
          weight: undefined,
          layer: undefined,
          line,
          values: new Map(),
        };
        edges.push(edge);
        checkCount('edge', edges.length);
        open.push(edge);
      } else if (name === 'data') dataKey = attrs.key ?? null;
    },
    close(name, text) {
      if (name === 'node' || name === 'edge') open.pop();
      else if (name === 'key') decl = null;
      else if (name === 'default' && decl) decl.fallback = text;
      else if (name === 'data' && dataKey !== null) {
        open[open.length - 1]?.values.set(dataKey, text);
        dataKey = null;
      }
    },
  });
  const of = (kind: string) => [...keys.values()].filter((k) => k.for === kind || k.for === 'all').map((k) => k.decl);
  const named = (ds: TXmlDeclaration[], names: string[]) =>
    names.map((n) => ds.find((d) => d.key.toLowerCase() === n)).find((d) => d !== undefined);
  const nodeKeys = of('node');
  const edgeKeys = of('edge');
  const nameKey = named(nodeKeys, NAME_KEYS);
  const weightKey = named(edgeKeys, ['weight']);
  const typeKey = named(edgeKeys, ['type']);
  for (const n of nodes) if (nameKey) n.name = n.values.get(nameKey.id) ?? nameKey.fallback;
  for (const e of edges) {
    if (weightKey) e.weight = e.values.get(weightKey.id) ?? weightKey.fallback;
    if (typeKey) e.layer = e.values.get(typeKey.id) ?? typeKey.fallback;
  }
  const special = new Set([nameKey, weightKey, typeKey]);
  return xmlNetwork(
    'graphml',
    sawGraph,
    { node: nodeKeys.filter((d) => !special.has(d)), edge: edgeKeys.filter((d) => !special.has(d)) },
    nodes,
    edges,
  );
}
