import type { TNetworkData } from '@tieline/graph';
import type { TNetworkFileType } from '@tieline/validation';
import { type CellValue, workbookBytes, XLSX_CONTENT_TYPE } from '../../../xlsx/write';
import { type TNetworkFile, writeNetwork } from './write';

// Downloadable templates: a small network in each format. The Excel one shows the layout people fill
// in by hand (one 'Edges' sheet with a Type column); the others are exports of the same network.

const SAMPLE: TNetworkData = {
  directed: true,
  layers: ['Advice', 'Friendship'],
  nodeAttributes: [
    { key: 'Team', type: 'category' },
    { key: 'Joined', type: 'date' },
  ],
  edgeAttributes: [],
  nodes: [
    { name: 'Ann Lee', attributes: { Team: 'Sales', Joined: '2021-03-01' } },
    { name: 'Bo Chen', attributes: { Team: 'Sales', Joined: '2019-11-15' } },
    { name: 'Cy Diaz', attributes: { Team: 'Support', Joined: '2023-06-30' } },
  ],
  edges: [
    { source: 0, target: 1, layer: 0, weight: 3, attributes: {} },
    { source: 1, target: 2, layer: 0, weight: 1, attributes: {} },
    { source: 2, target: 0, layer: 1, weight: 1, attributes: {} },
  ],
};

export async function networkTemplate(fileType: TNetworkFileType): Promise<TNetworkFile> {
  if (fileType !== 'excel') return writeNetwork(SAMPLE, fileType);
  const nodes: CellValue[][] = [
    ['Name', 'Team', 'Joined'],
    ...SAMPLE.nodes.map((n) => [n.name, n.attributes.Team, n.attributes.Joined]),
  ];
  const edges: CellValue[][] = [
    ['Source', 'Target', 'Type', 'Weight'],
    ...SAMPLE.edges.map((e) => [
      SAMPLE.nodes[e.source]!.name,
      SAMPLE.nodes[e.target]!.name,
      SAMPLE.layers[e.layer]!,
      e.weight,
    ]),
  ];
  const bytes = await workbookBytes([
    { name: 'Nodes', rows: nodes },
    { name: 'Edges', rows: edges },
  ]);
  return { bytes, contentType: XLSX_CONTENT_TYPE, extension: 'xlsx' };
}
