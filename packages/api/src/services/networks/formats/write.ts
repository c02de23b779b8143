import type { TNetworkData } from '@tieline/graph';
import type { TNetworkExportType } from '@tieline/validation';
import { XLSX_CONTENT_TYPE } from '../../../xlsx/write';
import { nodeLinkJson } from './node-link';
import { excelWorkbook } from './write-excel';
import { gexf } from './write-gexf';
import { networkJson } from './write-json';
import { graphml } from './write-xml';

export interface TNetworkFile {
  bytes: Buffer;
  contentType: string;
  extension: string;
}

/** Per-node metric columns (values in node order) added as number attributes after the others. */
export type TNodeMetrics = Record<string, readonly number[]>;

function withMetrics(data: TNetworkData, metrics: TNodeMetrics | undefined): TNetworkData {
  if (!metrics || Object.keys(metrics).length === 0) return data;
  const taken = new Set(data.nodeAttributes.map((a) => a.key.toLowerCase()));
  const added = Object.entries(metrics).map(([name, values]) => {
    let key = name;
    for (let k = 2; taken.has(key.toLowerCase()); k++) key = `${name} (${k})`;
    taken.add(key.toLowerCase());
    return { key, values };
  });
  return {
    ...data,
    nodeAttributes: [...data.nodeAttributes, ...added.map(({ key }) => ({ key, type: 'number' as const }))],
    nodes: data.nodes.map((n, i) => ({
      name: n.name,
      attributes: {
        ...n.attributes,
        ...Object.fromEntries(added.map(({ key, values }) => [key, Number.isFinite(values[i]) ? values[i]! : null])),
      },
    })),
  };
}

/** A network as a file of the given type, with optional metric columns on the nodes. */
export async function writeNetwork(
  data: TNetworkData,
  fileType: TNetworkExportType,
  metrics?: TNodeMetrics,
): Promise<TNetworkFile> {
  const full = withMetrics(data, metrics);
  switch (fileType) {
    case 'excel':
      return { bytes: await excelWorkbook(full), contentType: XLSX_CONTENT_TYPE, extension: 'xlsx' };
    case 'gexf':
    case 'gexf12':
      return {
        bytes: Buffer.from(gexf(full, fileType === 'gexf' ? '1.3' : '1.2')),
        contentType: 'application/gexf+xml',
        extension: 'gexf',
      };
    case 'graphml':
      return { bytes: Buffer.from(graphml(full)), contentType: 'application/graphml+xml', extension: 'graphml' };
    case 'json':
      return {
        bytes: Buffer.from(JSON.stringify(networkJson(full))),
        contentType: 'application/json',
        extension: 'json',
      };
    case 'nodelink':
      return {
        bytes: Buffer.from(JSON.stringify(nodeLinkJson(full))),
        contentType: 'application/json',
        extension: 'json',
      };
  }
}
