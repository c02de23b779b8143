import type { TNetworkFileType, TNetworkProblem } from '@tieline/validation';

// The upload and export contract of the REST routes (POST /api/base/networks, templates/{fileType},
// {id}/export/{fileType}): file types, their names and addresses, and where a refused file's problem is.

/** What people call each format, and the extensions the file picker offers for it. */
export const FILE_TYPE_INFO: Record<TNetworkFileType, { label: string; accept: string; exportLabel: string }> = {
  excel: { label: 'Excel', accept: '.xlsx,.xls', exportLabel: 'Excel (.xlsx)' },
  gexf: { label: 'GEXF', accept: '.gexf,.xml', exportLabel: 'GEXF (.gexf)' },
  graphml: { label: 'GraphML', accept: '.graphml,.xml', exportLabel: 'GraphML (.graphml)' },
  json: { label: 'JSON', accept: '.json', exportLabel: 'JSON (.json)' },
};

export const templateUrl = (fileType: TNetworkFileType) => `/api/base/networks/templates/${fileType}`;
export const exportUrl = (id: string, fileType: TNetworkFileType) =>
  `/api/base/networks/${encodeURIComponent(id)}/export/${fileType}`;

/** Where a problem is, as people read it: "Sheet 'Edges', row 4", "Line 12", "At nodes[3].name". */
export function problemPlace(p: TNetworkProblem): string | null {
  if (p.sheet !== undefined) return p.row !== undefined ? `Sheet '${p.sheet}', row ${p.row}` : `Sheet '${p.sheet}'`;
  if (p.row !== undefined) return `Row ${p.row}`;
  if (p.line !== undefined) return `Line ${p.line}`;
  if (p.path !== undefined && p.path !== '') return `At ${p.path}`;
  return null;
}
