import type { TMetricColumn, TNetworkData } from '@tieline/graph';
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

/**
 * Appends metric columns (`metricColumns` of @tieline/graph, headings already apart from the attributes)
 * as node attributes after the others.
 */
function withMetrics(data: TNetworkData, metrics: readonly TMetricColumn[] | undefined): TNetworkData {
  if (!metrics || metrics.length === 0) return data;
  return {
    ...data,
    nodeAttributes: [...data.nodeAttributes, ...metrics.map((c) => ({ key: c.heading, type: c.type }))],
    nodes: data.nodes.map((n, i) => ({
      name: n.name,
      attributes: { ...n.attributes, ...Object.fromEntries(metrics.map((c) => [c.heading, c.values[i] ?? null])) },
    })),
  };
}

/** A network as a file of the given type, with optional metric columns on the nodes (docs/exports.md). */
export async function writeNetwork(
  data: TNetworkData,
  fileType: TNetworkExportType,
  metrics?: readonly TMetricColumn[],
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
