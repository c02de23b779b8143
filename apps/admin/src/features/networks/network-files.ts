import type { TNetworkExportType, TNetworkFileType, TNetworkProblem } from '@tieline/validation';

// The upload and export contract of the REST routes (POST /api/base/networks, templates/{fileType},
// {id}/export/{fileType}): file types, their names and addresses, and where a refused file's problem is.

/** What people call each format, and the extensions the file picker offers for it. */
export const FILE_TYPE_INFO: Record<TNetworkFileType, { label: string; accept: string }> = {
  excel: { label: 'Excel', accept: '.xlsx,.xls' },
  gexf: { label: 'GEXF', accept: '.gexf,.xml' },
  graphml: { label: 'GraphML', accept: '.graphml,.xml' },
  json: { label: 'JSON', accept: '.json' },
};

/** The export menu: each format's name and, in one line, which tools read it. */
export const EXPORT_TYPE_INFO: Record<TNetworkExportType, { label: string; hint: string }> = {
  excel: { label: 'Excel (.xlsx)', hint: 'Excel and LibreOffice; uploads again as the same network.' },
  gexf: { label: 'GEXF 1.3 (.gexf)', hint: 'Gephi, and networkx 3 or later.' },
  gexf12: { label: 'GEXF 1.2 (.gexf)', hint: 'networkx 2 (Debian 12 ships 2.8), which refuses GEXF 1.3.' },
  graphml: { label: 'GraphML (.graphml)', hint: 'igraph, networkx, yEd and Cytoscape; weights as "weight".' },
  json: { label: 'JSON (.json)', hint: 'Tieline’s own JSON for scripts; uploads again exactly.' },
  nodelink: { label: 'Node-link JSON (.json)', hint: 'networkx’s node_link_graph and d3; uploads again as JSON.' },
};

export const templateUrl = (fileType: TNetworkFileType) => `/api/base/networks/templates/${fileType}`;
/** The export's address; `options`: the metrics' layer and group attribute, or `metrics: 'false'` (docs/exports.md). */
export const exportUrl = (
  id: string,
  fileType: TNetworkExportType,
  options: { layer?: string; groupAttribute?: string; metrics?: 'false' } = {},
) => {
  const query = new URLSearchParams(Object.entries(options).filter(([, v]) => v !== undefined && v !== ''));
  const search = query.toString();
  return `/api/base/networks/${encodeURIComponent(id)}/export/${fileType}${search ? `?${search}` : ''}`;
};

/** Where a problem is, as people read it: "Sheet 'Edges', row 4", "Line 12", "At nodes[3].name". */
export function problemPlace(p: TNetworkProblem): string | null {
  if (p.sheet !== undefined) return p.row !== undefined ? `Sheet '${p.sheet}', row ${p.row}` : `Sheet '${p.sheet}'`;
  if (p.row !== undefined) return `Row ${p.row}`;
  if (p.line !== undefined) return `Line ${p.line}`;
  if (p.path !== undefined && p.path !== '') return `At ${p.path}`;
  return null;
}
