import { NETWORK_UPLOAD_MSG as M } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import { parseNetworkFile } from '../src/services/networks/formats';
import { utcDateCell, workbookBytes } from '../src/xlsx/write';
import { refusalOf, workbook } from './network-formats-fixtures';

// Every format reads into the network model; every problem of a file comes back in one answer with its
// place. Pure functions: no database.

describe('Excel networks', () => {
  const nodes = [
    ['Name', 'Team', 'Score', 'Start'],
    ['Ann', 'Sales', 3, '2020-01-02'],
    ['Bo', 'Sales', 4.5, '2021-02-03'],
    [' Cy ', 'Ops', '', ''],
    ['Dee', 'Ops', 7, '2022-03-04'],
  ];
  const edges = [
    ['Source', 'Target', 'Type', 'Weight', 'Note'],
    ['Ann', 'Bo', 'Advice', 2, 'x'],
    ['bo', 'cy', '', '', ''],
    ['Eve', 'Ann', 'Trust', 1, 'y'],
    ['Ann', 'Ann', 'Advice', 1, ''],
  ];

  it('reads Nodes and Edges: types inferred, edge people added, blank Type is the sheet, self-loops kept', () => {
    for (const bookType of ['xlsx', 'xls'] as const) {
      const net = parseNetworkFile(workbook({ Nodes: nodes, Edges: edges }, bookType), 'excel', true);
      expect(net.directed).toBe(true);
      expect(net.nodeAttributes).toEqual([
        { key: 'Team', type: 'category' },
        { key: 'Score', type: 'number' },
        { key: 'Start', type: 'date' },
      ]);
      expect(net.edgeAttributes).toEqual([{ key: 'Note', type: 'text' }]);
      expect(net.nodes.map((n) => n.name)).toEqual(['Ann', 'Bo', 'Cy', 'Dee', 'Eve']);
      expect(net.nodes[2]).toEqual({ name: 'Cy', attributes: { Team: 'Ops', Score: null, Start: null } });
      expect(net.nodes[4]).toEqual({ name: 'Eve', attributes: { Team: null, Score: null, Start: null } });
      expect(net.layers).toEqual(['Advice', 'Edges', 'Trust']);
      expect(net.edges).toEqual([
        { source: 0, target: 1, layer: 0, weight: 2, attributes: { Note: 'x' } },
        { source: 1, target: 2, layer: 1, weight: 1, attributes: { Note: null } },
        { source: 4, target: 0, layer: 2, weight: 1, attributes: { Note: 'y' } },
        { source: 0, target: 0, layer: 0, weight: 1, attributes: { Note: null } },
      ]);
    }
  });

  it('reads an edge list alone, and a first sheet headed Name as the nodes', () => {
    const onlyEdges = parseNetworkFile(
      workbook({
        Friends: [
          ['source', 'TARGET'],
          ['A', 'B'],
        ],
      }),
      'excel',
      false,
    );
    expect(onlyEdges.layers).toEqual(['Friends']);
    expect(onlyEdges.nodes.map((n) => n.name)).toEqual(['A', 'B']);
    const people = parseNetworkFile(
      workbook({
        People: [['Name'], ['A']],
        Edges: [
          ['Source', 'Target'],
          ['A', 'B'],
        ],
      }),
      'excel',
      false,
    );
    expect(people.nodes.map((n) => n.name)).toEqual(['A', 'B']);
  });

  it('takes declared types from an Attributes sheet', () => {
    const bytes = workbook({
      Nodes: [
        ['Name', 'Code', 'Group'],
        ['A', 1, 'x'],
        ['B', 2, 'y'],
      ],
      Edges: [
        ['Source', 'Target', 'Since'],
        ['A', 'B', '2020-01-01'],
      ],
      Attributes: [
        ['Sheet', 'Attribute', 'Type'],
        ['Nodes', 'Code', 'text'],
        ['Nodes', 'group', 'category'],
        ['Edges', 'Since', 'date'],
      ],
    });
    const net = parseNetworkFile(bytes, 'excel', true);
    expect(net.nodeAttributes).toEqual([
      { key: 'Code', type: 'text' },
      { key: 'Group', type: 'category' },
    ]);
    expect(net.nodes[0]!.attributes).toEqual({ Code: '1', Group: 'x' });
    expect(net.edgeAttributes).toEqual([{ key: 'Since', type: 'date' }]);
  });

  it('reports every data problem of the workbook in one answer, each with its sheet and row', () => {
    const bytes = workbook({
      Nodes: [
        ['Name', 'Age'],
        ['Ann', 1],
        ['', 2],
        ['ann', 3],
        ['Bo', 'old'],
        ['x'.repeat(1001), 4],
      ],
      Edges: [
        ['Source', 'Target', 'Weight', 'Met'],
        ['Ann', 'Bo', 'heavy', ''],
        ['', 'Bo', 1, ''],
        ['Ann', '', 1, ''],
        ['Ann', 'Ann', 1, 'soon'],
      ],
      Attributes: [
        ['Sheet', 'Attribute', 'Type'],
        ['Nodes', 'Age', 'number'],
        ['Edges', 'Met', 'date'],
        ['Nodes', 'Height', 'number'],
        ['Links', 'X', 'text'],
        ['Nodes', 'Age', 'colour'],
      ],
    });
    const refused = refusalOf(() => parseNetworkFile(bytes, 'excel', true));
    expect(refused.code).toBe('BAD_REQUEST');
    expect(refused.type).toBe('data');
    expect(refused.problems).toEqual([
      { message: M.attributesSheet, sheet: 'Attributes', row: 5 },
      { message: M.unknownType('colour'), sheet: 'Attributes', row: 6 },
      { message: M.unknownAttribute('height'), sheet: 'Attributes', row: 4 },
    ]);
    // Declarations fixed, the data's own problems come out together.
    const fixed = workbook({
      Nodes: [
        ['Name', 'Age'],
        ['Ann', 1],
        ['', 2],
        ['ann', 3],
        ['Bo', 'old'],
        ['x'.repeat(1001), 4],
      ],
      Edges: [
        ['Source', 'Target', 'Weight', 'Met'],
        ['Ann', 'Bo', 'heavy', ''],
        ['', 'Bo', 1, ''],
        ['Ann', '', 1, ''],
        ['Ann', 'Ann', 1, 'soon'],
      ],
      Attributes: [
        ['Sheet', 'Attribute', 'Type'],
        ['Nodes', 'Age', 'number'],
        ['Edges', 'Met', 'date'],
      ],
    });
    const data = refusalOf(() => parseNetworkFile(fixed, 'excel', true));
    expect(data.message).toBe(M.notUploaded(8));
    expect(data.problems).toEqual([
      { message: M.blankName, sheet: 'Nodes', row: 3 },
      { message: M.duplicateName('ann', "on row 2 of sheet 'Nodes'"), sheet: 'Nodes', row: 4 },
      { message: M.notNumber('Age', 'old'), sheet: 'Nodes', row: 5 },
      { message: M.tooLong('The name'), sheet: 'Nodes', row: 6 },
      { message: M.weightNotNumber('heavy'), sheet: 'Edges', row: 2 },
      { message: M.blankSource, sheet: 'Edges', row: 3 },
      { message: M.blankTarget, sheet: 'Edges', row: 4 },
      // The self-loop on Ann is kept, not a problem; its bad date is.
      { message: M.notDate('Met', 'soon'), sheet: 'Edges', row: 5 },
    ]);
  });

  it('reports missing sheets and wrong headings', () => {
    const none = refusalOf(() =>
      parseNetworkFile(
        workbook({
          Sheet1: [
            ['Who', 'Whom'],
            ['A', 'B'],
          ],
        }),
        'excel',
        true,
      ),
    );
    expect(none).toMatchObject({ code: 'BAD_REQUEST', type: 'format', message: M.missingSheets });
    const headings = refusalOf(() =>
      parseNetworkFile(
        workbook({
          Nodes: [['Person'], ['A']],
          Edges: [
            ['From', 'To'],
            ['A', 'B'],
          ],
        }),
        'excel',
        true,
      ),
    );
    expect(headings.problems).toEqual([
      { message: M.nodesHeading('Nodes'), sheet: 'Nodes', row: 1 },
      { message: M.edgesHeading('Edges'), sheet: 'Edges', row: 1 },
    ]);
  });

  it('reads the responses export (docs/exports.md) as a network: one layer per relationship sheet', async () => {
    const started = utcDateCell(new Date('2026-03-04T10:20:30Z'));
    const bytes = await workbookBytes([
      {
        name: 'Nodes',
        rows: [
          ['Name', 'Email', 'List', 'Status', 'Started', 'Submitted', 'Dept', 'How long here?'],
          ['Ann', 'ann@example.com', 'Staff', 'Submitted', started, started, 'Sales', 3],
          ['Bo', 'bo@example.com', 'Staff', 'Not Sent', null, null, 'Ops', null],
          ['Cy (Guests)', null, 'Guests', null, null, null, null, null],
        ],
      },
      {
        name: 'Who do you ask',
        rows: [
          ['Source', 'Target'],
          ['Ann', 'Bo'],
          ['Ann', 'Cy (Guests)'],
        ],
      },
      {
        name: 'Closeness',
        rows: [
          ['Source', 'Target', 'Weight'],
          ['Ann', 'Bo', 4],
        ],
      },
      {
        name: 'Meetings',
        rows: [
          ['Source', 'Target', 'Value'],
          ['Ann', 'Bo', 'Weekly; Monthly'],
        ],
      },
      {
        name: 'Attributes',
        rows: [
          ['Source', 'Target', 'Reported By'],
          ['Bo', 'Cy (Guests)', 'Ann'],
        ],
      },
    ]);
    const net = parseNetworkFile(bytes, 'excel', true);
    expect(net.nodes.map((n) => n.name)).toEqual(['Ann', 'Bo', 'Cy (Guests)']);
    expect(net.nodeAttributes.map((a) => a.key)).toEqual([
      'Email',
      'List',
      'Status',
      'Started',
      'Submitted',
      'Dept',
      'How long here?',
    ]);
    expect(net.nodes[0]!.attributes['How long here?']).toBe(3);
    expect(net.layers).toEqual(['Who do you ask', 'Closeness', 'Meetings', 'Attributes']);
    expect(net.edgeAttributes).toEqual([
      { key: 'Value', type: 'text' },
      { key: 'Reported By', type: 'text' },
    ]);
    expect(net.edges.map((e) => [e.source, e.target, e.layer, e.weight])).toEqual([
      [0, 1, 0, 1],
      [0, 2, 0, 1],
      [0, 1, 1, 4],
      [0, 1, 2, 1],
      [1, 2, 3, 1],
    ]);
    expect(net.edges[4]!.attributes).toEqual({ Value: null, 'Reported By': 'Ann' });
  });
});

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

  it('reads GraphML: the label key as the name, weight and Type keys, for="all" keys on both', () => {
    const net = parseNetworkFile(Buffer.from(GRAPHML), 'graphml', true);
    expect(net.nodes).toEqual([
      { name: 'Ann', attributes: { size: 3, note: 'a & b' } },
      { name: 'Bo', attributes: { size: 1.5, note: null } },
    ]);
    expect(net.edgeAttributes).toEqual([{ key: 'note', type: 'text' }]);
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
