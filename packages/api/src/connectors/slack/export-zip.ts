import { posix } from 'node:path';
import { PASSIVE_MSG } from '@tieline/validation';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { TEnv } from '../../env';

// Reading a Slack export's zip without unpacking it: yauzl reads the central directory (entry count and
// declared sizes, checked before a byte is inflated) and inflates one entry at a time, refusing any
// entry that inflates to more than it declared (validateEntrySizes), so a forged zip bomb stops at once.
// The upload route checks a zip here before anything is stored; the import reads it here again.

/** The export's files: the top-level lists and each conversation folder's day files. */
export interface ExportIndex {
  zip: ZipFile;
  /** Where the export's files are inside the zip ('' or 'Export name/' when the folder was zipped). */
  root: string;
  lists: Map<string, Entry>;
  /** Folder -> its day files (YYYY-MM-DD.json), oldest first. */
  days: Map<string, { date: string; entry: Entry }[]>;
  /** Bytes of the day files as stored in the zip (the import's progress counts them). */
  dayBytes: number;
}

export type ExportProblem = 'notZip' | 'noUsers' | 'noChannels' | 'tooManyFiles' | 'tooLarge';

export class ExportFileError extends Error {
  constructor(
    readonly problem: ExportProblem | 'badJson' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'ExportFileError';
  }
}

const MESSAGES: Record<ExportProblem, string> = {
  notZip: PASSIVE_MSG.exportNotZip,
  noUsers: PASSIVE_MSG.exportNoUsers,
  noChannels: PASSIVE_MSG.exportNoChannels,
  tooManyFiles: PASSIVE_MSG.exportTooManyFiles,
  tooLarge: PASSIVE_MSG.exportTooLarge,
};
const refused = (problem: ExportProblem) => new ExportFileError(problem, MESSAGES[problem]);

const LISTS = ['users.json', 'channels.json', 'groups.json', 'dms.json', 'mpims.json'] as const;
const DAY_FILE = /^(\d{4}-\d{2}-\d{2})\.json$/;
/** JSON compresses about 10:1; past this an entry is a bomb, whatever its declared size. */
const MAX_RATIO = 200;
/** The largest single JSON file read (a day file or users.json); V8 strings end near 512 MB. */
const MAX_ENTRY_BYTES = 256 * 1024 ** 2;

export interface ExportLimits {
  maxEntries: number;
  /** The most the whole export may inflate to (declared sizes). */
  maxUnzippedBytes: number;
}

/** The limits of the configuration; the unzipped limit is generous for JSON, which compresses ~10:1. */
export const exportLimits = (env: Pick<TEnv, 'SLACK_EXPORT_MAX_BYTES' | 'SLACK_EXPORT_MAX_FILES'>): ExportLimits => ({
  maxEntries: env.SLACK_EXPORT_MAX_FILES,
  maxUnzippedBytes: env.SLACK_EXPORT_MAX_BYTES * 30,
});

function open(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false, decodeStrings: true },
      (error, zip) => (error ? reject(refused('notZip')) : resolve(zip)),
    ),
  );
}

function checked(entry: Entry, state: { unzipped: number }, limits: ExportLimits) {
  if (entry.isEncrypted() || !entry.canDecodeFileData()) throw refused('notZip');
  state.unzipped += entry.uncompressedSize;
  if (state.unzipped > limits.maxUnzippedBytes) throw refused('tooLarge');
  if (entry.uncompressedSize > 1024 ** 2 && entry.uncompressedSize > entry.compressedSize * MAX_RATIO)
    throw refused('tooLarge');
}

/**
 * Opens an export and indexes its files from the central directory alone, refusing what is not a
 * Slack export (not a zip, no users.json or channels.json) and what passes the limits. The caller
 * closes `zip`.
 */
export async function openExport(path: string, limits: ExportLimits): Promise<ExportIndex> {
  const zip = await open(path);
  try {
    if (zip.entryCount > limits.maxEntries) throw refused('tooManyFiles');
    const entries: Entry[] = [];
    const state = { unzipped: 0 };
    for await (const entry of zip.eachEntry()) {
      checked(entry, state, limits);
      if (!entry.fileName.endsWith('/')) entries.push(entry);
    }
    // Slack zips the files themselves; a person who unpacked and zipped the folder adds one level.
    const users = entries
      .filter((e) => posix.basename(e.fileName) === 'users.json')
      .sort((a, b) => a.fileName.split('/').length - b.fileName.split('/').length)[0];
    if (!users) throw refused('noUsers');
    const root = users.fileName.slice(0, -'users.json'.length);
    if (root.split('/').length > 2) throw refused('noUsers');
    const lists = new Map<string, Entry>();
    const days = new Map<string, { date: string; entry: Entry }[]>();
    let dayBytes = 0;
    for (const e of entries) {
      if (!e.fileName.startsWith(root)) continue;
      const rest = e.fileName.slice(root.length);
      if ((LISTS as readonly string[]).includes(rest)) lists.set(rest, e);
      const [folder, file, more] = rest.split('/');
      const date = file && !more ? DAY_FILE.exec(file)?.[1] : undefined;
      if (!folder || !date) continue;
      const list = days.get(folder) ?? [];
      list.push({ date, entry: e });
      days.set(folder, list);
      dayBytes += e.compressedSize;
    }
    if (!lists.has('channels.json')) throw refused('noChannels');
    for (const list of days.values()) list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    return { zip, root, lists, days, dayBytes };
  } catch (error) {
    zip.close();
    if (error instanceof ExportFileError) throw error;
    // A central directory yauzl cannot read (truncated, forged): not a zip we can take.
    throw refused('notZip');
  }
}

/**
 * The shape a file may have before it is parsed. A worker's heap cap stops it gracefully only when it
 * runs out of memory by many small allocations; one huge allocation (a single 250 MB string, an array
 * grown to millions of elements) can abort the whole process instead (Node issue 47224). So no string
 * of a Slack export may be longer than 1 MB (message text is at most 40,000 characters), no array hold
 * more than 2 million items, nothing nest deeper than 64, and the text itself is at most a quarter of
 * the heap cap (it is one allocation, made while the heap is still empty).
 */
export const JSON_SHAPE = { maxStringBytes: 1024 ** 2, maxItems: 2_000_000, maxDepth: 64 } as const;

/** Whether `bytes` stays within JSON_SHAPE, by one pass over the bytes (nothing allocated per item). */
export function withinShape(bytes: Uint8Array): boolean {
  const items: number[] = [];
  let inString = false;
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === 0x5c) i++;
      else if (b === 0x22) {
        inString = false;
        if (i - start > JSON_SHAPE.maxStringBytes) return false;
      }
    } else if (b === 0x22) {
      inString = true;
      start = i;
    } else if (b === 0x5b || b === 0x7b) {
      if (items.push(0) > JSON_SHAPE.maxDepth) return false;
    } else if (b === 0x5d || b === 0x7d) items.pop();
    else if (b === 0x2c && items.length > 0 && ++items[items.length - 1]! >= JSON_SHAPE.maxItems) return false;
  }
  return !inString || bytes.length - start <= JSON_SHAPE.maxStringBytes;
}

/**
 * One entry inflated (no further than it declared) and parsed as JSON; a bad file names itself. Files
 * larger than `maxBytes`, or outside JSON_SHAPE, are refused before they are parsed.
 */
export async function readJson(index: ExportIndex, entry: Entry, maxBytes = MAX_ENTRY_BYTES): Promise<unknown> {
  const name = entry.fileName.slice(index.root.length);
  const max = Math.min(maxBytes, MAX_ENTRY_BYTES);
  if (entry.uncompressedSize > max)
    throw new ExportFileError('tooLarge', PASSIVE_MSG.exportFileTooLarge(name, Math.floor(max / 1024 ** 2)));
  const chunks: Buffer[] = [];
  try {
    const stream = await index.zip.openReadStreamPromise(entry);
    for await (const chunk of stream) chunks.push(chunk as Buffer);
  } catch {
    // Inflating failed or gave more than declared: the file is damaged, as bad as broken JSON.
    throw new ExportFileError('badJson', PASSIVE_MSG.exportBadJson(name));
  }
  const bytes = Buffer.concat(chunks);
  chunks.length = 0;
  if (!withinShape(bytes)) throw new ExportFileError('malformed', PASSIVE_MSG.exportFileShape(name));
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ExportFileError('badJson', PASSIVE_MSG.exportBadJson(name));
  }
}
