import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseNetworkFile, writeNetwork } from '../src/services/networks/formats';
import { canonical, RICH } from './network-formats-fixtures';

// GraphML written by other programs (test/fixtures/graphml/README.md says where each file comes from):
// key ids are per domain (a node key and an edge key may share one, and for="all" declares both), yEd's
// node labels are names, and keys no node or edge gives a value are not made attributes.

const fixture = (name: string) => readFileSync(new URL(`./fixtures/graphml/${name}`, import.meta.url));
const parse = (xml: string | Buffer) => parseNetworkFile(Buffer.from(xml), 'graphml', true);
const names = (xml: string | Buffer) => parse(xml).nodes.map((n) => n.name);

describe('GraphML key ids', () => {
  it('a node key and an edge key with the same id (as Gephi writes) keep the node labels', () => {
    const net = parse(fixture('gephi-shape.graphml'));
    expect(net.nodes.map((n) => n.name)).toEqual(['Ann Lee', 'Bo Chen', 'Cy Diaz']);
    expect(net.nodeAttributes.map((a) => a.key)).toEqual(['r', 'g', 'b', 'x', 'y', 'size', 'Type']);
    expect(net.nodes.map((n) => n.attributes.Type)).toEqual(['Manager', 'Engineer', null]);
    expect(net.layers).toEqual(['Advice', 'Trust']);
    expect(net.edges.map((e) => [e.source, e.target, e.weight, e.layer])).toEqual([
      [0, 1, 2, 0],
      [1, 2, 1, 1],
    ]);
    expect(net.edgeAttributes.map((a) => a.key)).toEqual(['Edge Id', 'Label']);
    expect(net.edges.map((e) => e.attributes.Label)).toEqual(['weekly', null]);
  });

  it('a for="all" key names the nodes and stays an edge attribute', () => {
    const xml = `<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
      <key id="label" for="all" attr.name="label" attr.type="string"/>
      <graph edgedefault="directed">
        <node id="a"><data key="label">Ann</data></node><node id="b"><data key="label">Bo</data></node>
        <edge source="a" target="b"><data key="label">knows</data></edge>
      </graph></graphml>`;
    const net = parse(xml);
    expect(net.nodes.map((n) => n.name)).toEqual(['Ann', 'Bo']);
    expect(net.edgeAttributes).toEqual([{ key: 'label', type: 'text' }]);
    expect(net.edges[0]!.attributes).toEqual({ label: 'knows' });
  });
});

describe('yEd files', () => {
  it("take yEd's node labels as names and make no attribute of keys without values", () => {
    const net = parse(fixture('yfiles-java-2.7.graphml'));
    expect(net.nodes.map((n) => n.name)).toEqual(['1', '2', '3']);
    expect(net.nodeAttributes).toEqual([]);
    expect(net.edgeAttributes).toEqual([]);
    expect(net.edges).toEqual([{ source: 0, target: 1, layer: 0, weight: 1, attributes: {} }]);
  });

  it('a name key wins over the yEd label; the id is the name when neither is there', () => {
    const xml = `<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:y="http://www.yworks.com/xml/graphml">
      <key id="d0" for="node" attr.name="Name" attr.type="string"/>
      <key id="d1" for="node" yfiles.type="nodegraphics"/>
      <graph edgedefault="directed">
        <node id="n0"><data key="d0">Ann</data><data key="d1"><y:ShapeNode><y:NodeLabel>Label A</y:NodeLabel></y:ShapeNode></data></node>
        <node id="n1"><data key="d1"><y:ShapeNode><y:NodeLabel>  Bo  <y:LabelModel/></y:NodeLabel></y:ShapeNode></data></node>
        <node id="n2"/>
      </graph></graphml>`;
    expect(names(xml)).toEqual(['Ann', 'Bo', 'n2']);
  });
});

describe('attributes without values', () => {
  it('are kept in our own exports, so a round trip gives the same declarations', async () => {
    const data = { ...RICH, nodeAttributes: [...RICH.nodeAttributes, { key: 'Empty', type: 'number' as const }] };
    data.nodes = RICH.nodes.map((n) => ({ ...n, attributes: { ...n.attributes, Empty: null } }));
    const back = parse((await writeNetwork(data, 'graphml')).bytes);
    expect(canonical(back)).toEqual(canonical(data));
  });
});
