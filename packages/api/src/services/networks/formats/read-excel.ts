import { ATTRIBUTE_TYPES, type TAttributeType } from '@tieline/graph';
import { cleanCell, NETWORK_UPLOAD_MSG as M, NETWORK_LIMITS } from '@tieline/validation';
import { readAllSheets, type TSheetRows } from '../../../xlsx/read';
import { type TWorkbookProblem, WorkbookError } from '../../../xlsx/workbook-error';
import type { TRawAttribute, TRawEdge, TRawNetwork, TRawNode } from './build';
import { Problems, refusal } from './upload-error';

// An Excel network (docs/networks.md): a node sheet ('Nodes'; else 'Respondents'; else a first sheet
// headed 'Name'), edge sheets ('Edges' and every sheet headed Source, Target: the responses export
// writes one per relationship question), and an optional 'Attributes' sheet declaring column types.

/** Edge sheets carry up to four fixed columns beside the attributes. */
const READ_LIMITS = {
  maxFileBytes: NETWORK_LIMITS.maxFileBytes,
  maxRows: Math.max(NETWORK_LIMITS.maxNodes, NETWORK_LIMITS.maxEdges),
  maxColumns: NETWORK_LIMITS.maxAttributes + 4,
  maxZipEntries: NETWORK_LIMITS.maxZipEntries,
  maxUnzippedBytes: NETWORK_LIMITS.maxUnzippedBytes,
};

const REFUSALS: Record<TWorkbookProblem, (error: WorkbookError) => Error> = {
  empty: () => refusal('format', M.fileEmpty),
  fileTooLarge: () => refusal('size', M.fileTooLarge),
  format: () => refusal('format', M.notFormat('excel')),
  passwordProtected: () => refusal('format', M.passwordProtected),
  unpackedTooLarge: () => refusal('size', M.unpackedTooLarge),
  tooManyRows: () => refusal('size', M.tooManyEdges),
  formulaWithoutValue: ({ place }) =>
    refusal('format', M.formulaWithoutValue(place.sheet ?? '', place.cell ?? ''), { sheet: place.sheet }),
};

/** The row number in the file of a sheet's rows[i] (the reader skips leading empty rows). */
const rowOf = (sheet: TSheetRows, i: number) => i + 1 + sheet.skippedRows;

const same = (a: string | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.toLowerCase();
const isEdgeHeading = (rows: string[][]) => same(rows[0]?.[0], 'Source') && same(rows[0]?.[1], 'Target');
const EDGE_COLUMNS = ['source', 'target', 'type', 'weight'];

export function readExcel(bytes: Buffer): TRawNetwork {
  let sheets: TSheetRows[];
  try {
    sheets = readAllSheets(bytes, READ_LIMITS);
  } catch (error) {
    if (error instanceof WorkbookError) throw REFUSALS[error.problem](error);
    throw error;
  }
  const problems = new Problems();
  const named = (name: string) => sheets.find((s) => same(s.name, name));
  const nodeSheet =
    named('Nodes') ??
    named('Respondents') ??
    (sheets[0] && same(sheets[0].rows[0]?.[0], 'Name') ? sheets[0] : undefined);
  if (nodeSheet && !same(nodeSheet.rows[0]?.[0], 'Name'))
    problems.add(M.nodesHeading(nodeSheet.name), { sheet: nodeSheet.name, row: rowOf(nodeSheet, 0) });
  // A relationship question may be called 'Attributes' too: that sheet is headed Source, Target.
  const declarations = named('Attributes');
  const typesSheet = declarations && same(declarations.rows[0]?.[0], 'Sheet') ? declarations : undefined;
  const edgeSheets = sheets.filter(
    (s) => s !== nodeSheet && s !== typesSheet && (isEdgeHeading(s.rows) || same(s.name, 'Edges')),
  );
  for (const s of edgeSheets)
    if (!isEdgeHeading(s.rows)) problems.add(M.edgesHeading(s.name), { sheet: s.name, row: rowOf(s, 0) });
  if (!nodeSheet && edgeSheets.length === 0) throw refusal('format', M.missingSheets);
  problems.throwIfAny();

  const declared = typesSheet ? declaredTypes(typesSheet, problems) : { nodes: new Map(), edges: new Map() };
  const raw: TRawNetwork = { nodeAttributes: [], edgeAttributes: [], nodes: [], edges: [] };
  if (nodeSheet) readNodes(nodeSheet, raw, declared.nodes, problems);
  readEdges(edgeSheets, raw, declared.edges, problems);
  problems.throwIfAny();
  return raw;
}

type Declared = Map<string, { type: TAttributeType; row: number }>;

/** The 'Attributes' sheet: Sheet ('Nodes' or 'Edges'), Attribute (a column heading), Type. */
function declaredTypes(sheet: TSheetRows, problems: Problems): { nodes: Declared; edges: Declared } {
  const out = { nodes: new Map(), edges: new Map() } as { nodes: Declared; edges: Declared };
  const [head, ...rows] = sheet.rows;
  if (!same(head?.[0], 'Sheet') || !same(head?.[1], 'Attribute') || !same(head?.[2], 'Type')) {
    problems.add(M.attributesHeading, { sheet: sheet.name, row: rowOf(sheet, 0) });
    return out;
  }
  for (const [i, r] of rows.entries()) {
    const place = { sheet: sheet.name, row: rowOf(sheet, i + 1) };
    const [where = '', key = '', type = ''] = [0, 1, 2].map((c) => cleanCell(r[c] ?? ''));
    if (!where && !key && !type) continue;
    const target = same(where, 'Nodes') ? out.nodes : same(where, 'Edges') ? out.edges : null;
    const known = ATTRIBUTE_TYPES.find((t) => same(type, t));
    if (!target) problems.add(M.attributesSheet, place);
    else if (!known) problems.add(M.unknownType(type), place);
    else target.set(key.toLowerCase(), { type: known, row: place.row });
  }
  return out;
}

/**
 * Attribute columns from `start`: unnamed columns without data are dropped, unnamed ones with data
 * are called 'Column N', repeated headings get ' (2)', ' (3)' (as list uploads do).
 */
function attributeColumns(rows: string[][], start: number, skip: string[], taken: Set<string>) {
  const header = rows[0] ?? [];
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  const out: { index: number; key: string }[] = [];
  for (let c = start; c < width; c++) {
    const heading = cleanCell(header[c] ?? '');
    if (skip.includes(heading.toLowerCase())) continue;
    if (!heading && !rows.some((r, i) => i > 0 && cleanCell(r[c] ?? ''))) continue;
    const base = heading || `Column ${c + 1}`;
    let key = base;
    for (let k = 2; taken.has(key.toLowerCase()); k++) key = `${base} (${k})`;
    taken.add(key.toLowerCase());
    out.push({ index: c, key });
  }
  return out;
}

const isBlankRow = (r: string[]) => r.every((c) => cleanCell(c ?? '') === '');

function withTypes(
  columns: { key: string }[],
  declared: Declared,
  sheet: { name: string; row: number },
  problems: Problems,
): TRawAttribute[] {
  const keys = new Set(columns.map((c) => c.key.toLowerCase()));
  for (const [key, d] of declared)
    if (!keys.has(key)) problems.add(M.unknownAttribute(key), { sheet: 'Attributes', row: d.row });
  const place = { sheet: sheet.name, row: sheet.row };
  return columns.map((c) => ({ key: c.key, type: declared.get(c.key.toLowerCase())?.type, place }));
}

function readNodes(sheet: TSheetRows, raw: TRawNetwork, declared: Declared, problems: Problems) {
  const columns = attributeColumns(sheet.rows, 1, [], new Set());
  raw.nodeAttributes = withTypes(columns, declared, { name: sheet.name, row: rowOf(sheet, 0) }, problems);
  sheet.rows.forEach((r, i) => {
    if (i === 0 || isBlankRow(r)) return;
    const node: TRawNode = {
      name: r[0] ?? '',
      values: columns.map((c) => r[c.index] ?? ''),
      place: { sheet: sheet.name, row: rowOf(sheet, i) },
    };
    raw.nodes.push(node);
  });
}

/** Every edge sheet's rows; attributes are matched by heading across sheets. */
function readEdges(sheets: TSheetRows[], raw: TRawNetwork, declared: Declared, problems: Problems) {
  const taken = new Set<string>();
  const keys: string[] = [];
  const perSheet = sheets.map((sheet) => {
    const header = (sheet.rows[0] ?? []).map((h) => cleanCell(h).toLowerCase());
    // Each sheet names its own columns; the same heading on two sheets is one attribute.
    const columns = attributeColumns(sheet.rows, 2, EDGE_COLUMNS, new Set()).map((c) => {
      if (!taken.has(c.key.toLowerCase())) {
        taken.add(c.key.toLowerCase());
        keys.push(c.key);
      }
      return { index: c.index, at: keys.findIndex((k) => k.toLowerCase() === c.key.toLowerCase()) };
    });
    return { sheet, columns, type: header.indexOf('type', 2), weight: header.indexOf('weight', 2) };
  });
  raw.edgeAttributes = withTypes(
    keys.map((key) => ({ key })),
    declared,
    { name: sheets[0]?.name ?? 'Edges', row: sheets[0] ? rowOf(sheets[0], 0) : 1 },
    problems,
  );
  for (const { sheet, columns, type, weight } of perSheet) {
    sheet.rows.forEach((r, i) => {
      if (i === 0 || isBlankRow(r)) return;
      const values: string[] = keys.map(() => '');
      for (const c of columns) values[c.at] = r[c.index] ?? '';
      const edge: TRawEdge = {
        source: r[0] ?? '',
        target: r[1] ?? '',
        // A sheet's edges are the layer it is named after, unless a Type column says otherwise.
        layer: (type >= 0 ? cleanCell(r[type] ?? '') : '') || sheet.name,
        weight: weight >= 0 ? (r[weight] ?? '') : '',
        values,
        place: { sheet: sheet.name, row: rowOf(sheet, i) },
      };
      raw.edges.push(edge);
    });
  }
}
