import { NETWORK_UPLOAD_MSG as M } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import { parseNetworkFile } from '../src/services/networks/formats';
import { utcDateCell, workbookBytes } from '../src/xlsx/write';
import { refusalOf, workbook } from './network-formats-fixtures';

// Excel networks read into the network model; every problem of a file comes back in one answer with its
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
