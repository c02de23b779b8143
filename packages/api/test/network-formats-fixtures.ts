import * as XLSX from '@e965/xlsx';
import type { TNetworkData } from '@tieline/graph';
import type { TNetworkUploadErrorPayload } from '@tieline/validation';
import { AppError } from '../src/errors';

/** A workbook of named sheets, as a spreadsheet program would save it. */
export function workbook(sheets: Record<string, unknown[][]>, bookType: 'xlsx' | 'xls' = 'xlsx'): Buffer {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets))
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  return XLSX.write(book, { type: 'buffer', bookType, compression: true }) as Buffer;
}

/** The refusal `run` throws: its status and payload. */
export function refusalOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError && error.body)
      return { code: error.code, ...(error.body as TNetworkUploadErrorPayload) };
    throw error;
  }
  throw new Error('expected a refusal');
}

/** A network reduced to what a round trip must keep: per layer name, the edges in order, ends by name. */
export function canonical(data: TNetworkData) {
  const byLayer: Record<string, unknown[]> = {};
  for (const e of data.edges) {
    const layer = data.layers[e.layer]!;
    byLayer[layer] ??= [];
    byLayer[layer].push({
      source: data.nodes[e.source]!.name,
      target: data.nodes[e.target]!.name,
      weight: e.weight,
      attributes: e.attributes,
    });
  }
  return {
    directed: data.directed,
    nodeAttributes: data.nodeAttributes,
    edgeAttributes: data.edgeAttributes,
    nodes: data.nodes,
    edges: byLayer,
  };
}

/** A network using every attribute type, two layers interleaved, a self-loop, blanks and awkward text. */
export const RICH: TNetworkData = {
  directed: true,
  layers: ['Advice', 'Trust: who/why?'],
  nodeAttributes: [
    { key: 'Team', type: 'category' },
    { key: 'Age', type: 'number' },
    { key: 'Joined', type: 'date' },
    { key: 'Note', type: 'text' },
  ],
  edgeAttributes: [
    { key: 'Since', type: 'date' },
    { key: 'Comment', type: 'text' },
  ],
  nodes: [
    { name: 'Ann', attributes: { Team: 'Sales', Age: 34, Joined: '2020-01-31', Note: '=1+1 & <b>"x"</b>' } },
    { name: '-Bo', attributes: { Team: 'Sales', Age: 0.5, Joined: null, Note: '007' } },
    { name: 'Zoë Ünal', attributes: { Team: 'R&D', Age: null, Joined: '1999-12-01', Note: null } },
    { name: 'Dee', attributes: { Team: null, Age: -2, Joined: '2024-02-29', Note: 'two  spaces inside' } },
  ],
  edges: [
    { source: 0, target: 1, layer: 0, weight: 2.5, attributes: { Since: '2021-05-05', Comment: 'often' } },
    { source: 1, target: 2, layer: 1, weight: 1, attributes: { Since: null, Comment: null } },
    { source: 2, target: 2, layer: 0, weight: 3, attributes: { Since: null, Comment: 'self' } },
    { source: 3, target: 0, layer: 1, weight: 1e-7, attributes: { Since: '2022-12-31', Comment: '@home' } },
  ],
};
