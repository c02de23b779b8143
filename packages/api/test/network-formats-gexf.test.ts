import type { TMetricColumn, TNetworkData } from '@tieline/graph';
import { describe, expect, it } from 'vitest';
import { networkTemplate, parseNetworkFile, writeNetwork } from '../src/services/networks/formats';
import { canonical, RICH } from './network-formats-fixtures';
import { gexfSchemaErrors, pythonWith, runPython } from './network-tools';

// GEXF as other programs check and read it: every export valid against the official schema of its
// version (test/fixtures/gexf-*, from the gephi/gexf project), GEXF 1.2 read by the networkx Debian ships
// (2.8.8, which refuses the 1.3 namespace), and both uploading again as the same network.

const LONG_LAYER = 'Who do you work with closely on projects?';
const NETWORKS: Record<string, TNetworkData> = {
  'directed, every type': RICH,
  undirected: { ...RICH, directed: false },
  'no edges': { ...RICH, layers: [], edges: [], edgeAttributes: [] },
  'long layer name, attribute called Layer': {
    ...RICH,
    layers: [LONG_LAYER, 'x'],
    edgeAttributes: [...RICH.edgeAttributes, { key: 'Layer', type: 'category' }],
    edges: RICH.edges.map((e, i) => ({ ...e, layer: i % 2, attributes: { ...e.attributes, Layer: 'mine' } })),
  },
};
const METRICS: TMetricColumn[] = [
  { heading: 'Degree', type: 'number', values: [1, 2, 3, 4] },
  { heading: 'Betweenness (raw)', type: 'number', values: [0.5, 0, null, 1e-9] },
  { heading: 'Role by Team', type: 'category', values: ['Broker', null, 'Connector', null] },
];

describe('GEXF exports against the official schemas', () => {
  for (const [label, data] of Object.entries(NETWORKS)) {
    it(`gexf (1.3) is valid: ${label}`, async () => {
      const xml = (await writeNetwork(data, 'gexf', METRICS)).bytes.toString('utf8');
      expect(await gexfSchemaErrors(xml, '1.3')).toEqual([]);
    });
    it(`gexf12 (1.2) is valid: ${label}`, async () => {
      const xml = (await writeNetwork(data, 'gexf12', METRICS)).bytes.toString('utf8');
      expect(await gexfSchemaErrors(xml, '1.2draft')).toEqual([]);
    });
  }

  it('the GEXF template and awkward text (control characters, markup, prototype keys) are valid', async () => {
    expect(await gexfSchemaErrors((await networkTemplate('gexf')).bytes.toString('utf8'), '1.3')).toEqual([]);
    const awkward: TNetworkData = {
      directed: true,
      layers: ['a\u0001b <&> "q"', '  spaced  '],
      nodeAttributes: [{ key: '__proto__', type: 'text' }],
      edgeAttributes: [{ key: 'tab\there', type: 'category' }],
      nodes: [
        { name: 'Tab\tand\nline', attributes: Object.fromEntries([['__proto__', 'x\u0007y']]) },
        { name: 'Ünïcødé 😀', attributes: Object.fromEntries([['__proto__', null]]) },
      ],
      edges: [{ source: 0, target: 1, layer: 0, weight: -0.5, attributes: { 'tab\there': '\uFFFE' } }],
    };
    for (const [type, version] of [
      ['gexf', '1.3'],
      ['gexf12', '1.2draft'],
    ] as const) {
      const xml = (await writeNetwork(awkward, type)).bytes.toString('utf8');
      expect(await gexfSchemaErrors(xml, version), type).toEqual([]);
    }
  });

  it('the schema check does catch an invalid file', async () => {
    const xml = (await writeNetwork(RICH, 'gexf')).bytes.toString('utf8').replace('<nodes>', '<nodes bad="1">');
    expect((await gexfSchemaErrors(xml, '1.3')).join('\n')).toMatch(/bad/);
  });

  it('names its version and file type', async () => {
    const v13 = await writeNetwork(RICH, 'gexf');
    const v12 = await writeNetwork(RICH, 'gexf12');
    expect(v13.bytes.toString()).toContain('<gexf xmlns="http://gexf.net/1.3" version="1.3">');
    expect(v12.bytes.toString()).toContain('<gexf xmlns="http://www.gexf.net/1.2draft" version="1.2">');
    expect([v12.extension, v12.contentType]).toEqual(['gexf', 'application/gexf+xml']);
  });
});

describe('GEXF round trips', () => {
  for (const [label, data] of Object.entries(NETWORKS)) {
    for (const type of ['gexf', 'gexf12'] as const) {
      it(`${type} uploads again as the same network: ${label}`, async () => {
        const back = parseNetworkFile((await writeNetwork(data, type)).bytes, 'gexf', data.directed);
        expect(canonical(back)).toEqual(canonical(data));
        expect(back.layers).toEqual(data.layers.filter((_, i) => data.edges.some((e) => e.layer === i)));
      });
    }
  }
});

describe('GEXF Tieline wrote before', () => {
  it('still reads the exact types marked with tl:type', () => {
    const old = `<?xml version="1.0" encoding="UTF-8"?>
<gexf xmlns="http://gexf.net/1.3" xmlns:tl="https://tieline.app/ns/network" version="1.3">
<graph mode="static" defaultedgetype="directed">
<attributes class="node"><attribute id="0" title="Team" type="string" tl:type="category"/><attribute id="1" title="Joined" type="date" tl:type="date"/></attributes>
<nodes><node id="0" label="Ann"><attvalues><attvalue for="0" value="Sales"/><attvalue for="1" value="2020-01-31"/></attvalues></node></nodes>
<edges></edges></graph></gexf>`;
    const net = parseNetworkFile(Buffer.from(old), 'gexf', true);
    expect(net.nodeAttributes).toEqual([
      { key: 'Team', type: 'category' },
      { key: 'Joined', type: 'date' },
    ]);
  });
});

const python = pythonWith('networkx');
const NX_READ = `
import sys, json, networkx as nx
g = nx.read_gexf(sys.stdin.buffer)
print(json.dumps({
  "version": nx.__version__,
  "directed": g.is_directed(),
  "nodes": [g.nodes[n] for n in g.nodes],
  "edges": [[g.nodes[u]["label"], g.nodes[v]["label"], d] for u, v, d in g.edges(data=True)],
}))`;

describe.skipIf(!python)(
  `networkx reads GEXF 1.2 (${python ? 'with' : 'skipped: no python3 with networkx,'} ${python ?? 'install python3-networkx'})`,
  () => {
    it('reads names, typed attributes, weights and layers', async () => {
      const file = await writeNetwork(RICH, 'gexf12', METRICS);
      const read = runPython(python!, NX_READ, file.bytes) as {
        directed: boolean;
        nodes: Record<string, unknown>[];
        edges: [string, string, Record<string, unknown>][];
      };
      expect(read.directed).toBe(true);
      expect(read.nodes[0]).toMatchObject({
        label: 'Ann',
        Team: 'Sales',
        Age: 34,
        Joined: '2020-01-31',
        Degree: 1,
        'Betweenness (raw)': 0.5,
        'Role by Team': 'Broker',
      });
      expect(read.nodes[2]).toMatchObject({ label: 'Zoë Ünal', Team: 'R&D' });
      expect(read.nodes[2]).not.toHaveProperty('Age');
      expect(read.edges.map(([s, t, d]) => [s, t, d.weight, d.Layer])).toEqual([
        ['Ann', '-Bo', 2.5, 'Advice'],
        ['-Bo', 'Zoë Ünal', 1, 'Trust: who/why?'],
        ['Zoë Ünal', 'Zoë Ünal', 3, 'Advice'],
        ['Dee', 'Ann', 1e-7, 'Trust: who/why?'],
      ]);
    });

    it('and refuses 1.3 when it is networkx 2.x (why both are offered)', async () => {
      const version = String(
        runPython(python!, 'import json, networkx; print(json.dumps(networkx.__version__))') as string,
      );
      if (!version.startsWith('2.')) return;
      const file = await writeNetwork(RICH, 'gexf');
      expect(() => runPython(python!, NX_READ, file.bytes)).toThrow(/No <graph> element/);
    });
  },
);
