import { z } from 'zod';
import { ZId } from './common';
import { ZNetworkName } from './networks';

// Meltwater (issue 24, spec platform §7 `POST /api/base/passiveData/meltwater`): a directed network of
// who mentions, replies to and reposts whom, made from a Meltwater export. docs/meltwater.md.

export const MELTWATER_LAYERS = ['Mention', 'Reply', 'Repost'] as const;
export type TMeltwaterLayer = (typeof MELTWATER_LAYERS)[number];

export const MELTWATER_LIMITS = {
  /** The export's JSON text (a file or pasted text): 20 MB. */
  textMaxBytes: 20 * 1024 * 1024,
  /** The REST body carrying it: the text escaped inside a JSON string, plus the name. */
  bodyMaxBytes: 24 * 1024 * 1024,
  /** Documents (lines or entries) read from one export. */
  documentsMax: 200_000,
  /** Nesting of [ ] and { } in the export's text, checked before it is parsed (real exports nest ~6 deep). */
  depthMax: 64,
} as const;

export const MELTWATER_MSG = {
  jsonData:
    'Give the Meltwater export as jsonData: its JSON text, a JSON array of documents or an object with "documents"',
  notJson:
    'The Meltwater export is not JSON: give a JSON array of documents, an object with "documents", or one JSON document per line',
  notExport:
    'The Meltwater export has no documents: give a JSON array of documents, an object with "documents", or one JSON document per line',
  tooLarge: 'The Meltwater export is too large: at most 20 MB of JSON',
  tooDeep: `The Meltwater export is nested too deeply: at most ${MELTWATER_LIMITS.depthMax} levels of [ ] and { }`,
  /** The reader ran out of memory or time ("ran out of memory", WorkerDiedError.words). */
  tooHeavy: (words: string) =>
    `The Meltwater export could not be read: reading it ${words}. Please split it into smaller exports.`,
  fileRequired: 'Choose the Meltwater export file (.json, .ndjson or .txt)',
  exportRequired: 'Paste the Meltwater export (JSON)',
  tooMany: `The Meltwater export has too many documents: at most ${MELTWATER_LIMITS.documentsMax.toLocaleString('en-US')}`,
  noUsable: (noAuthor: number, unreadable: number) =>
    `The Meltwater export has no usable documents (${noAuthor} without an author, ${unreadable} unreadable)`,
} as const;

export const ZMeltwaterInput = z.object({
  name: ZNetworkName,
  /** The export: its JSON text (an array, an object with `documents`, or one document per line) or that JSON value. */
  jsonData: z
    .union([z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())], { error: MELTWATER_MSG.jsonData })
    .meta({
      description:
        'The Meltwater export: its JSON text (a top-level array of documents, an object with `documents`, or one document per line; at most 20 MB), or that JSON value',
    }),
});
export type TMeltwaterInput = z.infer<typeof ZMeltwaterInput>;

/** Why documents were left out: `noAuthor` (no author handle or name), `unreadable` (not a JSON object). */
export const ZMeltwaterSkipped = z.object({ noAuthor: z.number().int(), unreadable: z.number().int() });
export type TMeltwaterSkipped = z.infer<typeof ZMeltwaterSkipped>;

/** Ties per layer: how many author -> person pairs (`ties`) and how many interactions they weigh (`weight`). */
export const ZMeltwaterLayerCount = z.object({
  layer: z.enum(MELTWATER_LAYERS),
  ties: z.number().int(),
  weight: z.number().int(),
});

export const ZMeltwaterResult = z.object({
  networkId: ZId,
  name: z.string(),
  /** Documents read (entries or lines), skipped ones included. */
  documents: z.number().int(),
  /** Documents that made the network. */
  used: z.number().int(),
  skipped: ZMeltwaterSkipped,
  people: z.number().int(),
  ties: z.number().int(),
  layers: z.array(ZMeltwaterLayerCount),
});
export type TMeltwaterResult = z.infer<typeof ZMeltwaterResult>;
