import { z } from 'zod';
import { formulaWithoutValue } from './lists-messages';

// Network uploads (docs/networks.md, "Upload formats"): the file types, the limits and every message a
// user reads about a refused network file, plus the JSON format's schema. The readers and writers live
// in packages/api/src/services/networks/formats.

export const NETWORK_FILE_TYPES = ['excel', 'gexf', 'graphml', 'json'] as const;
export type TNetworkFileType = (typeof NETWORK_FILE_TYPES)[number];
/**
 * What an export can be: every upload format, GEXF 1.2 for readers that refuse 1.3 (networkx 2.x), and
 * node-link JSON as networkx writes it (uploads read both JSON shapes as 'json').
 */
export const NETWORK_EXPORT_TYPES = ['excel', 'gexf', 'gexf12', 'graphml', 'json', 'nodelink'] as const;
export type TNetworkExportType = (typeof NETWORK_EXPORT_TYPES)[number];

/** The attribute types of the network model (packages/graph), repeated here because validation imports only zod. */
export const NETWORK_ATTRIBUTE_TYPES = ['text', 'number', 'category', 'date'] as const;

/**
 * Checked on the server before anything is stored. 250,000 edges is about 10 MB as xlsx and 12 MB as
 * GraphML, and what the explorer and the metrics jobs are sized for; larger files (a million edges) are
 * refused with the count. The zip limits hold an unpacked workbook to what that many rows need.
 */
export const NETWORK_LIMITS = {
  maxFileBytes: 50 * 1024 * 1024,
  maxNodes: 50_000,
  maxEdges: 250_000,
  /** Node attributes, and edge attributes, each. */
  maxAttributes: 100,
  /** Names, attribute keys and values, layer names: characters each. */
  maxValueLength: 1_000,
  maxLayers: 100,
  /** Element nesting in GEXF and GraphML (they need about 6 levels; deep nesting is an attack). */
  maxXmlDepth: 50,
  maxZipEntries: 1_000,
  maxUnzippedBytes: 200 * 1024 * 1024,
  /** Problems listed in one answer; the rest are counted. */
  maxListedProblems: 100,
} as const;

const count = (n: number) => n.toLocaleString('en-US');
/** People named in an addedFromEdges notice; the rest are counted. */
const ADDED_NAMES_SHOWN = 10;
const FORMAT_NAMES: Record<TNetworkFileType, string> = {
  excel: 'an Excel workbook (.xlsx or .xls)',
  gexf: 'a GEXF file',
  graphml: 'a GraphML file',
  json: 'a JSON network file',
};

export const NETWORK_UPLOAD_MSG = {
  unknownFileType: 'Unknown file type. Choose Excel, GEXF, GraphML or JSON.',
  fileEmpty: 'The file is empty.',
  fileTooLarge: `The file is larger than ${NETWORK_LIMITS.maxFileBytes / 1024 / 1024} MB. Please upload a smaller network.`,
  unpackedTooLarge: 'The workbook is too large once unpacked. Please upload a smaller network.',
  passwordProtected: 'The file is password-protected. Please remove the password and upload it again.',
  formulaWithoutValue,
  notFormat: (type: TNetworkFileType) => `The file is not ${FORMAT_NAMES[type]}. Check the file type you chose.`,
  notFormatDetail: (type: TNetworkFileType, detail: string) => `The file is not ${FORMAT_NAMES[type]}: ${detail}`,
  xmlEntities:
    'The file declares XML entities (a DOCTYPE with <!ENTITY ...>), which are not accepted. Remove the DOCTYPE and upload it again.',
  xmlNoGraph: (type: TNetworkFileType) => `The file is ${FORMAT_NAMES[type]} without a <graph> element.`,
  xmlEncoding: 'The file must be encoded as UTF-8 or UTF-16.',
  xmlTooDeep: `The file nests elements more than ${NETWORK_LIMITS.maxXmlDepth} levels deep.`,
  notUploaded: (n: number) =>
    `Network not uploaded: ${n === 1 ? 'one problem was' : `${count(n)} problems were`} found.`,
  moreProblems: (n: number) => `and ${count(n)} more problem(s)`,
  /** Said in the upload's answer (notices) when edges name people the node list lacks: they are added. */
  addedFromEdges: (names: string[]) => {
    const shown = names.slice(0, ADDED_NAMES_SHOWN).join(', ');
    const more = names.length > ADDED_NAMES_SHOWN ? ` and ${count(names.length - ADDED_NAMES_SHOWN)} more` : '';
    return names.length === 1
      ? `1 person named only in Edges was added: ${shown}.`
      : `${count(names.length)} people named only in Edges were added: ${shown}${more}.`;
  },
  missingSheets:
    "The workbook needs a sheet 'Nodes' (first column 'Name') or an edge sheet ('Edges', or any sheet whose first columns are 'Source' and 'Target').",
  nodesHeading: (sheet: string) => `Sheet '${sheet}' must have 'Name' as its first column heading.`,
  edgesHeading: (sheet: string) => `Sheet '${sheet}' must have 'Source' and 'Target' as its first two column headings.`,
  attributesHeading: "Sheet 'Attributes' must have the column headings 'Sheet', 'Attribute' and 'Type'.",
  attributesSheet: "Sheet 'Attributes' must name the sheet 'Nodes' or 'Edges'.",
  unknownAttribute: (key: string) => `'${key}' is not a column of that sheet.`,
  unknownType: (type: string) => `'${type}' is not an attribute type (text, number, category or date).`,
  blankName: 'The name is blank.',
  blankSource: 'The source is blank.',
  blankTarget: 'The target is blank.',
  duplicateName: (name: string, first: string) => `'${name}' is already named ${first}.`,
  weightNotNumber: (value: string) => `The weight '${value}' is not a number.`,
  notNumber: (key: string, value: string) => `'${value}' in '${key}' is not a number.`,
  notDate: (key: string, value: string) => `'${value}' in '${key}' is not a date (YYYY-MM-DD).`,
  tooLong: (what: string) => `${what} is longer than ${count(NETWORK_LIMITS.maxValueLength)} characters.`,
  tooManyNodes: `The network has more than ${count(NETWORK_LIMITS.maxNodes)} nodes. Please upload a smaller network.`,
  tooManyEdges: `The network has more than ${count(NETWORK_LIMITS.maxEdges)} edges. Please upload a smaller network.`,
  tooManyAttributes: `The network has more than ${NETWORK_LIMITS.maxAttributes} node or edge attributes. Please remove the ones you do not need.`,
  tooManyLayers: `The network has more than ${NETWORK_LIMITS.maxLayers} edge types (layers).`,
  duplicateAttribute: (key: string) => `The attribute '${key}' is declared twice.`,
} as const;

/** Where a problem is: a sheet and its row (as the spreadsheet numbers them), an XML line, or a JSON path. */
export const ZNetworkProblem = z.object({
  message: z.string(),
  sheet: z.string().optional(),
  row: z.number().optional(),
  line: z.number().optional(),
  path: z.string().optional(),
});
export type TNetworkProblem = z.infer<typeof ZNetworkProblem>;

/** The body of a refused network upload: a summary and every problem found, each with its place. */
export const ZNetworkUploadErrorPayload = z.object({
  type: z.enum(['size', 'format', 'data']),
  message: z.string(),
  problems: z.array(ZNetworkProblem),
});
export type TNetworkUploadErrorPayload = z.infer<typeof ZNetworkUploadErrorPayload>;

const ZAttributeDeclaration = z.strictObject({
  key: z.string().min(1),
  type: z.enum(NETWORK_ATTRIBUTE_TYPES),
});
const ZJsonValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const ZJsonAttributes = z.record(z.string(), ZJsonValue);

/**
 * The JSON upload format (docs/networks.md): nodes by name, edges naming their ends by name. Attribute
 * declarations are optional; undeclared keys get their type inferred as in a spreadsheet column.
 * `directed` may be present (the export writes it) but the upload form's choice decides.
 */
export const ZNetworkJson = z.strictObject({
  directed: z.boolean().optional(),
  layers: z.array(z.string()).optional(),
  nodeAttributes: z.array(ZAttributeDeclaration).optional(),
  edgeAttributes: z.array(ZAttributeDeclaration).optional(),
  nodes: z.array(z.strictObject({ name: z.string(), attributes: ZJsonAttributes.optional() })).default([]),
  edges: z
    .array(
      z.strictObject({
        source: z.string(),
        target: z.string(),
        type: z.string().optional(),
        weight: z.union([z.number(), z.string(), z.null()]).optional(),
        attributes: ZJsonAttributes.optional(),
      }),
    )
    .default([]),
});
export type TNetworkJson = z.infer<typeof ZNetworkJson>;
