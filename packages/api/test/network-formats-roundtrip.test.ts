import * as XLSX from '@e965/xlsx';
import type { TMetricColumn, TNetworkData } from '@tieline/graph';
import { NETWORK_FILE_TYPES, NETWORK_LIMITS } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import { networkTemplate, parseNetworkFile, writeNetwork } from '../src/services/networks/formats';
import { canonical, RICH } from './network-formats-fixtures';

// Export then upload gives the same network, in every format: nodes in order with typed attributes,
// the same edges in each layer (files other than JSON list edges grouped by layer).

describe('round trips', () => {
  for (const type of NETWORK_FILE_TYPES) {
    it(`${type}: write then parse gives an equal network`, async () => {
      for (const directed of [true, false]) {
        const data = { ...RICH, directed };
        const file = await writeNetwork(data, type);
        const back = parseNetworkFile(file.bytes, type, directed);
        expect(canonical(back)).toEqual(canonical(data));
        expect(back.layers).toEqual(data.layers);
      }
    });
  }

  it('json keeps the network exactly, edge order and empty layers included', async () => {
    const data: TNetworkData = { ...RICH, layers: [...RICH.layers, 'Unused'] };
    const back = parseNetworkFile((await writeNetwork(data, 'json')).bytes, 'json', true);
    expect(back).toEqual(data);
  });

  it('an empty network and a network without edges survive too', async () => {
    const lonely: TNetworkData = { ...RICH, layers: [], edges: [], edgeAttributes: [] };
    for (const type of NETWORK_FILE_TYPES) {
      const back = parseNetworkFile((await writeNetwork(lonely, type)).bytes, type, true);
      expect(back, type).toEqual(lonely);
    }
  });

  it('adds metric columns after the attributes, numbers and roles typed', async () => {
    const metrics: TMetricColumn[] = [
      { heading: 'Degree', type: 'number', values: [1, 2, 3, 4] },
      { heading: 'Age (2)', type: 'number', values: [0.1, 0.2, null, 0.4] },
      { heading: 'Role by Team', type: 'category', values: ['Broker', null, null, 'Peripheral'] },
    ];
    for (const type of NETWORK_FILE_TYPES) {
      const back = parseNetworkFile((await writeNetwork(RICH, type, metrics)).bytes, type, true);
      expect(back.nodeAttributes.slice(-3), type).toEqual([
        { key: 'Degree', type: 'number' },
        { key: 'Age (2)', type: 'number' },
        { key: 'Role by Team', type: 'category' },
      ]);
      expect(
        back.nodes.map((n) => [n.attributes.Degree, n.attributes['Age (2)'], n.attributes['Role by Team']]),
      ).toEqual([
        [1, 0.1, 'Broker'],
        [2, 0.2, null],
        [3, null, null],
        [4, 0.4, 'Peripheral'],
      ]);
    }
  });
});

describe('the Excel export', () => {
  it('writes Nodes, one sanitized sheet per layer and Attributes; text stays text', async () => {
    const long = 'A very long relationship name that Excel cannot hold';
    const data: TNetworkData = {
      ...RICH,
      layers: ['Trust: who/why? [*]', long, 'history'],
      edges: [...RICH.edges, { source: 0, target: 3, layer: 2, weight: 1, attributes: { Since: null, Comment: null } }],
    };
    const { bytes, contentType, extension } = await writeNetwork(data, 'excel');
    expect([contentType, extension]).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'xlsx',
    ]);
    const book = XLSX.read(bytes, { type: 'buffer', cellFormula: true });
    expect(book.SheetNames).toEqual(['Nodes', 'Trust whowhy', long.slice(0, 31).trimEnd(), 'Edges', 'Attributes']);
    const ann = book.Sheets.Nodes!.E2!;
    expect([ann.t, ann.v, ann.f]).toEqual(['s', '=1+1 & <b>"x"</b>', undefined]);
    // The full layer names travel in the Type column.
    expect(parseNetworkFile(bytes, 'excel', true).layers).toEqual(data.layers);
  });
});

describe('templates', () => {
  it('every template uploads as the sample network', async () => {
    const parsed = await Promise.all(
      NETWORK_FILE_TYPES.map(async (type) =>
        canonical(parseNetworkFile((await networkTemplate(type)).bytes, type, true)),
      ),
    );
    expect(parsed[0]!.nodes.map((n) => n.name)).toEqual(['Ann Lee', 'Bo Chen', 'Cy Diaz']);
    expect(Object.keys(parsed[0]!.edges)).toEqual(['Advice', 'Friendship']);
    // The hand-filled Excel layout infers its types; the others declare them.
    expect(parsed[0]!.nodeAttributes).toEqual([
      { key: 'Team', type: 'text' },
      { key: 'Joined', type: 'date' },
    ]);
    for (const other of parsed.slice(1))
      expect({ ...other, nodeAttributes: [] }).toEqual({ ...parsed[0], nodeAttributes: [] });
  });
});

// Exactly at the edge limit a file is accepted (the readers count as they go). Timings of every format
// at the limit are a benchmark (bench/network-uploads.mjs), not a test.
describe('at the limit', () => {
  it(`reads ${NETWORK_LIMITS.maxEdges.toLocaleString('en-US')} edges`, async () => {
    const n = 20_000;
    const data: TNetworkData = {
      directed: true,
      layers: ['Advice', 'Trust'],
      nodeAttributes: [{ key: 'Team', type: 'category' }],
      edgeAttributes: [],
      nodes: Array.from({ length: n }, (_, i) => ({ name: `Person ${i}`, attributes: { Team: `T${i % 12}` } })),
      edges: Array.from({ length: NETWORK_LIMITS.maxEdges }, (_, i) => ({
        source: i % n,
        target: (i * 31 + 7) % n,
        layer: i % 2,
        weight: 1 + (i % 5),
        attributes: {},
      })),
    };
    for (const type of ['json', 'graphml'] as const) {
      const file = await writeNetwork(data, type);
      expect(parseNetworkFile(file.bytes, type, true).edges).toHaveLength(NETWORK_LIMITS.maxEdges);
    }
  }, 120_000);
});
