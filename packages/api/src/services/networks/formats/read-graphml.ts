import { cleanCell } from '@tieline/validation';
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
// <default>), nodes and edges with <data>. Key ids are per domain: Gephi writes each table's column ids,
// so a node key and an edge key may share an id, and a for="all" key is a node key and an edge key. A
// node key named 'Name' (else 'label') gives the node's name, else yEd's <y:NodeLabel>, else its id;
// edge keys named 'Weight' and 'Type' give the weight and the layer. Keys no node or edge gives a value
// (nor a default) are not made attributes, except in our own exports (an empty column stays). yFiles
// graphics keys are skipped. Nested graphs are flattened; hyperedges and ports are ignored. The file's
// edgedefault is ignored: the upload form says whether the network is directed.

const NAME_KEYS = ['name', 'label'];

type TDomain = 'node' | 'edge';
interface TGraphmlNode extends TXmlNode {
  yedLabel?: string;
}

export function readGraphml(bytes: Buffer): TRawNetwork {
  let sawGraph = false;
  let ours = false;
  const keys: Record<TDomain, Map<string, TXmlDeclaration>> = { node: new Map(), edge: new Map() };
  let declared: TXmlDeclaration[] = [];
  const nodes: TGraphmlNode[] = [];
  const edges: TXmlEdge[] = [];
  const open: { item: TXmlItem; domain: TDomain }[] = [];
  let dataKey: string | null = null;
  let labelNode: TGraphmlNode | null = null;
  walkXml(bytes, 'graphml', {
    open({ name, attrs, marks, line, tieline }) {
      if (name === 'graphml') ours = tieline;
      else if (name === 'graph') sawGraph = true;
      else if (name === 'key') {
        const domains: TDomain[] = attrs.for === 'node' || attrs.for === 'edge' ? [attrs.for] : [];
        if ((attrs.for ?? 'all') === 'all') domains.push('node', 'edge');
        if (attrs['yfiles.type'] !== undefined) domains.length = 0;
        declared = domains.map((domain) => {
          const decl: TXmlDeclaration = {
            id: attrs.id ?? '',
            key: attrs['attr.name'] ?? attrs.id ?? '',
            declared: attrs['attr.type'] ?? 'string',
            mark: marks.type,
            fallback: undefined,
            line,
          };
          keys[domain].set(decl.id, decl);
          return decl;
        });
      } else if (name === 'node') {
        const node: TGraphmlNode = { id: attrs.id ?? '', name: undefined, line, values: new Map() };
        nodes.push(node);
        checkCount('node', nodes.length);
        open.push({ item: node, domain: 'node' });
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
        open.push({ item: edge, domain: 'edge' });
      } else if (name === 'data') dataKey = attrs.key ?? null;
      else if (name === 'NodeLabel' && open.at(-1)?.domain === 'node') {
        const node = open.at(-1)!.item as TGraphmlNode;
        // The first label of a node (a yEd group node has one per state).
        if (node.yedLabel === undefined) labelNode = node;
      }
    },
    close(name, text) {
      if (name === 'node' || name === 'edge') open.pop();
      else if (name === 'key') declared = [];
      else if (name === 'default') for (const d of declared) d.fallback = text;
      else if (name === 'NodeLabel' && labelNode) {
        labelNode.yedLabel = text;
        labelNode = null;
      } else if (name === 'data' && dataKey !== null) {
        const top = open.at(-1);
        if (top && keys[top.domain].has(dataKey)) top.item.values.set(dataKey, text);
        dataKey = null;
      }
    },
  });
  const named = (ds: TXmlDeclaration[], names: string[]) =>
    names.map((n) => ds.find((d) => d.key.toLowerCase() === n)).find((d) => d !== undefined);
  const nodeKeys = [...keys.node.values()];
  const edgeKeys = [...keys.edge.values()];
  const nameKey = named(nodeKeys, NAME_KEYS);
  const weightKey = named(edgeKeys, ['weight']);
  const typeKey = named(edgeKeys, ['type']);
  const filled = (s: string | undefined) => (s !== undefined && cleanCell(s) !== '' ? s : undefined);
  for (const n of nodes) {
    const given = nameKey ? filled(n.values.get(nameKey.id) ?? nameKey.fallback) : undefined;
    n.name = given ?? filled(n.yedLabel);
  }
  for (const e of edges) {
    if (weightKey) e.weight = e.values.get(weightKey.id) ?? weightKey.fallback;
    if (typeKey) e.layer = e.values.get(typeKey.id) ?? typeKey.fallback;
  }
  const special = new Set([nameKey, weightKey, typeKey]);
  const kept = (ds: TXmlDeclaration[], items: TXmlItem[]) =>
    ds.filter(
      (d) =>
        !special.has(d) &&
        (ours || filled(d.fallback) !== undefined || items.some((i) => filled(i.values.get(d.id)) !== undefined)),
    );
  return xmlNetwork('graphml', sawGraph, { node: kept(nodeKeys, nodes), edge: kept(edgeKeys, edges) }, nodes, edges);
}
