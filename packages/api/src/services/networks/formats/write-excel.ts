import { attributeOf, type TNetworkData } from '@tieline/graph';
import { type CellValue, type SheetRows, uniqueSheetNames, workbookBytes } from '../../../xlsx/write';

// The Excel export: 'Nodes' (Name, attributes, metrics), one edge sheet per layer (Source, Target, Type,
// Weight, attributes) named after the layer (cleaned and cut to 31 characters by uniqueSheetNames; the
// Type column keeps the full name), and 'Attributes' declaring each column's type, so the workbook
// uploads again as the same network. Dates are written as their YYYY-MM-DD text (no time zone).

export function excelWorkbook(data: TNetworkData): Promise<Buffer> {
  const nodes: CellValue[][] = [['Name', ...data.nodeAttributes.map((a) => a.key)]];
  for (const n of data.nodes)
    nodes.push([n.name, ...data.nodeAttributes.map((a) => attributeOf(n.attributes, a.key) ?? null)]);
  const names = uniqueSheetNames(data.layers, 'Edges', ['Nodes', 'Attributes']);
  const edgeRows: CellValue[][][] = data.layers.map(() => [
    ['Source', 'Target', 'Type', 'Weight', ...data.edgeAttributes.map((a) => a.key)],
  ]);
  for (const e of data.edges) {
    edgeRows[e.layer]!.push([
      data.nodes[e.source]!.name,
      data.nodes[e.target]!.name,
      data.layers[e.layer]!,
      e.weight,
      ...data.edgeAttributes.map((a) => attributeOf(e.attributes, a.key) ?? null),
    ]);
  }
  const types: CellValue[][] = [
    ['Sheet', 'Attribute', 'Type'],
    ...data.nodeAttributes.map((a) => ['Nodes', a.key, a.type]),
    ...data.edgeAttributes.map((a) => ['Edges', a.key, a.type]),
  ];
  const sheets: SheetRows[] = [
    { name: 'Nodes', rows: nodes },
    ...edgeRows.map((rows, i) => ({ name: names[i]!, rows })),
    { name: 'Attributes', rows: types },
  ];
  return workbookBytes(sheets);
}
