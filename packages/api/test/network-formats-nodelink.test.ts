import { readFileSync } from 'node:fs';
import type { TNetworkData } from '@tieline/graph';
import { describe, expect, it } from 'vitest';
import { parseNetworkFile, writeNetwork } from '../src/services/networks/formats';
import { RICH, refusalOf } from './network-formats-fixtures';
import { pythonWith, runPython } from './network-tools';

// Node-link JSON as networkx writes it (node_link_data: 'nodes' with 'id', 'links' in networkx 2.x,
// 'edges' in 3.x): exported, and read back by the JSON upload.

const parse = (bytes: Buffer | string) => parseNetworkFile(Buffer.from(bytes), 'json', true);

describe('the node-link export', () => {
  it('writes nodes by id with their attributes and links with weight and layer', async () => {
    const file = await writeNetwork(RICH, 'nodelink');
    expect([file.extension, file.contentType]).toEqual(['json', 'application/json']);
    const json = JSON.parse(file.bytes.toString());
    expect(Object.keys(json)).toEqual(['directed', 'multigraph', 'graph', 'nodes', 'links']);
    expect(json.directed).toBe(true);
    expect(json.multigraph).toBe(false);
    expect(json.nodes[0]).toEqual({
      id: 'Ann',
      Team: 'Sales',
      Age: 34,
      Joined: '2020-01-31',
      Note: '=1+1 & <b>"x"</b>',
    });
    expect(json.nodes[2]).toEqual({ id: 'Zoë Ünal', Team: 'R&D', Joined: '1999-12-01' });
    expect(json.links[0]).toEqual({
      source: 'Ann',
      target: '-Bo',
      weight: 2.5,
      type: 'Advice',
      Since: '2021-05-05',
      Comment: 'often',
    });
  });

  it('is a multigraph when two edges join the same people, and renames attributes that clash', async () => {
    const data: TNetworkData = {
      ...RICH,
      nodeAttributes: [{ key: 'id', type: 'text' }],
      edgeAttributes: [{ key: 'weight', type: 'number' }],
      nodes: RICH.nodes.map((n) => ({ ...n, attributes: { id: `#${n.name}` } })),
      edges: [
        { source: 0, target: 1, layer: 0, weight: 2, attributes: { weight: 9 } },
        { source: 0, target: 1, layer: 1, weight: 1, attributes: { weight: null } },
      ],
    };
    const json = JSON.parse((await writeNetwork(data, 'nodelink')).bytes.toString());
    expect(json.multigraph).toBe(true);
    expect(json.nodes[0]).toEqual({ id: 'Ann', 'id (2)': '#Ann' });
    expect(json.links[0]).toEqual({ source: 'Ann', target: '-Bo', key: 0, weight: 2, type: 'Advice', 'weight (2)': 9 });
    expect(json.links[1]).toMatchObject({ key: 1, type: 'Trust: who/why?' });
    expect(parse((await writeNetwork(data, 'nodelink')).bytes)).toEqual(data);
  });

  it('uploads again (as JSON) to the same network', async () => {
    for (const directed of [true, false]) {
      const data = { ...RICH, directed };
      const back = parseNetworkFile((await writeNetwork(data, 'nodelink')).bytes, 'json', directed);
      expect(back).toEqual(data);
    }
  });
});

describe('node-link files written by networkx', () => {
  it('reads the karate club as networkx 2.8.8 wrote it (fixture)', () => {
    const net = parse(readFileSync(new URL('./fixtures/node-link/karate-networkx-2.8.8.json', import.meta.url)));
    expect(net.nodes).toHaveLength(34);
    expect(net.nodes[0]).toEqual({ name: '0', attributes: { club: 'Mr. Hi' } });
    expect(net.nodeAttributes).toEqual([{ key: 'club', type: 'category' }]);
    expect(net.edges).toHaveLength(78);
    expect(net.edges[0]).toEqual({ source: 0, target: 1, layer: 0, weight: 4, attributes: {} });
    expect(net.layers).toEqual(['Edges']);
  });

  it("reads networkx 3's 'edges' key and numeric ids; refuses a link to no node id with its place", () => {
    const three = {
      directed: false,
      multigraph: false,
      graph: {},
      nodes: [{ id: 1 }, { id: 'b', x: 2 }],
      edges: [{ source: 1, target: 'b', weight: 3 }],
    };
    const net = parse(JSON.stringify(three));
    expect(net.nodes.map((n) => n.name)).toEqual(['1', 'b']);
    expect(net.edges).toEqual([{ source: 0, target: 1, layer: 0, weight: 3, attributes: {} }]);
    const bad = { ...three, edges: [{ source: 1 }] };
    const refusal = refusalOf(() => parse(JSON.stringify(bad)));
    expect(refusal.problems.map((p) => [p.path, p.message])).toEqual([['edges[0]', expect.stringMatching(/target/i)]]);
  });

  const python = pythonWith('networkx');
  const why = python ? python : 'skipped: no python3 with networkx; install python3-networkx';
  it.skipIf(!python)(`networkx reads our export and we read what it writes (${why})`, async () => {
    const READ = `
import sys, json, networkx as nx
data = json.load(sys.stdin)
try:
    g = nx.node_link_graph(data, edges="links")
except TypeError:
    g = nx.node_link_graph(data)
print(json.dumps({"nodes": g.number_of_nodes(), "edges": g.number_of_edges(),
  "weight": g["Ann"]["-Bo"]["weight"], "team": g.nodes["Ann"]["Team"]}))`;
    const file = await writeNetwork(RICH, 'nodelink');
    expect(runPython(python!, READ, file.bytes)).toEqual({ nodes: 4, edges: 4, weight: 2.5, team: 'Sales' });

    const WRITE = `
import json, networkx as nx
g = nx.MultiDiGraph()
g.add_node("Ann", team="Sales")
g.add_edge("Ann", "Bo", weight=2, type="Advice")
g.add_edge("Ann", "Bo", type="Trust")
print(json.dumps(nx.node_link_data(g)))`;
    const written = JSON.stringify(runPython(python!, WRITE));
    const net = parse(written);
    expect(net.nodes).toEqual([
      { name: 'Ann', attributes: { team: 'Sales' } },
      { name: 'Bo', attributes: { team: null } },
    ]);
    expect(net.layers).toEqual(['Advice', 'Trust']);
    expect(net.edges.map((e) => [e.source, e.target, e.layer, e.weight])).toEqual([
      [0, 1, 0, 2],
      [0, 1, 1, 1],
    ]);
  });
});
