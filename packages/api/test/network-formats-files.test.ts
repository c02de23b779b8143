import { NETWORK_UPLOAD_MSG as M } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import { parseNetworkFile } from '../src/services/networks/formats';
import { refusalOf } from './network-formats-fixtures';

// GEXF, GraphML and JSON files read into the network model, problems listed with their line or path.
// (Excel: network-formats.test.ts; limits and hostile files: network-formats-limits.test.ts.)

const GEXF = `<?xml version="1.0" encoding="UTF-8"?>
<gexf xmlns="http://www.gexf.net/1.2draft" version="1.2">
  <meta><creator>Gephi</creator></meta>
  <graph mode="static" defaultedgetype="undirected">
    <attributes class="node">
      <attribute id="0" title="Team" type="string"><default>None</default></attribute>
      <attribute id="1" title="Age" type="integer"/>
    </attributes>
    <attributes class="edge"><attribute id="w" title="Since" type="string"/></attributes>
    <nodes>
      <node id="a" label="Ann"><attvalues><attvalue for="0" value="Sales"/><attvalue for="1" value="31"/></attvalues></node>
      <node id="b" label="Bo"><attvalues><attvalue for="0" value="Sales"/></attvalues></node>
      <node id="c"><viz:color xmlns:viz="http://www.gexf.net/1.2draft/viz" r="1" g="2" b="3"/></node>
    </nodes>
    <edges>
      <edge id="0" source="a" target="b" weight="2.5"><attvalues><attvalue for="w" value="2020"/></attvalues></edge>
      <edge id="1" source="b" target="c" kind="Trust"/>
      <edge id="2" source="c" target="zed"/>
    </edges>
  </graph>
</gexf>`;

const GRAPHML = `<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <key id="d0" for="node" attr.name="label" attr.type="string"/>
  <key id="d1" for="node" attr.name="size" attr.type="double"><default>1.5</default></key>
  <key id="d2" for="edge" attr.name="weight" attr.type="double"/>
  <key id="d3" for="edge" attr.name="Type" attr.type="string"/>
  <key id="d4" for="all" attr.name="note" attr.type="string"/>
  <graph id="G" edgedefault="directed">
    <node id="n0"><data key="d0">Ann</data><data key="d1">3</data><data key="d4"><![CDATA[a & b]]></data></node>
    <node id="n1"><data key="d0">Bo</data></node>
    <edge source="n0" target="n1"><data key="d2">4</data><data key="d3">Advice</data></edge>
    <edge source="n1" target="n0"/>
  </graph>
</graphml>`;

describe('GEXF, GraphML and JSON networks', () => {
  it('reads GEXF: labels as names, defaults, weight, kind as the layer, unknown ends added', () => {
    const net = parseNetworkFile(Buffer.from(GEXF), 'gexf', false);
    expect(net.directed).toBe(false);
    expect(net.nodes).toEqual([
      { name: 'Ann', attributes: { Team: 'Sales', Age: 31 } },
      { name: 'Bo', attributes: { Team: 'Sales', Age: null } },
      { name: 'c', attributes: { Team: 'None', Age: null } },
      { name: 'zed', attributes: { Team: null, Age: null } },
    ]);
    expect(net.nodeAttributes).toEqual([
      { key: 'Team', type: 'text' },
      { key: 'Age', type: 'number' },
    ]);
    expect(net.layers).toEqual(['Edges', 'Trust']);
    expect(net.edges.map((e) => [e.source, e.target, e.layer, e.weight, e.attributes.Since])).toEqual([
      [0, 1, 0, 2.5, '2020'],
      [1, 2, 1, 1, null],
      [2, 3, 0, 1, null],
    ]);
  });

  it('reads GraphML: the label key as the name, weight and Type keys, for="all" keys where they have values', () => {
    const net = parseNetworkFile(Buffer.from(GRAPHML), 'graphml', true);
    expect(net.nodes).toEqual([
      { name: 'Ann', attributes: { size: 3, note: 'a & b' } },
      { name: 'Bo', attributes: { size: 1.5, note: null } },
    ]);
    // No edge has a note: the for="all" key is no edge attribute.
    expect(net.edgeAttributes).toEqual([]);
    expect(net.layers).toEqual(['Advice', 'Edges']);
    expect(net.edges.map((e) => [e.source, e.target, e.layer, e.weight])).toEqual([
      [0, 1, 0, 4],
      [1, 0, 1, 1],
    ]);
  });

  it('reads JSON: declared and inferred attributes, layers by type', () => {
    const json = {
      nodeAttributes: [{ key: 'Code', type: 'text' }],
      nodes: [
        { name: 'Ann', attributes: { Code: 7, Level: 1 } },
        { name: 'Bo', attributes: { Level: 2 } },
      ],
      edges: [
        { source: 'Ann', target: 'Bo', type: 'Advice', weight: 2 },
        { source: 'Bo', target: 'Cy' },
      ],
    };
    const net = parseNetworkFile(Buffer.from(JSON.stringify(json)), 'json', true);
    expect(net.nodeAttributes).toEqual([
      { key: 'Code', type: 'text' },
      { key: 'Level', type: 'number' },
    ]);
    expect(net.nodes.map((n) => [n.name, n.attributes])).toEqual([
      ['Ann', { Code: '7', Level: 1 }],
      ['Bo', { Code: null, Level: 2 }],
      ['Cy', { Code: null, Level: null }],
    ]);
    expect(net.layers).toEqual(['Advice', 'Edges']);
  });

  it('reports JSON shape problems with their paths, and data problems in one answer', () => {
    const shape = refusalOf(() =>
      parseNetworkFile(
        Buffer.from(JSON.stringify({ nodes: [{ name: 1 }], edges: [{ source: 'A' }], extra: 1 })),
        'json',
        true,
      ),
    );
    expect(shape.type).toBe('data');
    expect(shape.problems).toEqual([
      { message: 'Invalid input: expected string, received number', path: 'nodes[0].name' },
      { message: 'Invalid input: expected string, received undefined', path: 'edges[0].target' },
      { message: 'Unrecognized key: "extra"', path: '' },
    ]);
    const data = refusalOf(() =>
      parseNetworkFile(
        Buffer.from(
          JSON.stringify({
            nodeAttributes: [{ key: 'Born', type: 'date' }],
            nodes: [{ name: ' ' }, { name: 'A', attributes: { Born: '2020-13-01' } }, { name: 'a' }],
            edges: [{ source: 'A', target: 'A', weight: 'x' }],
          }),
        ),
        'json',
        true,
      ),
    );
    expect(data.problems).toEqual([
      { message: M.blankName, path: 'nodes[0]' },
      { message: M.notDate('Born', '2020-13-01'), path: 'nodes[1]' },
      { message: M.duplicateName('a', 'at nodes[1]'), path: 'nodes[2]' },
      { message: M.weightNotNumber('x'), path: 'edges[0]' },
    ]);
  });
});
